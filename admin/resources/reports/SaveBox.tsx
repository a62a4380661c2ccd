import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Box, Button, TextField } from '@mui/material';
import type { ReportParamValues, SavedReport } from '../../../common/api/types/reports.ts';
import { useApiMutation } from '../../providers/queries.ts';
import { queryOf } from './model.ts';
import { useTo } from './hooks.ts';

/** The result's "save as": a new saved report, or the opened one's name and parameters. */
export function SaveBox({ type, params, saved }: { type: string; params: ReportParamValues; saved?: SavedReport }) {
  const t = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const to = useTo();
  const [name, setName] = useState(saved?.name ?? '');
  const [error, setError] = useState<string>();
  const write = useApiMutation(
    (dp, body: Record<string, unknown>) =>
      saved
        ? dp.call<{ data: SavedReport }>(`/admin/reports/${saved.id}`, { method: 'PUT', body, json: true })
        : dp.call<{ data: SavedReport }>('/admin/reports', { method: 'POST', body, json: true }),
    ['/admin/reports'],
  );
  const save = async () => {
    setError(undefined);
    try {
      const r = await write.mutateAsync({ name, type, params: queryOf(params, {}) });
      notify('reports.saved_ok', { type: 'info' });
      if (!saved) navigate(to(`/reports/${r.data.id}/view`));
    } catch (e) {
      setError((e as { message?: string }).message);
    }
  };
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        size="small"
        label={t('reports.save_as')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={!!error}
        helperText={error}
        slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'report-name' } }}
      />
      <Button type="submit" variant="outlined">
        {t('reports.save')}
      </Button>
    </Box>
  );
}
