import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useRecordContext, useRedirect } from 'react-admin';
import { type AdminDataProvider, useApiMutation } from '../providers/queries.ts';
import { RowButton } from './RowButton.tsx';

/**
 * A row's copy button (a program's clone, a quiz's duplicate): `copy` asks the server for the copy (its answer typed
 * by the resource, from the server's schemas), the toast says so and the copy's edit screen opens; a refusal shows the
 * server's message. The resource's list is asked again after it.
 */
export function CopyRowButton({
  resource,
  copy,
  label,
  toast,
  testId,
}: {
  resource: string;
  copy: (dp: AdminDataProvider, id: number) => Promise<{ data: { id: number } }>;
  label: string;
  toast: string;
  testId: string;
}) {
  const record = useRecordContext<{ id: number }>();
  const notify = useNotify();
  const redirect = useRedirect();
  const copying = useApiMutation(copy, [resource]);
  if (!record) return null;
  return (
    <RowButton
      label={label}
      testId={`${testId}-${record.id}`}
      onClick={async () => {
        try {
          const made = await copying.mutateAsync(record.id);
          notify(toast, { type: 'success' });
          redirect('edit', resource, made.data.id);
        } catch (err) {
          notify((err as Error).message, { type: 'error' });
        }
      }}
    >
      <ContentCopyIcon fontSize="small" />
    </RowButton>
  );
}
