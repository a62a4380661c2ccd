import { useState, type ReactNode } from 'react';
import { Title, useLocale, useTranslate } from 'react-admin';
import { Box, Card, CardContent, CircularProgress, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import type { ActivityPeriod, Statistics } from '../../../common/api/types/statistics.ts';
import { useApiQuery } from '../../providers/queries.ts';
import { formatDateTime, formatMoney, formatNumber, formatPercent, toDisplayDate } from '../../../common/format/format.ts';
import { BarChart, LineChart, StackedBar } from './charts.tsx';

const COLORS = { logins: '#1976d2', actions: '#9c27b0', users: '#2e7d32', not_started: '#bdbdbd', in_process: '#ffa000', done: '#2e7d32', bars: '#1976d2' };

function Tile({ title, children, testId, wide }: { title: string; children: ReactNode; testId: string; wide?: boolean }) {
  return (
    <Card data-testid={testId} sx={{ gridColumn: wide ? { xs: 'auto', md: 'span 2' } : 'auto' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box sx={{ minWidth: 110 }}>
      <Typography variant="h4" component="p" data-testid={testId}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

/**
 * The school's dashboard (`GET /admin/statistics`): figures and charts for staff. Loaded as its own chunk with its
 * charts; 360 px wide it is one column, wider two.
 */
export function StatisticsScreen() {
  const t = useTranslate();
  const locale = useLocale();
  const [period, setPeriod] = useState<ActivityPeriod>('month');
  // another period keeps the figures shown until its own arrive
  const { data, error } = useApiQuery<{ data: Statistics }, Statistics>('/admin/statistics', { query: { period }, select: (r) => r.data, keepPrevious: true });
  const s = (k: string, o?: object) => t(`statistics.${k}`, o);
  if (error)
    return (
      <Typography color="error" sx={{ mt: 2 }} data-testid="statistics-error">
        {error.message}
      </Typography>
    );
  if (!data) return <CircularProgress sx={{ m: 4 }} aria-label={t('ra.page.loading')} />;
  const pct = (v: number | null) => (v === null ? '—' : formatPercent(v));
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={t('resources.statistics.name', { smart_count: 1 })} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Tile title={s('students.title')} testId="statistics-students">
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
            <Figure label={s('students.total')} value={formatNumber(data.students.total)} testId="statistics-students-total" />
            <Figure label={s('students.active', { days: data.students.active_window_days })} value={formatNumber(data.students.active)} testId="statistics-students-active" />
            <Figure label={s('students.blocked')} value={formatNumber(data.students.blocked)} />
          </Box>
        </Tile>
        <Tile title={s('projects.title')} testId="statistics-projects">
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
            <Figure label={s('projects.waiting')} value={formatNumber(data.projects.waiting)} testId="statistics-projects-waiting" />
            <Figure label={s('projects.oldest')} value={data.projects.oldest_submitted_at ? formatDateTime(data.projects.oldest_submitted_at) : '—'} />
          </Box>
        </Tile>
        <Tile title={s('activity.title')} testId="statistics-activity" wide>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center', mb: 1 }}>
            <TextField
              select
              size="small"
              label={s('period')}
              value={period}
              onChange={(e) => setPeriod(e.target.value as ActivityPeriod)}
              sx={{ minWidth: 160 }}
              slotProps={{ htmlInput: { 'data-testid': 'statistics-period' } }}
            >
              {(['week', 'month', 'quarter', 'year'] as const).map((p) => (
                <MenuItem key={p} value={p}>
                  {s(`periods.${p}`)}
                </MenuItem>
              ))}
            </TextField>
            <Figure label={s('activity.logins')} value={formatNumber(data.activity.logins)} testId="statistics-logins" />
            <Figure label={s('activity.actions')} value={formatNumber(data.activity.actions)} />
          </Box>
          <LineChart
            testId="statistics-activity-chart"
            title={s('activity.chart', { from: toDisplayDate(data.activity.date_start), to: toDisplayDate(data.activity.date_end) })}
            labels={data.activity.series.map((d) => toDisplayDate(d.date))}
            series={[
              { label: s('activity.logins'), color: COLORS.logins, values: data.activity.series.map((d) => d.logins) },
              { label: s('activity.actions'), color: COLORS.actions, values: data.activity.series.map((d) => d.actions) },
              { label: s('activity.users'), color: COLORS.users, values: data.activity.series.map((d) => d.users) },
            ]}
          />
        </Tile>
        <Tile title={s('programs.title')} testId="statistics-programs">
          <StackedBar
            testId="statistics-programs-chart"
            title={s('programs.title')}
            parts={(['not_started', 'in_process', 'done'] as const).map((k) => ({ label: s(`programs.${k}`), color: COLORS[k], values: [data.programs[k]] }))}
          />
          {data.programs.by_program.length > 0 && (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" sx={{ mt: 1 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{s('programs.program')}</TableCell>
                    <TableCell align="right">{s('programs.in_process')}</TableCell>
                    <TableCell align="right">{s('programs.done')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.programs.by_program.slice(0, 10).map((p) => (
                    <TableRow key={p.program_id}>
                      <TableCell>{locale === 'en' && p.title_en ? p.title_en : p.title}</TableCell>
                      <TableCell align="right">{formatNumber(p.in_process)}</TableCell>
                      <TableCell align="right">{formatNumber(p.done)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Tile>
        <Tile title={s('quizzes.title', { days: data.quizzes.window_days })} testId="statistics-quizzes">
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
            <Figure label={s('quizzes.attempts')} value={formatNumber(data.quizzes.attempts)} testId="statistics-quiz-attempts" />
            <Figure label={s('quizzes.pass_rate')} value={pct(data.quizzes.pass_rate)} />
            <Figure label={s('quizzes.average')} value={pct(data.quizzes.average_percent)} />
          </Box>
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            {s('quizzes.distribution')}
          </Typography>
          <BarChart
            testId="statistics-quiz-chart"
            title={s('quizzes.distribution')}
            color={COLORS.bars}
            labels={data.quizzes.distribution.map((d) => `${d.from}`)}
            values={data.quizzes.distribution.map((d) => d.attempts)}
          />
          {data.quizzes.top.length > 0 && (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{s('quizzes.quiz')}</TableCell>
                    <TableCell align="right">{s('quizzes.attempts')}</TableCell>
                    <TableCell align="right">{s('quizzes.passed')}</TableCell>
                    <TableCell align="right">{s('quizzes.average')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.quizzes.top.map((q) => (
                    <TableRow key={q.quiz_id}>
                      <TableCell>{q.title}</TableCell>
                      <TableCell align="right">{formatNumber(q.attempts)}</TableCell>
                      <TableCell align="right">{formatNumber(q.passed)}</TableCell>
                      <TableCell align="right">{pct(q.average_percent)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Tile>
        {data.payments && (
          <Tile title={s('payments.title')} testId="statistics-payments">
            <Figure label={s('payments.students')} value={formatNumber(data.payments.students)} />
            {data.payments.by_currency.length ? (
              data.payments.by_currency.map((c) => (
                <Typography key={c.currency} variant="body1" sx={{ mt: 1 }}>
                  {s('payments.line', { amount: formatMoney(c.amount, c.currency), items: c.items })}
                </Typography>
              ))
            ) : (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {s('payments.none')}
              </Typography>
            )}
          </Tile>
        )}
      </Box>
    </Box>
  );
}
