import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Card, CardContent, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import type { RatingAdminRow } from '../../../common/api/types/rating.ts';
import { useApiQuery } from '../../providers/queries.ts';
import { formatNumber } from '../../../common/format/format.ts';

/** The report periods (server/modules/reports/period.ts) and `calendar`: a year and month of the calendar. */
const PERIODS = ['all', 'year', 'quarter', 'month', 'week', 'yesterday', 'calendar'] as const;
type Period = (typeof PERIODS)[number];

const thisYear = new Date().getUTCFullYear();
const years = Array.from({ length: 6 }, (_, i) => thisYear - i);

/**
 * The school's rating (`GET /admin/rating?month&year`): all time, a year, or a month of a year. With the section's
 * flag off the server answers 403 and the screen says so.
 */
export function RatingList() {
  const t = useTranslate();
  const [period, setPeriod] = useState<Period>('all');
  const [year, setYear] = useState<number | ''>('');
  const [month, setMonth] = useState<number | ''>('');
  const query = period === 'calendar' ? { year: year || undefined, month: year && month ? month : undefined } : { period };
  const answer = useApiQuery<{ data: RatingAdminRow[] }, RatingAdminRow[]>('/admin/rating', { query, select: (r) => r.data, keepPrevious: true });
  const failure = answer.error as (Error & { status?: number }) | null;
  const error = failure ? (failure.status === 403 ? t('rating.off') : failure.message) : undefined;
  const rows = failure ? [] : answer.data;
  const f = (k: string) => t(`resources.rating.fields.${k}`);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={t('resources.rating.name', { smart_count: 1 })} />
      <CardContent>
        <Stack direction="row" spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={t('rating.period')}
            value={period}
            onChange={(e) => setPeriod(e.target.value as Period)}
            sx={{ minWidth: 160 }}
            slotProps={{ htmlInput: { 'data-testid': 'rating-period' } }}
          >
            {PERIODS.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`rating.periods.${p}`)}
              </MenuItem>
            ))}
          </TextField>
          {period === 'calendar' && (
            <>
              <TextField
                select
                size="small"
                label={t('rating.year')}
                value={year}
                onChange={(e) => setYear(e.target.value === '' ? '' : Number(e.target.value))}
                sx={{ minWidth: 160 }}
                slotProps={{ htmlInput: { 'data-testid': 'rating-year' } }}
              >
                <MenuItem value="">{t('rating.all_time')}</MenuItem>
                {years.map((y) => (
                  <MenuItem key={y} value={y}>
                    {y}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label={t('rating.month')}
                value={year ? month : ''}
                disabled={!year}
                onChange={(e) => setMonth(e.target.value === '' ? '' : Number(e.target.value))}
                sx={{ minWidth: 160 }}
                slotProps={{ htmlInput: { 'data-testid': 'rating-month' } }}
              >
                <MenuItem value="">{t('rating.whole_year')}</MenuItem>
                {Array.from({ length: 12 }, (_, i) => i + 1).map((m) => (
                  <MenuItem key={m} value={m}>
                    {t(`rating.months.${m}`)}
                  </MenuItem>
                ))}
              </TextField>
            </>
          )}
        </Stack>
        {error ? (
          <Typography color="error" data-testid="rating-error">
            {error}
          </Typography>
        ) : rows && !rows.length ? (
          <Typography color="text.secondary">{t('rating.empty')}</Typography>
        ) : (
          <Table size="small" data-testid="rating-table">
            <TableHead>
              <TableRow>
                {['place', 'name', 'points', 'quiz_points', 'project_points', 'social_activity', 'webinar_points'].map((k) => (
                  <TableCell key={k}>{f(k)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {(rows ?? []).map((r) => (
                <TableRow key={r.user_id}>
                  <TableCell>{r.place}</TableCell>
                  <TableCell>{r.name}</TableCell>
                  <TableCell>{r.points}</TableCell>
                  <TableCell>{r.quiz_points}</TableCell>
                  <TableCell>{r.project_points}</TableCell>
                  <TableCell>{formatNumber(r.social_activity ?? 0)}</TableCell>
                  <TableCell>{formatNumber(r.webinar_points ?? 0)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
