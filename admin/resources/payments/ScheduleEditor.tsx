import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Confirm, Title, useGetList, useGetOne, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  IconButton,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { HttpError } from 'react-admin';
import { formatNumber, toApiDate, toDisplayDate } from '../../../common/format/format.ts';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiMutation, useApiQuery } from '../../providers/queries.ts';
import type { AdminUser } from '../../../common/api/types/admin-users.ts';
import type { StoredPlans } from '../../../common/api/types/payments.ts';
import type { ProgramRow } from '../../../common/api/types/programs-admin.ts';
import { CURRENCIES, INSTALMENTS, addMonths, fromStored, newKey, requestOf, splitEvenly, totalsOf, type PlanDraft, type Row, type StoredPlan } from './schedule.ts';
import { autocompleteTexts } from '../../framework/autocomplete-texts.ts';

/** A student as the users' list answers them (`GET /admin/user`). */
type Student = Pick<AdminUser, 'id' | 'login' | 'surname' | 'name' | 'email'>;
const label = (u: Student) => `${u.surname} ${u.name} (${u.login})`.trim();
const emptyPlan = (): PlanDraft => ({ program_id: '', months: 12, currency: 'RUB', extra_currency: '', total: 0, extra_total: 0 });
const firstOfNextMonth = () => addMonths(`${new Date().toISOString().slice(0, 8)}01`, 1);

/** A date typed `DD.MM.YYYY` (kept as typed until it is a real date). */
function DateCell({ value, onChange, testId, error }: { value: string; onChange: (v: string) => void; testId: string; error?: boolean }) {
  const t = useTranslate();
  const [text, setText] = useState(toDisplayDate(value));
  useEffect(() => setText(toDisplayDate(value)), [value]);
  return (
    <TextField
      size="small"
      sx={{ width: 130, m: 0 }}
      value={text}
      error={error || (text !== '' && !toApiDate(text))}
      onChange={(e) => {
        setText(e.target.value);
        const iso = toApiDate(e.target.value);
        if (iso) onChange(iso);
      }}
      placeholder={t('app.date_placeholder')}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10, 'data-testid': testId } }}
    />
  );
}

function MoneyCell({ value, onChange, testId, label: aria }: { value: number; onChange: (v: number) => void; testId: string; label: string }) {
  return (
    <TextField
      size="small"
      type="number"
      sx={{ width: 140, m: 0 }}
      value={Number.isFinite(value) ? value : ''}
      onChange={(e) => onChange(e.target.value === '' ? 0 : Number(e.target.value))}
      slotProps={{ htmlInput: { min: 0, step: '0.01', 'aria-label': aria, 'data-testid': testId } }}
    />
  );
}

function CurrencySelect({ value, onChange, testId, allowNone, label: l }: { value: string; onChange: (v: string) => void; testId: string; allowNone?: boolean; label?: string }) {
  const t = useTranslate();
  return (
    <TextField select size="small" label={l} value={value} onChange={(e) => onChange(e.target.value)} slotProps={{ htmlInput: { 'data-testid': testId } }} sx={l ? { m: 0 } : { width: 100, m: 0 }}>
      {allowNone && <MenuItem value="">{t('payments.editor.none')}</MenuItem>}
      {CURRENCIES.map((c) => (
        <MenuItem key={c} value={c}>
          {c}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The schedule editor (`/admin/payments/create?user_id=&program_id=`): pick a student, open one of their schedules or
 * start a new one, set the plan (program, months, currencies, totals), split it evenly or edit the rows by hand with
 * live totals; "Check" asks the server without saving, "Save" stores it (replacing that program's schedule, keeping
 * the paid marks of the rows), "Reset" removes it. Server errors are shown translated, the row at fault marked.
 */
export function ScheduleEditor() {
  const t = useTranslate();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const userId = Number(params.get('user_id')) || undefined;
  const programParam = Number(params.get('program_id')) || undefined;

  const [search, setSearch] = useState('');
  const students = useGetList<Student>('users', {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'surname', order: 'ASC' },
    filter: { role: 'student', ...(search ? { q: search } : {}) },
  });
  const programs = useGetList<ProgramRow>('courses', { pagination: { page: 1, perPage: 100 }, sort: { field: 'title', order: 'ASC' } });
  const [plan, setPlan] = useState<PlanDraft>(emptyPlan);
  const [rows, setRows] = useState<Row[]>([]);
  const [start, setStart] = useState(firstOfNextMonth);
  const [error, setError] = useState<{ text: string; row?: number; fields?: Record<string, string> }>();
  const [busy, setBusy] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);

  const open = useCallback((p: StoredPlan | undefined, programId?: number) => {
    setError(undefined);
    if (p) {
      const d = fromStored(p);
      setPlan(d.plan);
      setRows(d.rows);
    } else {
      setPlan({ ...emptyPlan(), program_id: programId ?? '' });
      setRows([]);
    }
  }, []);

  // the student named in the URL and their schedules, read through the query cache
  const picked = useGetOne<Student>('users', { id: userId ?? 0 }, { enabled: !!userId, placeholderData: keepPreviousData, retry: false });
  const student = userId ? (picked.data ?? null) : null;
  const read = useApiQuery<StoredPlans, StoredPlan[]>(`/admin/user/${userId}/getPlan`, { enabled: !!userId, select: (r) => r.data, retry: false });
  const plans = userId ? read.data : undefined;
  const load = async () => (await read.refetch()).data ?? [];
  // a check (or a save, `save: true`) of the schedule, and a reset of a program's schedule; the list of payments follows
  const checking = useApiMutation((dp, body: ReturnType<typeof requestOf>) => dp.call('/admin/checkPayment', { method: 'POST', body }), ['payments']);
  const resetting = useApiMutation(
    (dp, v: { userId: number; program_id: number | '' }) => dp.call(`/admin/user/${v.userId}/resetPayment`, { method: 'POST', body: { program_id: v.program_id } }),
    ['payments'],
  );
  useEffect(() => {
    if (read.error) notify(read.error.message, { type: 'error' });
  }, [read.error, notify]);
  // once the schedules of the student named in the URL are read: the program named in the URL (or their first schedule)
  const opened = useRef<string>(undefined);
  useEffect(() => {
    const key = `${userId}:${programParam}`;
    if (!userId || !read.data || read.isPlaceholderData || opened.current === key) return;
    opened.current = key;
    open(programParam ? read.data.find((p) => p.program_id === programParam) : read.data[0], programParam);
  }, [userId, programParam, read.data, read.isPlaceholderData, open]);

  const totals = useMemo(() => totalsOf(plan, rows), [plan, rows]);
  const stored = plans?.find((p) => p.program_id === plan.program_id);
  const setField = <K extends keyof PlanDraft>(k: K, v: PlanDraft[K]) => setPlan((p) => ({ ...p, [k]: v }));
  const setRow = (key: string, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  function showError(e: unknown) {
    const body = e instanceof HttpError ? (e.body as { variables?: { row?: number }; errors?: Record<string, string> }) : undefined;
    const fields = body?.errors && Object.keys(body.errors).length ? body.errors : undefined;
    const fieldRow = fields
      ? Object.keys(fields)
          .map((k) => /^items\.(\d+)\./.exec(k))
          .find(Boolean)
      : undefined;
    setError({ text: (e as Error).message, row: body?.variables?.row ?? (fieldRow ? Number(fieldRow[1]) + 1 : undefined), fields });
    notify((e as Error).message, { type: 'error' });
  }

  async function submit(save: boolean) {
    if (!userId) return;
    setBusy(true);
    setError(undefined);
    try {
      await checking.mutateAsync(requestOf(userId, plan, rows, save));
      if (save) {
        notify('toasts.schedule_is_save', { type: 'success' });
        const ps = await load();
        open(ps.find((p) => p.program_id === plan.program_id));
      } else {
        notify('toasts.schedule_is_valid', { type: 'success' });
      }
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  }

  async function reset() {
    setConfirmReset(false);
    if (!userId || !plan.program_id) return;
    try {
      await resetting.mutateAsync({ userId, program_id: plan.program_id });
      notify('toasts.schedule_is_reset', { type: 'success' });
      await load();
      open(undefined, Number(plan.program_id));
    } catch (e) {
      showError(e);
    }
  }

  /** `items.2.sum` → "No. 3, Amount"; `plan.extra_currency` → "Additional currency". */
  const fieldName = (key: string) => {
    const row = /^items\.(\d+)\.(\w+)$/.exec(key);
    const name = (f: string) => {
      const k = `payments.editor.${f === 'program_id' ? 'program' : f}`;
      const text = t(k);
      return text === k ? f : text;
    };
    if (row) return `${t('payments.editor.row')} ${Number(row[1]) + 1}, ${name(row[2])}`;
    const plan = /^plan\.(\w+)$/.exec(key);
    if (plan) return name(plan[1]);
    return key === 'items' ? t('payments.editor.rows_total') : key;
  };
  const diff = (d: number) => (d === 0 ? t('payments.editor.matches') : t('payments.editor.difference', { diff: `${d > 0 ? '+' : ''}${formatNumber(d)}` }));

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={t('payments.editor.title')} />
      <CardContent>
        <Typography variant="h6" sx={{ mb: 2 }}>
          {t('payments.editor.title')}
        </Typography>
        <Autocomplete<Student>
          {...autocompleteTexts(t)}
          sx={{ maxWidth: 480 }}
          options={students.data ?? []}
          value={student}
          getOptionLabel={label}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          filterOptions={(x) => x}
          onInputChange={(_, v, reason) => reason === 'input' && setSearch(v)}
          onChange={(_, u) => setParams(u ? { user_id: String(u.id) } : {})}
          renderInput={(p) => <TextField {...p} label={t('payments.editor.student')} slotProps={{ ...p.slotProps, htmlInput: { ...p.slotProps?.htmlInput, 'data-testid': 'schedule-student' } }} />}
        />
        {!userId && (
          <Typography sx={{ mt: 2 }} color="text.secondary">
            {t('payments.editor.choose_student')}
          </Typography>
        )}
        {userId && plans && (
          <>
            <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center' }} data-testid="schedule-plans">
              <Typography variant="body2">{plans.length ? t('payments.editor.plans') : t('payments.editor.no_plans')}</Typography>
              {plans.map((p) => (
                <Chip
                  key={p.id}
                  label={`${p.program} · ${t('payments.editor.months_n', { n: p.months })}`}
                  color={p.program_id === plan.program_id ? 'primary' : 'default'}
                  onClick={() => setParams({ user_id: String(userId), program_id: String(p.program_id) })}
                />
              ))}
              <Chip icon={<AddIcon />} label={t('payments.editor.new_plan')} variant="outlined" onClick={() => open(undefined)} data-testid="schedule-new" />
            </Stack>

            <Box sx={{ mt: 3, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 2, maxWidth: 1100, '& .MuiFormControl-root': { m: 0 } }}>
              <TextField
                select
                size="small"
                label={t('payments.editor.program')}
                value={plan.program_id}
                onChange={(e) => setField('program_id', Number(e.target.value))}
                error={!!error?.fields?.['plan.program_id']}
                slotProps={{ htmlInput: { 'data-testid': 'schedule-program' } }}
                sx={{ gridColumn: 'span 2' }}
              >
                {(programs.data ?? []).map((p) => (
                  <MenuItem key={p.id} value={p.id}>
                    {p.title}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label={t('payments.editor.months')}
                value={plan.months}
                onChange={(e) => setField('months', Number(e.target.value))}
                slotProps={{ htmlInput: { 'data-testid': 'schedule-months' } }}
              >
                {INSTALMENTS.map((m) => (
                  <MenuItem key={m} value={m}>
                    {m}
                  </MenuItem>
                ))}
              </TextField>
              <CurrencySelect label={t('payments.editor.currency')} value={plan.currency} onChange={(v) => setField('currency', v)} testId="schedule-currency" />
              <TextField
                size="small"
                type="number"
                label={t('payments.editor.total')}
                value={plan.total}
                onChange={(e) => setField('total', Number(e.target.value) || 0)}
                slotProps={{ htmlInput: { min: 0, 'data-testid': 'schedule-total' } }}
              />
              <CurrencySelect label={t('payments.editor.extra_currency')} value={plan.extra_currency} onChange={(v) => setField('extra_currency', v)} testId="schedule-extra-currency" allowNone />
              <TextField
                size="small"
                type="number"
                label={t('payments.editor.extra_total')}
                value={plan.extra_total}
                onChange={(e) => setField('extra_total', Number(e.target.value) || 0)}
                slotProps={{ htmlInput: { min: 0, 'data-testid': 'schedule-extra-total' } }}
                error={!!error?.fields?.['plan.extra_currency']}
              />
            </Box>

            <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="body2">{t('payments.editor.start')}</Typography>
              <DateCell value={start} onChange={setStart} testId="schedule-start" />
              <Button variant="outlined" onClick={() => setRows(splitEvenly(plan, start))} data-testid="schedule-fill">
                {t('payments.editor.fill')}
              </Button>
            </Stack>

            <Box sx={{ overflowX: 'auto', mt: 2 }}>
              <Table size="small" data-testid="schedule-rows">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('payments.editor.row')}</TableCell>
                    <TableCell>{t('payments.editor.date')}</TableCell>
                    <TableCell>{t('payments.editor.sum')}</TableCell>
                    <TableCell>{t('payments.editor.currency')}</TableCell>
                    <TableCell>{t('payments.editor.paid')}</TableCell>
                    <TableCell>{t('payments.editor.extra_sum')}</TableCell>
                    <TableCell>{t('payments.editor.extra_currency')}</TableCell>
                    <TableCell>{t('payments.editor.extra_paid')}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((r, i) => (
                    <TableRow key={r.key} selected={error?.row === i + 1} data-testid="schedule-row">
                      <TableCell>{i + 1}</TableCell>
                      <TableCell>
                        <DateCell value={r.date} onChange={(v) => setRow(r.key, { date: v })} testId={`row-date-${i}`} error={error?.row === i + 1} />
                      </TableCell>
                      <TableCell>
                        <MoneyCell value={r.sum} onChange={(v) => setRow(r.key, { sum: v })} testId={`row-sum-${i}`} label={`${t('payments.editor.sum')} ${i + 1}`} />
                      </TableCell>
                      <TableCell>
                        <CurrencySelect value={r.currency} onChange={(v) => setRow(r.key, { currency: v })} testId={`row-currency-${i}`} />
                      </TableCell>
                      <TableCell>
                        <Checkbox checked={r.paid} onChange={(e) => setRow(r.key, { paid: e.target.checked })} slotProps={{ input: { 'aria-label': `${t('payments.editor.paid')} ${i + 1}` } }} />
                      </TableCell>
                      <TableCell>
                        <MoneyCell value={r.extra_sum} onChange={(v) => setRow(r.key, { extra_sum: v })} testId={`row-extra-sum-${i}`} label={`${t('payments.editor.extra_sum')} ${i + 1}`} />
                      </TableCell>
                      <TableCell>
                        <CurrencySelect value={r.extra_currency} onChange={(v) => setRow(r.key, { extra_currency: v })} testId={`row-extra-currency-${i}`} allowNone />
                      </TableCell>
                      <TableCell>
                        <Checkbox
                          checked={r.extra_paid}
                          disabled={!r.extra_sum}
                          onChange={(e) => setRow(r.key, { extra_paid: e.target.checked })}
                          slotProps={{ input: { 'aria-label': `${t('payments.editor.extra_paid')} ${i + 1}` } }}
                        />
                      </TableCell>
                      <TableCell>
                        <Tooltip title={t('payments.editor.remove_row', { n: i + 1 })}>
                          <IconButton size="small" aria-label={t('payments.editor.remove_row', { n: i + 1 })} onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}>
                            <DeleteIcon />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            {!rows.length && (
              <Typography sx={{ mt: 1 }} color="text.secondary">
                {t('payments.editor.empty_rows')}
              </Typography>
            )}
            <Button
              startIcon={<AddIcon />}
              sx={{ mt: 1 }}
              data-testid="schedule-add-row"
              onClick={() =>
                setRows((rs) => [
                  ...rs,
                  {
                    key: newKey(),
                    date: rs.length ? addMonths(rs[rs.length - 1].date, 1) : start,
                    sum: 0,
                    extra_sum: 0,
                    currency: plan.currency,
                    extra_currency: plan.extra_currency,
                    paid: false,
                    extra_paid: false,
                  },
                ])
              }
            >
              {t('payments.editor.add_row')}
            </Button>

            <Box sx={{ mt: 2 }} data-testid="schedule-totals">
              <Typography variant="subtitle2">{t('payments.editor.rows_total')}</Typography>
              <Typography color={totals.mainDiff === 0 ? 'success.main' : 'error.main'} data-testid="schedule-main-total">
                {t('payments.editor.main_line', { sum: formatNumber(totals.main), total: formatNumber(plan.total), currency: plan.currency })} — {diff(totals.mainDiff)}
              </Typography>
              {(plan.extra_total > 0 || totals.extra > 0) && (
                <Typography color={totals.extraDiff === 0 ? 'success.main' : 'error.main'} data-testid="schedule-extra-total-line">
                  {t('payments.editor.extra_line', { sum: formatNumber(totals.extra), total: formatNumber(plan.extra_total), currency: plan.extra_currency || plan.currency })} —{' '}
                  {diff(totals.extraDiff)}
                </Typography>
              )}
              {totals.paid > 0 && <Typography variant="body2">{t('payments.editor.paid_items', { sum: formatNumber(totals.paid), currency: plan.currency })}</Typography>}
            </Box>

            {error && (
              <Alert severity="error" sx={{ mt: 2 }} data-testid="schedule-error">
                {error.text}
                {error.fields && (
                  <ul style={{ margin: 0 }}>
                    {Object.entries(error.fields).map(([k, v]) => (
                      <li key={k}>
                        {fieldName(k)}: {v}
                      </li>
                    ))}
                  </ul>
                )}
              </Alert>
            )}

            <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
              <Button variant="outlined" disabled={busy || !plan.program_id || !rows.length} onClick={() => void submit(false)} data-testid="schedule-check">
                {t('payments.editor.check')}
              </Button>
              <Button variant="contained" disabled={busy || !plan.program_id || !rows.length} onClick={() => void submit(true)} data-testid="schedule-save">
                {t('payments.editor.save')}
              </Button>
              {stored && (
                <Button color="error" disabled={busy} onClick={() => setConfirmReset(true)} data-testid="schedule-reset">
                  {t('payments.editor.reset')}
                </Button>
              )}
            </Stack>
            <Confirm
              isOpen={confirmReset}
              title="payments.editor.confirm_reset_title"
              content="payments.editor.confirm_reset_content"
              onConfirm={() => void reset()}
              onClose={() => setConfirmReset(false)}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
