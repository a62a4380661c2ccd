import { BulkDeleteButton, Button, DeleteButton, useNotify, useRecordContext, useRedirect } from 'react-admin';
import CheckIcon from '@mui/icons-material/CheckCircle';
import UndoIcon from '@mui/icons-material/Undo';
import { useApiMutation } from '../../providers/queries.ts';
import { useProjectsChanged } from './badge.tsx';

/**
 * Approve toggle: sends `is_approve` as the inverse of `check_admin` (reviewed versions only; the server allows
 * admins, and trainers within their programs).
 */
export function ApproveToggle() {
  const record = useRecordContext<{ id: number; check_admin: boolean; status: string }>();
  const notify = useNotify();
  const approving = useApiMutation(
    (dp, v: { id: number; approve: boolean }) => dp.call(`/admin/submittedProject/${v.id}/approve`, { method: 'POST', body: { is_approve: v.approve ? 1 : 0 } }),
    ['projects'],
  );
  const projectsChanged = useProjectsChanged();
  if (!record || record.status === 'awaiting') return null;
  return (
    <Button
      label={record.check_admin ? 'projects.revoke' : 'projects.approve'}
      data-testid="project-approve"
      onClick={async (e) => {
        e.stopPropagation();
        try {
          await approving.mutateAsync({ id: record.id, approve: !record.check_admin });
          notify(record.check_admin ? 'projects.revoked' : 'projects.approved', { type: 'success' });
          projectsChanged();
        } catch (err) {
          notify((err as Error).message, { type: 'error' });
        }
      }}
    >
      {record.check_admin ? <UndoIcon /> : <CheckIcon />}
    </Button>
  );
}

/** Removes one version (with its files); the badge is asked again. */
export function DeleteVersion() {
  const notify = useNotify();
  const projectsChanged = useProjectsChanged();
  const redirect = useRedirect();
  return (
    <DeleteButton
      mutationMode="pessimistic"
      mutationOptions={{
        // own side effects replace react-admin's: toast, badge, back to the list
        onSuccess: () => {
          notify('projects.is_delete', { type: 'success' });
          projectsChanged();
          redirect('list', 'projects');
        },
      }}
    />
  );
}

/** Removes the selected versions in one call (`DELETE /admin/submittedProject {ids}`). */
export function BulkDeleteVersions() {
  const notify = useNotify();
  const projectsChanged = useProjectsChanged();
  return (
    <BulkDeleteButton
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: (ids: unknown) => {
          notify('projects.are_delete', { type: 'success', messageArgs: { smart_count: Array.isArray(ids) ? ids.length : 1 } });
          projectsChanged();
        },
      }}
    />
  );
}
