import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { useParams } from 'react-router-dom';
import { Alert, CircularProgress } from '@mui/material';
import type { Provider, Saved } from './model.ts';
import { Wizard } from './Wizard.tsx';

/** `/reports/{id}` (its parameters) and `/reports/{id}/view` (its result): a saved report opened again. */
export function ReportEdit() {
  const { id, '*': rest } = useParams();
  const dp = useDataProvider<Provider>();
  const [saved, setSaved] = useState<Saved>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let alive = true;
    dp.call<{ data: Saved }>(`/admin/reports/${id}`).then(
      (r) => alive && setSaved(r.data),
      (e: { message: string }) => alive && setError(e.message),
    );
    return () => {
      alive = false;
    };
  }, [dp, id]);
  if (error)
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {error}
      </Alert>
    );
  if (!saved) return <CircularProgress sx={{ m: 2 }} />;
  const view = (rest ?? '').startsWith('view');
  return <Wizard key={`${saved.id}-${view}`} initial={{ type: saved.type, params: saved.params, stage: view ? 2 : 1, saved }} />;
}
