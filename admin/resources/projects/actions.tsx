import { Button, useDataProvider, useNotify, usePermissions, useRecordContext, useRefresh } from 'react-admin';
import CheckIcon from '@mui/icons-material/CheckCircle';
import UndoIcon from '@mui/icons-material/Undo';
import type { createDataProvider } from '../../providers/dataProvider.ts';

type Provider = ReturnType<typeof createDataProvider>;

/** Approve toggle: sends `is_approve` as the inverse of `check_admin` (admins only, reviewed versions only). */
export function ApproveToggle() {
  const record = useRecordContext<{ id: number; check_admin: boolean; status: string }>();
  const { permissions } = usePermissions();
  const dp = useDataProvider<Provider>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record || record.status === 'awaiting' || !['admin', 'superadmin'].includes(permissions)) return null;
  return (
    <Button
      label={record.check_admin ? 'projects.revoke' : 'projects.approve'}
      onClick={async (e) => {
        e.stopPropagation();
        try {
          await dp.call(`/admin/submittedProject/${record.id}/approve`, { method: 'POST', body: { is_approve: record.check_admin ? 0 : 1 } });
          notify(record.check_admin ? 'projects.revoked' : 'projects.approved', { type: 'success' });
          refresh();
        } catch (err) {
          notify((err as Error).message, { type: 'error' });
        }
      }}
    >
      {record.check_admin ? <UndoIcon /> : <CheckIcon />}
    </Button>
  );
}
