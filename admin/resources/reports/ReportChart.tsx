import { useLocale } from 'react-admin';
import { Box, Typography } from '@mui/material';
import type { ReportChart as Chart } from '../../../common/api/types/reports.ts';
import { formatNumber, toDisplayDate } from '../../../common/format/format.ts';
import { BarChart, LineChart } from '../statistics/charts.tsx';
import { LIGHT, tx } from './model.ts';

/** A report's chart (`with_chart`): bars or a line drawn by @mui/x-charts, or the traffic light's three counts. */
export function ReportChart({ chart }: { chart: Chart }) {
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
