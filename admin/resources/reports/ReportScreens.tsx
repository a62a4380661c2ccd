import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Title, useBasename, useDataProvider, useLocale, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  Link,
  MenuItem,
  Step,
  StepButton,
  Stepper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import type { createDataProvider } from '../../providers/dataProvider.ts';
import { formatDateTime, formatDuration, formatNumber, toDisplayDate } from '../../../common/format/format.ts';
import { BarChart, LineChart } from '../statistics/charts.tsx';
import { ExportSlot } from './ExportSlot.tsx';

type Provider = ReturnType<typeof createDataProvider>;
type Text = { ru: string; en: string };
interface Column {
  key: string;
  title: Text;
  kind: string;
  sortable?: boolean;
  states?: Record<string, Text>;
}
interface ReportInfo {
  type: string;
  group: string;
  title: Text;
  params: string[];
  required: string[];
  columns: Column[];
  chart: boolean;
}
interface Catalogue {
  groups: { group: string; title: Text }[];
  reports: ReportInfo[];
}
interface Chart {
  kind: 'bar' | 'line' | 'lights';
  title: Text;
  data: { label: string; value: number; extra?: number }[];
}
type Params = Record<string, unknown>;
interface Saved {
  id: number;
  name: string;
  type: string;
  params: Params;
  created_at: string;
}

const PERIODS = ['all', 'year', 'quarter', 'month', 'week', 'yesterday', 'range'] as const;
const LIGHT: Record<string, string> = { green: '#2e7d32', amber: '#ed6c02', red: '#d32f2f' };
/** A path of the back office (react-admin runs under the basename `/admin`). */
function useTo() {
  const base = useBasename();
  return (path: string) => `${base}${path}`;
}

const tx = (t: Text | undefined, locale: string) => (t ? (locale === 'en' ? t.en : t.ru) : '');

function useCatalogue() {
  const dp = useDataProvider<Provider>();
  const [cat, setCat] = useState<Catalogue>();
  useEffect(() => {
    let alive = true;
    dp.call<{ data: Catalogue }>('/admin/report').then(
      (r) => alive && setCat(r.data),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [dp]);
  return cat;
}

// ---------------------------------------------------------------- the list: catalogue + saved reports

/** `/reports`: the catalogue grouped as the specification says, and the school's saved reports. */
export function ReportsHome() {
  const t = useTranslate();
  const to = useTo();
  const locale = useLocale();
  const dp = useDataProvider<Provider>();
  const notify = useNotify();
  const cat = useCatalogue();
  const [saved, setSaved] = useState<Saved[]>();
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let alive = true;
    dp.call<{ data: Saved[] }>('/admin/reports', { query: { per_page: 100, sort: 'id', order: 'desc' } }).then(
      (r) => alive && setSaved(r.data),
      () => alive && setSaved([]),
    );
    return () => {
      alive = false;
    };
  }, [dp, tick]);
  const titleOf = (type: string) => tx(cat?.reports.find((r) => r.type === type)?.title, locale) || type;
  const remove = async (id: number) => {
    await dp.call(`/admin/reports/${id}`, { method: 'DELETE' });
    notify('reports.deleted', { type: 'info' });
    setTick((n) => n + 1);
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2 }}>
      <Title title={t('resources.reports.name', { smart_count: 2 })} />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('reports.catalogue')}
          </Typography>
          {!cat ? <CircularProgress size={24} aria-label={t('reports.loading')} /> : <CatalogueButtons cat={cat} onPick={undefined} />}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('reports.saved')}
          </Typography>
          {!saved ? (
            <CircularProgress size={24} aria-label={t('reports.loading')} />
          ) : !saved.length ? (
            <Typography color="text.secondary">{t('reports.no_saved')}</Typography>
          ) : (
            <TableContainer>
              <Table size="small" data-testid="saved-reports">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('resources.reports.fields.name')}</TableCell>
                    <TableCell>{t('resources.reports.fields.type')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('resources.reports.fields.created_at')}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {saved.map((s) => (
                    <TableRow key={s.id}>
                      <TableCell>
                        <Link component={RouterLink} to={to(`/reports/${s.id}/view`)}>
                          {s.name}
                        </Link>
                      </TableCell>
                      <TableCell>{titleOf(s.type)}</TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{formatDateTime(s.created_at)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <Button size="small" component={RouterLink} to={to(`/reports/${s.id}`)}>
                          {t('reports.edit_params')}
                        </Button>
                        <Button size="small" color="error" onClick={() => remove(s.id)} aria-label={`${t('reports.delete')}: ${s.name}`}>
                          {t('reports.delete')}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

/** The catalogue's groups, each with its reports: links to the wizard, or `onPick` inside it. */
function CatalogueButtons({ cat, onPick, current }: { cat: Catalogue; onPick?: (type: string) => void; current?: string }) {
  const locale = useLocale();
  const to = useTo();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
      {cat.groups.map((g) => {
        const list = cat.reports.filter((r) => r.group === g.group);
        if (!list.length) return null;
        return (
          <Box key={g.group} component="section" aria-label={tx(g.title, locale)}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {tx(g.title, locale)}
            </Typography>
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
              {list.map((r) =>
                onPick ? (
                  <Button key={r.type} variant={current === r.type ? 'contained' : 'text'} onClick={() => onPick(r.type)} data-report={r.type}>
                    {tx(r.title, locale)}
                  </Button>
                ) : (
                  <Button key={r.type} component={RouterLink} to={to(`/reports/create?type=${r.type}`)} data-report={r.type}>
                    {tx(r.title, locale)}
                  </Button>
                ),
              )}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

// ---------------------------------------------------------------- the wizard: table → params → result → step

/** `/reports/create?type=…`: the wizard for a new report. */
export function ReportCreate() {
  const type = new URLSearchParams(useLocation().search).get('type') ?? undefined;
  return <Wizard key={type ?? ''} initial={{ type, params: { period: 'month' }, stage: type ? 1 : 0 }} />;
}

/** `/reports/{id}` (its parameters) and `/reports/{id}/view` (its result): a saved report opened again. */
export function ReportEdit() {
  const { id, '*': rest } = useParams();
  const dp = useDataProvider<Provider>();
  const [saved, setSaved] = useState<Saved>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let alive = true;
    dp.call<{ data: Saved }>(`/admin/reports/${id}`).then(
      (r) => alive && setSaved(r.data),
      (e: { message: string }) => alive && setError(e.message),
    );
    return () => {
      alive = false;
    };
  }, [dp, id]);
  if (error)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {error}
      </Alert>
    );
  if (!saved) return <CircularProgress sx={{ m: 2 }} />;
  const view = (rest ?? '').startsWith('view');
  return <Wizard key={`${saved.id}-${view}`} initial={{ type: saved.type, params: saved.params, stage: view ? 2 : 1, saved }} />;
}

function Wizard({ initial }: { initial: { type?: string; params: Params; stage: number; saved?: Saved } }) {
  const t = useTranslate();
  const locale = useLocale();
  const cat = useCatalogue();
  const [type, setType] = useState(initial.type);
  const [params, setParams] = useState<Params>(initial.params);
  const [stage, setStage] = useState(initial.stage);
  /** Traffic light: the levels walked down from the result (program → chapter → student). */
  const [trail, setTrail] = useState<Params[]>([]);
  const def = cat?.reports.find((r) => r.type === type);
  const shown = trail.length ? trail[trail.length - 1] : params;
  const steps = ['table', 'params', 'result', 'step'] as const;
  const title = initial.saved?.name ?? (def ? tx(def.title, locale) : t('reports.new'));
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 2 }}>
      <Title title={title} />
      <Stepper nonLinear activeStep={stage === 2 && trail.length ? 3 : stage} alternativeLabel sx={{ overflowX: 'auto' }}>
        {steps.map((s, i) => (
          <Step key={s} completed={false} disabled={(i >= 1 && !type) || i === 3}>
            <StepButton
              onClick={() => {
                setTrail([]);
                setStage(Math.min(i, 2));
              }}
              data-step={s}
            >
              {t(`reports.steps.${s}`)}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      {!cat ? (
        <CircularProgress aria-label={t('reports.loading')} />
      ) : stage === 0 ? (
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('reports.choose')}
            </Typography>
            <CatalogueButtons
              cat={cat}
              current={type}
              onPick={(next) => {
                setType(next);
                setStage(1);
              }}
            />
          </CardContent>
        </Card>
      ) : def && stage === 1 ? (
        <ParamsForm
          def={def}
          params={params}
          onChange={setParams}
          onBack={() => setStage(0)}
          onBuild={() => {
            setTrail([]);
            setStage(2);
          }}
        />
      ) : def ? (
        <>
          {trail.length > 0 && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Button variant="outlined" size="small" onClick={() => setTrail(trail.slice(0, -1))}>
                {t('reports.up')}
              </Button>
              <Typography variant="body2">{t(`reports.steps_tl.${String(shown.step)}`)}</Typography>
            </Box>
          )}
          <ResultView
            def={def}
            params={shown}
            onDrill={def.type === 'trafficLights' ? (next) => setTrail([...trail, { ...shown, ...next }]) : undefined}
            toolbar={
              <>
                <Button size="small" onClick={() => setStage(1)}>
                  {t('reports.change_params')}
                </Button>
                <SaveBox type={def.type} params={params} saved={initial.saved} />
                <ExportSlot type={def.type} params={shown} />
              </>
            }
          />
        </>
      ) : null}
    </Box>
  );
}

// ---------------------------------------------------------------- parameters

/** Choices of a parameter from `/admin/report/choices` (readable by everyone who reads reports). */
function useOptions(kind: string, programId?: unknown) {
  const dp = useDataProvider<Provider>();
  const [opts, setOpts] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    let alive = true;
    dp.call<{ data: { id: number; name: string }[] }>('/admin/report/choices', { query: { kind, ...(programId ? { program_id: programId } : {}) } }).then(
      (r) => alive && setOpts(r.data),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [dp, kind, programId]);
  return opts;
}

/** Parameters chosen from a list, and the kind of choices each takes. */
const SOURCES: Record<string, string> = { quiz_id: 'quiz', program_id: 'program', chapter_id: 'chapter', group_id: 'group', media_id: 'media', user_id: 'user', news: 'news' };

function IdSelect({ name, value, onChange, required, error, programId }: { name: string; value: unknown; onChange: (v: unknown) => void; required: boolean; error?: string; programId?: unknown }) {
  const t = useTranslate();
  const opts = useOptions(SOURCES[name], name === 'chapter_id' ? programId : undefined);
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

function ParamsForm({ def, params, onChange, onBack, onBuild }: { def: ReportInfo; params: Params; onChange: (p: Params) => void; onBack: () => void; onBuild: () => void }) {
  const t = useTranslate();
  const dp = useDataProvider<Provider>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: string, v: unknown) => onChange({ ...params, [k]: v });
  const period = (params.period as string | undefined) ?? '';
  const err = (k: string) => errors[k];
  const build = async () => {
    setBusy(true);
    setErrors({});
    try {
      await dp.call(`/admin/report/${def.type}`, { query: queryOf(params, { per_page: 1 }) });
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

/** The API's query of a report: the parameters set (lists as `users[]`), the page and order. */
function queryOf(params: Params, extra: Record<string, unknown>) {
  const q: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) continue;
    if (k === 'step' && !v) continue;
    // booleans as words: the API's query reads true/false (the shared query string would send 1/0)
    q[k] = typeof v === 'boolean' ? String(v) : v;
  }
  if ('step' in params || params.type === 'trafficLights') q.step = params.step ?? 'program';
  return { ...q, ...extra };
}

// ---------------------------------------------------------------- result

function SaveBox({ type, params, saved }: { type: string; params: Params; saved?: Saved }) {
  const t = useTranslate();
  const dp = useDataProvider<Provider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const to = useTo();
  const [name, setName] = useState(saved?.name ?? '');
  const [error, setError] = useState<string>();
  const save = async () => {
    setError(undefined);
    try {
      const body = { name, type, params: queryOf(params, {}) };
      const r = saved
        ? await dp.call<{ data: Saved }>(`/admin/reports/${saved.id}`, { method: 'PUT', body, json: true })
        : await dp.call<{ data: Saved }>('/admin/reports', { method: 'POST', body, json: true });
      notify('reports.saved_ok', { type: 'info' });
      if (!saved) navigate(to(`/reports/${r.data.id}/view`));
    } catch (e) {
      setError((e as { message?: string }).message);
    }
  };
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        size="small"
        label={t('reports.save_as')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={!!error}
        helperText={error}
        slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'report-name' } }}
      />
      <Button type="submit" variant="outlined">
        {t('reports.save')}
      </Button>
    </Box>
  );
}

function Cell({ col, row }: { col: Column; row: Record<string, unknown> }) {
  const t = useTranslate();
  const locale = useLocale();
  const v = row[col.key];
  if (v === null || v === undefined) return <>—</>;
  switch (col.kind) {
    case 'number':
      return <>{formatNumber(v as number)}</>;
    case 'percent':
      return <>{`${formatNumber(v as number, 1)} %`}</>;
    case 'date':
      return <>{toDisplayDate(v as string)}</>;
    case 'datetime':
      return <>{formatDateTime(v as string)}</>;
    case 'duration':
      return <>{formatDuration(v as number)}</>;
    case 'boolean':
      return <>{t(v ? 'reports.yes' : 'reports.no')}</>;
    case 'state': {
      const label = tx(col.states?.[String(v)], locale) || String(v);
      const color = LIGHT[String(v)] ?? (v === 'required_unread' ? '#d32f2f' : undefined);
      return color ? (
        <Box
          component="span"
          data-light={String(v)}
          sx={{ display: 'inline-block', px: 1, py: 0.25, borderRadius: 1, bgcolor: LIGHT[String(v)] ? color : 'transparent', color: LIGHT[String(v)] ? '#fff' : color, fontWeight: 600 }}
        >
          {label}
        </Box>
      ) : (
        label
      );
    }
    default:
      return <>{String(v)}</>;
  }
}

function ChartView({ chart }: { chart: Chart }) {
  const locale = useLocale();
  const title = tx(chart.title, locale);
  if (!chart.data.length) return null;
  if (chart.kind === 'line')
    return (
      <LineChart title={title} testId="report-chart" labels={chart.data.map((d) => toDisplayDate(d.label))} series={[{ label: title, color: '#1976d2', values: chart.data.map((d) => d.value) }]} />
    );
  if (chart.kind === 'lights') {
    return (
      <Box data-testid="report-chart" role="img" aria-label={`${title}: ${chart.data.map((d) => `${d.label} ${d.value}`).join(', ')}`} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {chart.data.map((d) => (
          <Box key={d.label} sx={{ bgcolor: LIGHT[d.label], color: '#fff', borderRadius: 1, px: 2, py: 1, minWidth: 80, textAlign: 'center' }}>
            <Typography variant="h5" component="p">
              {formatNumber(d.value)}
            </Typography>
          </Box>
        ))}
      </Box>
    );
  }
  return <BarChart title={title} testId="report-chart" labels={chart.data.map((d) => d.label)} values={chart.data.map((d) => d.value)} color="#1976d2" />;
}

function ResultView({ def, params, toolbar, onDrill }: { def: ReportInfo; params: Params; toolbar: ReactNode; onDrill?: (next: Params) => void }) {
  const t = useTranslate();
  const locale = useLocale();
  const dp = useDataProvider<Provider>();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(15);
  const [sort, setSort] = useState<{ field?: string; order: 'asc' | 'desc' }>({ order: 'asc' });
  const [data, setData] = useState<{ rows: Record<string, unknown>[]; total: number }>();
  const [chart, setChart] = useState<Chart>();
  const [error, setError] = useState<string>();
  const key = JSON.stringify(params);
  useEffect(() => setPage(0), [key]);
  useEffect(() => {
    let alive = true;
    setError(undefined);
    dp.call<{ data: Record<string, unknown>[]; meta: { total: number } }>(`/admin/report/${def.type}`, {
      query: queryOf(JSON.parse(key), { page: page + 1, per_page: perPage, ...(sort.field ? { sort: sort.field, order: sort.order } : {}) }),
    }).then(
      (r) => alive && setData({ rows: r.data, total: r.meta.total }),
      (e: { message: string }) => alive && setError(e.message),
    );
    return () => {
      alive = false;
    };
  }, [dp, def.type, key, page, perPage, sort]);
  useEffect(() => {
    if (!def.chart) return;
    let alive = true;
    dp.call<{ chart?: Chart }>(`/admin/report/${def.type}`, { query: queryOf(JSON.parse(key), { per_page: 1, with_chart: 'true' }) }).then(
      (r) => alive && setChart(r.chart),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [dp, def.type, def.chart, key]);
  const columns = useMemo(() => def.columns, [def]);
  const drill = (row: Record<string, unknown>) => {
    if (!onDrill) return;
    if (row.step === 'program') onDrill({ step: 'chapter', program_id: row.program_id });
    else if (row.step === 'chapter') onDrill({ step: 'student', program_id: row.program_id, chapter_id: row.chapter_id });
  };
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {tx(def.title, locale)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>{toolbar}</Box>
        {error && <Alert severity="error">{error}</Alert>}
        {chart && (
          <Box component="section" aria-label={t('reports.chart')}>
            <Typography variant="subtitle2" component="h3">
              {tx(chart.title, locale)}
            </Typography>
            <ChartView chart={chart} />
          </Box>
        )}
        {!data ? (
          <CircularProgress aria-label={t('reports.loading')} />
        ) : (
          <>
            <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
              <Table size="small" data-testid="report-table">
                <TableHead>
                  <TableRow>
                    {columns.map((c) => (
                      <TableCell key={c.key} sortDirection={sort.field === c.key ? sort.order : false}>
                        {c.sortable ? (
                          <TableSortLabel
                            active={sort.field === c.key}
                            direction={sort.field === c.key ? sort.order : 'asc'}
                            onClick={() => setSort({ field: c.key, order: sort.field === c.key && sort.order === 'asc' ? 'desc' : 'asc' })}
                          >
                            {tx(c.title, locale)}
                          </TableSortLabel>
                        ) : (
                          tx(c.title, locale)
                        )}
                      </TableCell>
                    ))}
                    {onDrill && <TableCell />}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.rows.map((row, i) => (
                    <TableRow key={String(row.id ?? i)}>
                      {columns.map((c) => (
                        <TableCell key={c.key}>
                          <Cell col={c} row={row} />
                        </TableCell>
                      ))}
                      {onDrill && (
                        <TableCell>
                          {row.step !== 'student' && (
                            <Button size="small" onClick={() => drill(row)}>
                              {t('reports.drill')}
                            </Button>
                          )}
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                  {!data.rows.length && (
                    <TableRow>
                      <TableCell colSpan={columns.length + (onDrill ? 1 : 0)}>{t('reports.empty')}</TableCell>
                    </TableRow>
                  )}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePagination
              component="div"
              count={data.total}
              page={page}
              rowsPerPage={perPage}
              rowsPerPageOptions={[15, 50, 100]}
              labelRowsPerPage={t('reports.rows')}
              onPageChange={(_, p) => setPage(p)}
              onRowsPerPageChange={(e) => {
                setPerPage(Number(e.target.value));
                setPage(0);
              }}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
