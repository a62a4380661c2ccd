import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Alert, Box, Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import LibraryAddCheckIcon from '@mui/icons-material/LibraryAddCheck';
import { download } from '../../../common/api/download.ts';
import type { DiplomaBatch, ProposedNameForm } from '../../../common/api/types/diplomas.ts';
import { BulkNames } from './BulkNames.tsx';
import { apiKey, useApiMutation, useApiQuery } from '../../providers/queries.ts';

type Option = { id: number; title: string };

/** How often a running batch's progress is asked (ms). */
const POLL_MS = 700;
const BATCHES = '/admin/diploma_batch';
const batchPath = (id: number) => `${BATCHES}/${id}`;

/** One of the dialog's choices (templates, groups, programs), read while it is open. */
const useChoices = (path: string, open: boolean) => useApiQuery<{ data: Option[] }, Option[]>(path, { query: { per_page: 100 }, enabled: open, select: (r) => r.data, retry: false });

/** The dialog's choices; a refused read is one toast. */
function useOptions(open: boolean) {
  const notify = useNotify();
  const reads = { templates: useChoices('/admin/template', open), groups: useChoices('/admin/group', open), programs: useChoices('/admin/program', open) };
  const error = reads.templates.error ?? reads.groups.error ?? reads.programs.error;
  useEffect(() => {
    if (error) notify(error.message, { type: 'error' });
  }, [error, notify]);
  return { templates: reads.templates.data ?? [], groups: reads.groups.data ?? [], programs: reads.programs.data ?? [] };
}

/**
 * "Issue in bulk" (the diplomas list's toolbar): a template, a group or a program, hours, dates and signatories; the
 * server checks everything first (nothing is issued on bad input), then makes the PDFs in the background while the
 * dialog shows the progress, the failures and, at the end, the ZIP of all. With `userIds` (the users list's selection,
 * `IssueToSelected`) the recipients are those users, and the program only names the document (and its graduates).
 */
export function BulkIssue({ userIds }: { userIds?: number[] } = {}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const t = useTranslate();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const options = useOptions(open);
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
  const [names, setNames] = useState<ProposedNameForm[]>([]);
  // on by default: a program's document goes to its graduates; off, to every student named
  const [graduatesOnly, setGraduatesOnly] = useState(true);
  const graduates = graduatesOnly && form.program_id ? { program_id: Number(form.program_id), graduates_only: true } : {};
  const who = userIds?.length
    ? { user_ids: userIds, ...graduates }
    : form.group_id
      ? { group_id: Number(form.group_id), ...graduates }
      : form.program_id
        ? { program_id: Number(form.program_id), ...graduates }
        : {};

  // a bulk issue cut off by a server stop: shown with who is still waiting, to go on with
  const batches = useApiQuery<{ data: DiplomaBatch[] }, DiplomaBatch[]>(BATCHES, { enabled: open, select: (r) => r.data.filter((b) => b.status === 'interrupted'), retry: false });
  const interrupted = batches.data ?? [];
  useEffect(() => {
    if (batches.error) notify(batches.error.message, { type: 'error' });
  }, [batches.error, notify]);

  // the batch shown: its start's answer, then its progress asked again while it runs (a refused read stops asking)
  const [batchId, setBatchId] = useState<number | null>(null);
  const [pollFailed, setPollFailed] = useState(false);
  const polled = useApiQuery<{ data: DiplomaBatch }, DiplomaBatch>(batchPath(batchId ?? 0), {
    enabled: batchId !== null && !pollFailed,
    select: (r) => r.data,
    refetchInterval: (answer) => (answer?.data.status === 'running' ? POLL_MS : false),
    retry: false,
  });
  const batch = batchId === null ? null : (polled.data ?? null);
  useEffect(() => {
    if (!polled.error) return;
    setPollFailed(true);
    notify(polled.error.message, { type: 'error' });
  }, [polled.error, notify]);

  useEffect(() => {
    if (batch?.status === 'done') refresh();
  }, [batch?.status, refresh]);

  /** A start or a restart answers the batch: it is the progress read's first answer. */
  const show = (answer: { data: DiplomaBatch }) => {
    client.setQueryData(apiKey(batchPath(answer.data.id), {}), answer);
    setPollFailed(false);
    setBatchId(answer.data.id);
  };
  const starting = useApiMutation((dp, body: Record<string, unknown>) => dp.call<{ data: DiplomaBatch }>(BATCHES, { method: 'POST', body, json: true }));
  const restarting = useApiMutation((dp, id: number) => dp.call<{ data: DiplomaBatch }>(`${batchPath(id)}/restart`, { method: 'POST', body: {}, json: true }), [BATCHES]);

  async function start() {
    const body: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(form)) if (v !== '') body[k] = ['template_id', 'group_id', 'program_id', 'hours'].includes(k) ? Number(v) : v;
    // the cases as shown (proposed, or as the admin corrected them) are what the documents print
    Object.assign(body, graduates, userIds?.length ? { user_ids: userIds } : {});
    if (names.length) body.names = names.map((n) => ({ user_id: n.user_id, name_genitive: n.genitive.trim(), name_dative: n.dative.trim() }));
    try {
      show(await starting.mutateAsync(body));
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  }

  async function restart(id: number) {
    try {
      show(await restarting.mutateAsync(id));
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
        {t(userIds ? 'diplomas.bulk.open_selected' : 'diplomas.bulk.open')}
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
              {!userIds && field('group_id', 'text', options.groups)}
              {field('program_id', 'text', options.programs)}
              {form.program_id && (
                <FormControlLabel
                  control={<Checkbox checked={graduatesOnly} onChange={(e) => setGraduatesOnly(e.target.checked)} slotProps={{ input: { 'data-testid': 'bulk-graduates_only' } as object }} />}
                  label={t('diplomas.bulk.graduates_only')}
                />
              )}
              <Typography variant="caption">{userIds ? t('diplomas.bulk.who_selected', { count: userIds.length }) : t('diplomas.bulk.who_hint')}</Typography>
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
              disabled={!form.template_id || (!userIds?.length && !form.group_id && !form.program_id) || names.some((n) => !n.genitive.trim() || !n.dative.trim())}
              onClick={start}
            >
              {t('diplomas.bulk.start')}
            </Button>
          )}
          <Button
            onClick={() => {
              setOpen(false);
              setBatchId(null);
            }}
          >
            {t('ra.action.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** The users list's bulk action: the document issued to the selected users (the dialog above, with them as recipients). */
export function IssueToSelected() {
  const { selectedIds } = useListContext();
  return <BulkIssue userIds={selectedIds.map(Number)} />;
}
