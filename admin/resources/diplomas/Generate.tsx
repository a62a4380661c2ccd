import { Button, useNotify, useRecordContext } from 'react-admin';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useApiMutation } from '../../providers/queries.ts';

/** Renders the diploma's PDF into the student's documents (`POST /admin/diploma/{id}/generate`); a row action and a button of the edit screen. */
export function GenerateDiplomaDocument() {
  const record = useRecordContext<{ id: number }>();
  const notify = useNotify();
  // the new document shows in the diploma's record and in the list once they are asked again
  const generating = useApiMutation((dp, id: number) => dp.recordAction('diplomas', 'generate', id), ['diplomas']);
  if (!record) return null;
  return (
    <Button
      label="diplomas.generate"
      data-testid="diploma-generate"
      onClick={async (e) => {
        e.stopPropagation();
        try {
          await generating.mutateAsync(record.id);
          notify('toasts.diploma_document_is_add', { type: 'success' });
        } catch (err) {
          notify((err as Error).message, { type: 'error' });
        }
      }}
    >
      <PictureAsPdfIcon />
    </Button>
  );
}
