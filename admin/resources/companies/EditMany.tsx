import { useState } from 'react';
import { Button, useListContext, useNotify, useTranslate, useUnselectAll } from 'react-admin';
import { Button as MuiButton, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { useApiMutation } from '../../providers/queries.ts';
import type { CompaniesUpdated } from '../../../common/api/types/companies.ts';

/** The text fields one value can be set on for many companies at once (`PUT /admin/company/many`). */
export const MANY_FIELDS = [
  'bank',
  'bik',
  'swift',
  'account',
  'corr_account',
  'payment_link',
  'legal_address',
  'postal_address',
  'phone',
  'email',
  'director',
  'accountant',
  'qr_login',
  'full_name',
  'short_name',
];

/** Bulk action: set one field to one value on every selected company. */
export function EditManyCompanies() {
  const { selectedIds } = useListContext();
  const notify = useNotify();
  // the companies' list is asked again: the rows show the new value
  const updating = useApiMutation((dp, body: Record<string, unknown>) => dp.call<CompaniesUpdated>('/admin/company/many', { method: 'PUT', body }), ['companies']);
  const unselect = useUnselectAll('companies');
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const [field, setField] = useState(MANY_FIELDS[0]);
  const [value, setValue] = useState('');
  async function apply() {
    try {
      const r = await updating.mutateAsync({ ids: selectedIds, [field]: value.trim() || null });
      notify('toasts.companies_is_update', { type: 'success', messageArgs: { smart_count: r.data.count } });
      setOpen(false);
      setValue('');
      unselect();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  }
  return (
    <>
      <Button label="companies.edit_many" onClick={() => setOpen(true)} data-testid="companies-edit-many">
        <EditNoteIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>
          {t('companies.edit_many_title')} ({selectedIds.length})
        </DialogTitle>
        <DialogContent>
          <TextField select fullWidth label={t('companies.field')} value={field} onChange={(e) => setField(e.target.value)} sx={{ mt: 1 }}>
            {MANY_FIELDS.map((f) => (
              <MenuItem key={f} value={f}>
                {t(`resources.companies.fields.${f}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            fullWidth
            label={t('companies.value')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            sx={{ mt: 2 }}
            slotProps={{ htmlInput: { 'data-testid': 'companies-edit-many-value' } }}
          />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{t('companies.cancel')}</MuiButton>
          <MuiButton variant="contained" onClick={() => void apply()}>
            {t('companies.apply')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
