import { useLocale } from 'react-admin';
import type { ReportChart as Chart } from '../../../common/api/types/reports.ts';
import { toDisplayDate } from '../../../common/format/format.ts';
import { BarChart, LineChart } from '../statistics/charts.tsx';
import { tx } from './model.ts';
import { LightsChart } from './LightsChart.tsx';

/** A report's chart (`with_chart`): bars or a line drawn by @mui/x-charts (the traffic light's counts: LightsChart). */
export function ReportChart({ chart }: { chart: Chart }) {
  const locale = useLocale();
  const title = tx(chart.title, locale);
  if (!chart.data.length) return null;
  if (chart.kind === 'line')
    return (
      <LineChart title={title} testId="report-chart" labels={chart.data.map((d) => toDisplayDate(d.label))} series={[{ label: title, color: '#1976d2', values: chart.data.map((d) => d.value) }]} />
    );
  if (chart.kind === 'lights') return <LightsChart chart={chart} title={title} />;
  return <BarChart title={title} testId="report-chart" labels={chart.data.map((d) => d.label)} values={chart.data.map((d) => d.value)} color="#1976d2" />;
}
