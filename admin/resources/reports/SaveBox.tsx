import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Box, Button, TextField } from '@mui/material';
import { type Params, type Provider, queryOf, type Saved } from './model.ts';
import { useTo } from './hooks.ts';

/** The result's "save as": a new saved report, or the opened one's name and parameters. */
export function SaveBox({ type, params, saved }: { type: string; params: Params; saved?: Saved }) {
  const t = useTranslate();
  const dp = useDataProvider<Provider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const to = useTo();
  const [name, setName] = useState(saved?.name ?? '');
  const [error, setError] = useState<string>();
  const save = async () => {
    setError(undefined);
    try {
      const body = { name, type, params: queryOf(params, {}) };
      const r = saved
        ? await dp.call<{ data: Saved }>(`/admin/reports/${saved.id}`, { method: 'PUT', body, json: true })
        : await dp.call<{ data: Saved }>('/admin/reports', { method: 'POST', body, json: true });
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
