import { Title, useLocale, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Card, CardContent, CircularProgress, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatDateTime } from '../../../common/format/format.ts';
import type { SavedReport } from '../../../common/api/types/reports.ts';
import { useApiMutation, useApiQuery } from '../../providers/queries.ts';
import { tx } from './model.ts';
import { useCatalogue, useTo } from './hooks.ts';
import { CatalogueButtons } from './CatalogueButtons.tsx';

/** `/reports`: the catalogue grouped as the specification says, and the school's saved reports. */
export function ReportsHome() {
  const t = useTranslate();
  const to = useTo();
  const locale = useLocale();
  const notify = useNotify();
  const cat = useCatalogue();
  const list = useApiQuery<{ data: SavedReport[] }, SavedReport[]>('/admin/reports', { query: { per_page: 100, sort: 'id', order: 'desc' }, select: (r) => r.data });
  const saved = list.error ? [] : list.data;
  const del = useApiMutation((dp, id: number) => dp.call(`/admin/reports/${id}`, { method: 'DELETE' }), ['/admin/reports']);
  const titleOf = (type: string) => tx(cat?.reports.find((r) => r.type === type)?.title, locale) || type;
  const remove = async (id: number) => {
    await del.mutateAsync(id);
    notify('reports.deleted', { type: 'info' });
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
