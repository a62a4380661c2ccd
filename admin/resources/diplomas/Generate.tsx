import { Button, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import type { createDataProvider } from '../../providers/dataProvider.ts';

type Provider = ReturnType<typeof createDataProvider>;

/** Renders the diploma's PDF into the student's documents (`POST /admin/diploma/{id}/generate`); a row action and a button of the edit screen. */
export function GenerateDiplomaDocument() {
  const record = useRecordContext<{ id: number }>();
  const dp = useDataProvider<Provider>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!record) return null;
  return (
    <Button
      label="diplomas.generate"
      data-testid="diploma-generate"
      onClick={async (e) => {
        e.stopPropagation();
        try {
          await dp.recordAction('diplomas', 'generate', record.id);
          notify('toasts.diploma_document_is_add', { type: 'success' });
          refresh();
        } catch (err) {
          notify((err as Error).message, { type: 'error' });
        }
      }}
    >
      <PictureAsPdfIcon />
    </Button>
  );
}
