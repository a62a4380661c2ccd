import { useLocale } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Typography } from '@mui/material';
import type { ReportCatalogue } from '../../../common/api/types/reports.ts';
import { tx } from './model.ts';
import { useTo } from './hooks.ts';

/** The catalogue's groups, each with its reports: links to the wizard, or `onPick` inside it. */
export function CatalogueButtons({ cat, onPick, current }: { cat: ReportCatalogue; onPick?: (type: string) => void; current?: string }) {
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
