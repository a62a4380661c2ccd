import { Box } from '@mui/material';
import { BarChart as MuiBarChart } from '@mui/x-charts/BarChart';
import { LineChart as MuiLineChart } from '@mui/x-charts/LineChart';
import { formatNumber } from '../../../common/format/format.ts';

/**
 * The charts of the statistics and report screens, drawn by MUI's charting package (@mui/x-charts): values on the
 * axes, a tooltip on hover or focus, a legend. They load with those screens' own chunks (both are imported lazily,
 * admin/framework/lazy.ts), never with the back office's first load. MUI draws into an `aria-hidden` SVG, so each
 * chart is an image with a text alternative of its own (title and values); the screens keep their tables beside it.
 */
export interface Series {
  label: string;
  color: string;
  values: number[];
}

const number = (v: number | null) => (v === null ? '' : formatNumber(v));
const described = (title: string, labels: string[], series: Series[]) =>
  `${title}: ${labels.map((l, i) => `${l} ${series.map((s) => (series.length > 1 ? `${s.label} ${number(s.values[i] ?? 0)}` : number(s.values[i] ?? 0))).join(', ')}`).join('; ')}`;

/** Lines over days: dates on the x axis, counts on the y axis, one line per series. */
export function LineChart({ labels, series, height = 240, testId, title }: { labels: string[]; series: Series[]; height?: number; testId?: string; title: string }) {
  return (
    <Box data-testid={testId} role="img" aria-label={described(title, labels, series)} sx={{ width: '100%', minWidth: 0 }}>
      <MuiLineChart
        height={height}
        skipAnimation
        xAxis={[{ scaleType: 'point', data: labels }]}
        yAxis={[{ valueFormatter: number, width: 48 }]}
        series={series.map((s) => ({ label: s.label, color: s.color, data: s.values, valueFormatter: number, showMark: labels.length <= 31 }))}
      />
    </Box>
  );
}

/** Vertical bars, one per label. */
export function BarChart({
  labels,
  values,
  color,
  height = 220,
  testId,
  title,
  label,
}: {
  labels: string[];
  values: number[];
  color: string;
  height?: number;
  testId?: string;
  title: string;
  label?: string;
}) {
  return (
    <Box data-testid={testId} role="img" aria-label={described(title, labels, [{ label: title, color, values }])} sx={{ width: '100%', minWidth: 0 }}>
      <MuiBarChart
        height={height}
        skipAnimation
        hideLegend={!label}
        xAxis={[{ scaleType: 'band', data: labels }]}
        yAxis={[{ valueFormatter: number, width: 48 }]}
        series={[{ data: values, color, label: label ?? title, valueFormatter: number }]}
      />
    </Box>
  );
}

/** One horizontal bar split into coloured parts (programs by state), with the parts and their values in the legend. */
export function StackedBar({ parts, testId, title }: { parts: Series[]; testId?: string; title: string }) {
  return (
    <Box data-testid={testId} role="img" aria-label={`${title}: ${parts.map((p) => `${p.label} ${number(p.values[0] ?? 0)}`).join(', ')}`} sx={{ width: '100%', minWidth: 0 }}>
      <MuiBarChart
        height={140}
        skipAnimation
        layout="horizontal"
        yAxis={[{ scaleType: 'band', data: [title], position: 'none' }]}
        xAxis={[{ valueFormatter: number }]}
        series={parts.map((p) => ({ label: `${p.label}: ${number(p.values[0] ?? 0)}`, color: p.color, data: [p.values[0] ?? 0], stack: 'all', valueFormatter: number }))}
      />
    </Box>
  );
}
