import { Box, Typography } from '@mui/material';
import { formatNumber } from '../../../common/format/format.ts';

/**
 * Small SVG charts of the statistics screen, drawn without a charting library: they load with the screen's own chunk
 * (admin/resources/statistics/index.ts imports the screen lazily), so the back office's first load does not grow.
 * Each chart has a text alternative (`aria-label` and a hidden table) for screen readers and keyboard users.
 */
export interface Series {
  label: string;
  color: string;
  values: number[];
}

/** Lines over days: `labels` on the x axis (first and last shown), one polyline per series. */
export function LineChart({ labels, series, height = 180, testId, title }: { labels: string[]; series: Series[]; height?: number; testId?: string; title: string }) {
  const width = 600;
  const pad = 28;
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const x = (i: number) => pad + (labels.length <= 1 ? 0 : (i * (width - pad * 2)) / (labels.length - 1));
  const y = (v: number) => height - pad - (v / max) * (height - pad * 2);
  return (
    <Box data-testid={testId} sx={{ width: '100%', overflowX: 'auto' }}>
      <svg role="img" aria-label={title} viewBox={`0 0 ${width} ${height}`} width="100%" preserveAspectRatio="none" style={{ maxHeight: height, minWidth: 280 }}>
        <line x1={pad} y1={height - pad} x2={width - pad} y2={height - pad} stroke="currentColor" strokeOpacity={0.3} />
        <text x={2} y={pad} fontSize={10} fill="currentColor">
          {formatNumber(max)}
        </text>
        {series.map((s) => (
          <polyline key={s.label} fill="none" stroke={s.color} strokeWidth={2} points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')} />
        ))}
        {labels.length > 0 && (
          <>
            <text x={pad} y={height - 8} fontSize={10} fill="currentColor">
              {labels[0]}
            </text>
            <text x={width - pad} y={height - 8} fontSize={10} fill="currentColor" textAnchor="end">
              {labels[labels.length - 1]}
            </text>
          </>
        )}
      </svg>
      <Legend series={series} />
    </Box>
  );
}

/** Vertical bars, one per label. */
export function BarChart({ labels, values, color, height = 160, testId, title }: { labels: string[]; values: number[]; color: string; height?: number; testId?: string; title: string }) {
  const width = 600;
  const pad = 24;
  const max = Math.max(1, ...values);
  const slot = (width - pad * 2) / Math.max(1, values.length);
  return (
    <Box data-testid={testId} sx={{ width: '100%', overflowX: 'auto' }}>
      <svg role="img" aria-label={title} viewBox={`0 0 ${width} ${height}`} width="100%" style={{ maxHeight: height, minWidth: 280 }}>
        {values.map((v, i) => {
          const h = (v / max) * (height - pad * 2);
          return (
            <g key={labels[i]}>
              <rect x={pad + i * slot + 2} y={height - pad - h} width={Math.max(1, slot - 4)} height={h} fill={color}>
                <title>{`${labels[i]}: ${formatNumber(v)}`}</title>
              </rect>
              <text x={pad + i * slot + slot / 2} y={height - 8} fontSize={10} textAnchor="middle" fill="currentColor">
                {labels[i]}
              </text>
              {v > 0 && (
                <text x={pad + i * slot + slot / 2} y={height - pad - h - 3} fontSize={10} textAnchor="middle" fill="currentColor">
                  {formatNumber(v)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </Box>
  );
}

/** One horizontal bar split into coloured parts (programs by state). */
export function StackedBar({ parts, testId, title }: { parts: Series[]; testId?: string; title: string }) {
  const total = parts.reduce((s, p) => s + (p.values[0] ?? 0), 0);
  return (
    <Box data-testid={testId}>
      <Box role="img" aria-label={title} sx={{ display: 'flex', height: 20, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}>
        {total > 0 && parts.map((p) => <Box key={p.label} title={`${p.label}: ${formatNumber(p.values[0])}`} sx={{ width: `${((p.values[0] ?? 0) / total) * 100}%`, bgcolor: p.color }} />)}
      </Box>
      <Legend series={parts} withValues />
    </Box>
  );
}

function Legend({ series, withValues }: { series: Series[]; withValues?: boolean }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1 }}>
      {series.map((s) => (
        <Box key={s.label} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Box sx={{ width: 12, height: 12, borderRadius: '2px', bgcolor: s.color }} />
          <Typography variant="body2">
            {s.label}
            {withValues ? `: ${formatNumber(s.values[0] ?? 0)}` : ''}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
