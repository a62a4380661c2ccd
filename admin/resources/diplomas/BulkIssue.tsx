import { useEffect, useState } from 'react';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import LibraryAddCheckIcon from '@mui/icons-material/LibraryAddCheck';
import { download } from '../../../common/api/download.ts';
import type { DiplomaBatch, ProposedNameForm } from '../../../common/api/types/diplomas.ts';
import { BulkNames } from './BulkNames.tsx';
import type { createDataProvider } from '../../providers/dataProvider.ts';

type Provider = ReturnType<typeof createDataProvider>;
type Option = { id: number; title: string };

/**
 * "Issue in bulk" (the diplomas list's toolbar): a template, a group or a program, hours, dates and signatories; the
 * server checks everything first (nothing is issued on bad input), then makes the PDFs in the background while the
 * dialog shows the progress, the failures and, at the end, the ZIP of all.
 */
export function BulkIssue() {
  const dp = useDataProvider<Provider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<{ templates: Option[]; groups: Option[]; programs: Option[] }>({ templates: [], groups: [], programs: [] });
  const [form, setForm] = useState<Record<string, string>>({
    template_id: '',
    group_id: '',
    program_id: '',
    hours: '',
    date_issue: new Date().toISOString().slice(0, 10),
    chairman: '',
    director: '',
    secretary: '',
  });
  const [batch, setBatch] = useState<DiplomaBatch | null>(null);
  const [names, setNames] = useState<ProposedNameForm[]>([]);
  const [interrupted, setInterrupted] = useState<DiplomaBatch[]>([]);
  // on by default: a program's document goes to its graduates; off, to every student named
  const [graduatesOnly, setGraduatesOnly] = useState(true);
  const graduates = graduatesOnly && form.program_id ? { program_id: Number(form.program_id), graduates_only: true } : {};
  const who = form.group_id ? { group_id: Number(form.group_id), ...graduates } : form.program_id ? { program_id: Number(form.program_id), ...graduates } : {};

  useEffect(() => {
    if (!open) return;
    const list = (path: string) => dp.call<{ data: Option[] }>(path, { query: { per_page: 100 } }).then((r) => r.data);
    Promise.all([list('/admin/template'), list('/admin/group'), list('/admin/program')])
      .then(([templates, groups, programs]) => setOptions({ templates, groups, programs }))
      .catch((e: Error) => notify(e.message, { type: 'error' }));
    // a bulk issue cut off by a server stop: shown with who is still waiting, to go on with
    dp.call<{ data: DiplomaBatch[] }>('/admin/diploma_batch')
      .then((r) => setInterrupted(r.data.filter((b) => b.status === 'interrupted')))
      .catch((e: Error) => notify(e.message, { type: 'error' }));
  }, [open, dp, notify]);

  useEffect(() => {
    if (!batch || batch.status !== 'running') return;
    const timer = setTimeout(async () => {
      try {
        setBatch((await dp.call<{ data: DiplomaBatch }>(`/admin/diploma_batch/${batch.id}`)).data);
      } catch (e) {
        notify((e as Error).message, { type: 'error' });
      }
    }, 700);
    return () => clearTimeout(timer);
  }, [batch, dp, notify]);

  useEffect(() => {
    if (batch?.status === 'done') refresh();
  }, [batch?.status, refresh]);

  async function start() {
    const body: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(form)) if (v !== '') body[k] = ['template_id', 'group_id', 'program_id', 'hours'].includes(k) ? Number(v) : v;
    // the cases as shown (proposed, or as the admin corrected them) are what the documents print
    Object.assign(body, graduates);
    if (names.length) body.names = names.map((n) => ({ user_id: n.user_id, name_genitive: n.genitive.trim(), name_dative: n.dative.trim() }));
    try {
      setBatch((await dp.call<{ data: DiplomaBatch }>('/admin/diploma_batch', { method: 'POST', body, json: true })).data);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  }

  async function restart(id: number) {
    try {
      setBatch((await dp.call<{ data: DiplomaBatch }>(`/admin/diploma_batch/${id}/restart`, { method: 'POST', body: {}, json: true })).data);
      setInterrupted([]);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  }

  const field = (name: string, type = 'text', choices?: Option[]) => (
    <TextField
      key={name}
      select={!!choices}
      type={type}
      size="small"
      label={t(`diplomas.bulk.${name}`)}
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `bulk-${name}` } }}
      fullWidth
    >
      {choices && <MenuItem value="">—</MenuItem>}
      {choices?.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.title}
        </MenuItem>
      ))}
    </TextField>
  );
  const progress = batch ? Math.round(((batch.done + batch.failed) / Math.max(batch.total, 1)) * 100) : 0;

  return (
    <>
      <Button size="small" startIcon={<LibraryAddCheckIcon />} data-testid="bulk-issue" onClick={() => setOpen(true)}>
        {t('diplomas.bulk.open')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{t('diplomas.bulk.title')}</DialogTitle>
        <DialogContent>
          {!batch ? (
            <Stack spacing={2} sx={{ mt: 1 }}>
              {interrupted.map((b) => (
                <Alert
                  key={b.id}
                  severity="warning"
                  data-testid="bulk-interrupted"
                  action={
                    <Button color="inherit" size="small" data-testid="bulk-restart" onClick={() => restart(b.id)}>
                      {t('diplomas.bulk.restart')}
                    </Button>
                  }
                >
                  {t('diplomas.bulk.interrupted', { id: b.id, done: b.done, total: b.total, names: b.pending.map((p) => p.name).join(', ') || '—' })}
                </Alert>
              ))}
              {field('template_id', 'text', options.templates)}
              {field('group_id', 'text', options.groups)}
              {field('program_id', 'text', options.programs)}
              {form.program_id && (
                <FormControlLabel
                  control={<Checkbox checked={graduatesOnly} onChange={(e) => setGraduatesOnly(e.target.checked)} slotProps={{ input: { 'data-testid': 'bulk-graduates_only' } as object }} />}
                  label={t('diplomas.bulk.graduates_only')}
                />
              )}
              <Typography variant="caption">{t('diplomas.bulk.who_hint')}</Typography>
              {field('hours', 'number')}
              {field('date_issue', 'date')}
              {field('chairman')}
              {field('director')}
              {field('secretary')}
              <BulkNames who={who} names={names} onChange={setNames} />
            </Stack>
          ) : (
            <Box data-testid="bulk-progress">
              <Typography>{t('diplomas.bulk.progress', { done: batch.done, failed: batch.failed, total: batch.total })}</Typography>
              <LinearProgress variant="determinate" value={progress} sx={{ my: 1, height: 10, borderRadius: 1 }} data-testid="bulk-progress-bar" aria-valuenow={progress} />
              {batch.failures.map((f) => (
                <Typography key={f.user_id} color="error" variant="body2" data-testid="bulk-failure">
                  {f.name}: {t(`errors.${f.code}.text`, { _: f.message })}
                </Typography>
              ))}
              {batch.status === 'done' && <Typography data-testid="bulk-done">{t('diplomas.bulk.done')}</Typography>}
              {batch.status === 'interrupted' && (
                <Alert severity="warning">{t('diplomas.bulk.interrupted', { id: batch.id, done: batch.done, total: batch.total, names: batch.pending.map((p) => p.name).join(', ') || '—' })}</Alert>
              )}
              {batch.zip_url && (
                <Button data-testid="bulk-zip" onClick={() => download(batch.zip_url!).catch((e: Error) => notify(e.message, { type: 'error' }))}>
                  {t('diplomas.bulk.zip')}
                </Button>
              )}
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          {!batch && (
            <Button
              variant="contained"
              data-testid="bulk-start"
              disabled={!form.template_id || (!form.group_id && !form.program_id) || names.some((n) => !n.genitive.trim() || !n.dative.trim())}
              onClick={start}
            >
              {t('diplomas.bulk.start')}
            </Button>
          )}
          <Button
            onClick={() => {
              setOpen(false);
              setBatch(null);
            }}
          >
            {t('ra.action.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
