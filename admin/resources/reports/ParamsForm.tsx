import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import type { ReportInfo, ReportParamValues } from '../../../common/api/types/reports.ts';
import { useChoices, usePrefetchReport } from './hooks.ts';
import { PERIODS } from './model.ts';

/** Parameters chosen from a list, and the kind of choices each takes. */
const SOURCES: Record<string, string> = { quiz_id: 'quiz', program_id: 'program', chapter_id: 'chapter', group_id: 'group', media_id: 'media', user_id: 'user', news: 'news' };

function IdSelect({ name, value, onChange, required, error, programId }: { name: string; value: unknown; onChange: (v: unknown) => void; required: boolean; error?: string; programId?: unknown }) {
  const t = useTranslate();
  const opts = useChoices(SOURCES[name], name === 'chapter_id' ? programId : undefined);
  const multiple = name === 'news';
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={t(`reports.params.${name}`)}
      required={required}
      error={!!error}
      helperText={error}
      value={multiple ? ((value as number[] | undefined) ?? []) : ((value as number | undefined) ?? '')}
      onChange={(e) => {
        const v = e.target.value as unknown;
        onChange(multiple ? (v as number[]) : v === '' ? undefined : Number(v));
      }}
      slotProps={{ select: { multiple }, htmlInput: { 'data-param': name } }}
    >
      {!multiple && !required && <MenuItem value="">{t('reports.any')}</MenuItem>}
      {opts.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function ParamsForm({
  def,
  params,
  onChange,
  onBack,
  onBuild,
}: {
  def: ReportInfo;
  params: ReportParamValues;
  onChange: (p: ReportParamValues) => void;
  onBack: () => void;
  onBuild: () => void;
}) {
  const t = useTranslate();
  const prefetch = usePrefetchReport();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: string, v: unknown) => onChange({ ...params, [k]: v });
  const period = (params.period as string | undefined) ?? '';
  const err = (k: string) => errors[k];
  const build = async () => {
    setBusy(true);
    setErrors({});
    try {
      // the first page itself: the result screen shows this answer rather than asking again
      await prefetch(def, params);
      onBuild();
    } catch (e) {
      const body = (e as { body?: { errors?: Record<string, string[]> }; message?: string }).body;
      const fields = body?.errors ?? {};
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(fields)) out[k] = Array.isArray(v) ? v.join(' ') : String(v);
      if (!Object.keys(out).length) out._ = (e as { message?: string }).message ?? '';
      setErrors(out);
    } finally {
      setBusy(false);
    }
  };
  const stepParam = def.params.includes('step');
  return (
    <Card>
      <CardContent>
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            void build();
          }}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, maxWidth: 720 }}
        >
          <TextField
            select
            size="small"
            label={t('reports.params.period')}
            value={period}
            required
            error={!!(err('period') || (period !== 'range' && err('date_start')))}
            helperText={err('period') ?? (period !== 'range' ? err('date_start') : undefined)}
            onChange={(e) => set('period', e.target.value)}
            slotProps={{ htmlInput: { 'data-param': 'period' } }}
          >
            {PERIODS.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`reports.periods.${p}`)}
              </MenuItem>
            ))}
          </TextField>
          {period === 'range' ? (
            <Box sx={{ display: 'flex', gap: 1 }}>
              <TextField
                type="date"
                size="small"
                label={t('reports.params.date_start')}
                value={(params.date_start as string) ?? ''}
                onChange={(e) => set('date_start', e.target.value || undefined)}
                error={!!err('date_start')}
                helperText={err('date_start')}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ flex: 1 }}
              />
              <TextField
                type="date"
                size="small"
                label={t('reports.params.date_end')}
                value={(params.date_end as string) ?? ''}
                onChange={(e) => set('date_end', e.target.value || undefined)}
                error={!!err('date_end')}
                helperText={err('date_end')}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ flex: 1 }}
              />
            </Box>
          ) : (
            <Box />
          )}
          {stepParam && (
            <TextField
              select
              size="small"
              label={t('reports.params.step')}
              value={(params.step as string) ?? 'program'}
              onChange={(e) => set('step', e.target.value)}
              error={!!err('step')}
              helperText={err('step')}
            >
              {['program', 'chapter', 'student'].map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`reports.steps_tl.${s}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
          {def.params
            .filter((p) => p in SOURCES)
            .map((p) => (
              <IdSelect
                key={p}
                name={p}
                value={params[p]}
                programId={params.program_id}
                onChange={(v) => set(p, v)}
                required={def.required.includes(p) || (stepParam && p === 'program_id' && (params.step ?? 'program') !== 'program')}
                error={err(p)}
              />
            ))}
          {def.params.includes('hide_unassigned') && (
            <FormControlLabel
              control={<Checkbox checked={!!params.hide_unassigned} onChange={(e) => set('hide_unassigned', e.target.checked || undefined)} />}
              label={t('reports.params.hide_unassigned')}
            />
          )}
          {errors._ && (
            <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
              {errors._}
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 1, gridColumn: '1 / -1' }}>
            <Button onClick={onBack}>{t('reports.back')}</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('reports.build')}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
