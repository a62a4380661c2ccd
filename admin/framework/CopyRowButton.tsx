import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useRecordContext, useRedirect } from 'react-admin';
import { useApiMutation } from '../providers/queries.ts';
import { RowButton } from './RowButton.tsx';

/**
 * A row's copy button (a program's clone, a quiz's duplicate): `POST path(id)` makes the copy, the toast says so and
 * the copy's edit screen opens; a refusal shows the server's message. The resource's list is asked again after it.
 */
export function CopyRowButton({ resource, path, label, toast, testId }: { resource: string; path: (id: number) => string; label: string; toast: string; testId: string }) {
  const record = useRecordContext<{ id: number }>();
  const notify = useNotify();
  const redirect = useRedirect();
  const copying = useApiMutation((dp, id: number) => dp.call<{ data: { id: number } }>(path(id), { method: 'POST' }), [resource]);
  if (!record) return null;
  return (
    <RowButton
      label={label}
      testId={`${testId}-${record.id}`}
      onClick={async () => {
        try {
          const copy = await copying.mutateAsync(record.id);
          notify(toast, { type: 'success' });
          redirect('edit', resource, copy.data.id);
        } catch (err) {
          notify((err as Error).message, { type: 'error' });
        }
      }}
    >
      <ContentCopyIcon fontSize="small" />
    </RowButton>
  );
}
