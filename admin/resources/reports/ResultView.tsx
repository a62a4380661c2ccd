import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { Box, Button, Card, CardContent, CircularProgress, Alert, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, TableSortLabel, Typography } from '@mui/material';
import { formatDateTime, formatDuration, formatNumber, formatPercent, toDisplayDate } from '../../../common/format/format.ts';
import type { ReportColumn, ReportInfo, ReportParamValues } from '../../../common/api/types/reports.ts';
import { FIRST_PAGE, type ReportView, useReport } from './hooks.ts';
import { LIGHT, tx } from './model.ts';
import { withChunkTimeout } from '../../framework/lazy.ts';
import { LightsChart } from './LightsChart.tsx';

/** The heights of @mui/x-charts' line and bars as admin/resources/statistics/charts.tsx draws them. */
const LINE_HEIGHT = 240;
const BAR_HEIGHT = 220;

// A report's result: its chart, the table (pages, order) and, for the traffic light, the walk down a level.

function Cell({ col, row }: { col: ReportColumn; row: Record<string, unknown> }) {
  const t = useTranslate();
  const locale = useLocale();
  const v = row[col.key];
  if (v === null || v === undefined) return <>—</>;
  switch (col.kind) {
    case 'number':
      return <>{formatNumber(v as number, undefined, locale)}</>;
    case 'percent':
      return <>{formatPercent(v as number, 1, locale)}</>;
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

// MUI's charting package is a chunk of its own, loaded when a result has a chart (not with the catalogue or the wizard)
const ChartView = lazy(() => withChunkTimeout(import('./ReportChart.tsx')).then((m) => ({ default: m.ReportChart })));

export function ResultView({ def, params, toolbar, onDrill }: { def: ReportInfo; params: ReportParamValues; toolbar: ReactNode; onDrill?: (next: ReportParamValues) => void }) {
  const t = useTranslate();
  const locale = useLocale();
  const key = JSON.stringify(params);
  // the page and order chosen belong to these parameters: other parameters start again at the first page
  const [chosen, setChosen] = useState<{ key: string; view: ReportView }>({ key, view: FIRST_PAGE });
  const view = chosen.key === key ? chosen.view : FIRST_PAGE;
  const { page: pageQuery, chart } = useReport(def, params, view);
  const setView = (next: Partial<ReportView>) => setChosen({ key, view: { ...view, ...next } });
  const { page, perPage, sort } = view;
  const data = pageQuery.data ? { rows: pageQuery.data.data, total: pageQuery.data.meta.total } : undefined;
  const error = pageQuery.error?.message;
  const columns = def.columns;
  const drill = (row: Record<string, unknown>) => {
    if (!onDrill) return;
    if (row.step === 'program') onDrill({ step: 'chapter', program_id: row.program_id as number });
    else if (row.step === 'chapter') onDrill({ step: 'student', program_id: row.program_id as number, chapter_id: row.chapter_id as number });
  };
  return (
    <Card>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {tx(def.title, locale)}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>{toolbar}</Box>
        {error && <Alert severity="error">{error}</Alert>}
        {pageQuery.data?.replica_lag_seconds !== undefined && (
          <Alert severity="info" data-testid="replica-lag">
            {t('reports.replica_lag', { seconds: pageQuery.data.replica_lag_seconds })}
          </Alert>
        )}
        {chart && (
          <Box component="section" aria-label={t('reports.chart')}>
            <Typography variant="subtitle2" component="h3">
              {tx(chart.title, locale)}
            </Typography>
            {!chart.data.length ? null : chart.kind === 'lights' ? (
              <LightsChart chart={chart} title={tx(chart.title, locale)} />
            ) : (
              // the chart's own height is kept while its chunk loads: the table below must not move under the pointer
              <Suspense
                fallback={
                  <Box sx={{ height: chart.kind === 'line' ? LINE_HEIGHT : BAR_HEIGHT, display: 'grid', placeItems: 'center' }}>
                    <CircularProgress size={24} aria-label={t('reports.loading')} />
                  </Box>
                }
              >
                <ChartView chart={chart} />
              </Suspense>
            )}
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
                            onClick={() => setView({ sort: { field: c.key, order: sort.field === c.key && sort.order === 'asc' ? 'desc' : 'asc' } })}
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
              labelDisplayedRows={({ from, to, count }) => t('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })}
              getItemAriaLabel={(type) => t(`ra.navigation.${type}`)}
              onPageChange={(_, p) => setView({ page: p })}
              onRowsPerPageChange={(e) => setView({ perPage: Number(e.target.value), page: 0 })}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
