import { Box, Typography } from '@mui/material';
import type { ReportChart } from '../../../common/api/types/reports.ts';
import { formatNumber } from '../../../common/format/format.ts';
import { LIGHT } from './model.ts';

/**
 * The traffic light's three counts, coloured. Drawn without the charting package, so that it shows with the table
 * it sits above: a chart that arrived after its table pushed the table's rows down under the reader's pointer.
 */
export function LightsChart({ chart, title }: { chart: ReportChart; title: string }) {
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
