import { useParams } from 'react-router-dom';
import { Alert, CircularProgress } from '@mui/material';
import type { SavedReport } from '../../../common/api/types/reports.ts';
import { useApiQuery } from '../../providers/queries.ts';
import { Wizard } from './Wizard.tsx';

/** `/reports/{id}` (its parameters) and `/reports/{id}/view` (its result): a saved report opened again. */
export function ReportEdit() {
  const { id, '*': rest } = useParams();
  const { data: saved, error } = useApiQuery<{ data: SavedReport }, SavedReport>(`/admin/reports/${id}`, { select: (r) => r.data });
  if (error)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {error.message}
      </Alert>
    );
  if (!saved) return <CircularProgress sx={{ m: 2 }} />;
  const view = (rest ?? '').startsWith('view');
  return <Wizard key={`${saved.id}-${view}`} initial={{ type: saved.type, params: saved.params, stage: view ? 2 : 1, saved }} />;
}
