import { useRef } from 'react';
import { Button, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Box, Card, CardContent, Divider, IconButton, List, ListItem, ListItemText, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { download } from '../../../common/api/download.ts';
import { formatBytes } from './bytes.ts';
import { GenerateDiplomaDocument } from './Generate.tsx';
import { IssuedVerification } from './Verification.tsx';
import type { IssuedDocument } from '../../../common/api/types/diplomas.ts';
import type { DiplomaFileRow, FullDiploma } from '../../../common/api/types/diploma-record.ts';
import { useApiMutation } from '../../providers/queries.ts';

/** A file or a generated document of the diploma, as the list shows it. */
type Item = Pick<DiplomaFileRow, 'id' | 'file_name' | 'size' | 'download_url'> & { title?: string };
type DiplomaRecord = FullDiploma;

/** Beside the diploma form: its files (add, download, remove) and the documents generated from it (generate, download, delete). */
export function DiplomaAttachments() {
  const record = useRecordContext<DiplomaRecord>();
  const notify = useNotify();
  // a file added or a file or document removed shows once the diploma's record is asked again
  const uploading = useApiMutation((dp, { id, files }: { id: number; files: File[] }) => dp.call(`/admin/diploma/${id}/files`, { method: 'POST', body: { files }, form: true }), ['diplomas']);
  const removing = useApiMutation((dp, path: string) => dp.call(path, { method: 'DELETE' }), ['diplomas']);
  const t = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  if (!record) return null;
  const fail = (e: unknown) => notify((e as Error).message, { type: 'error' });
  async function upload(files: FileList | null) {
    if (!files?.length) return;
    try {
      await uploading.mutateAsync({ id: record!.id, files: [...files] });
      notify('toasts.diploma_file_is_add', { type: 'success' });
    } catch (e) {
      fail(e);
    } finally {
      if (input.current) input.current.value = '';
    }
  }
  async function remove(path: string, toast: string) {
    try {
      await removing.mutateAsync(path);
      notify(toast, { type: 'success' });
    } catch (e) {
      fail(e);
    }
  }
  const row = (item: Item, onRemove: () => void, testId: string) => (
    <ListItem
      key={item.id}
      data-testid={testId}
      secondaryAction={
        <>
          <Tooltip title={t('diplomas.download')}>
            <IconButton aria-label={`${t('diplomas.download')} ${item.file_name}`} onClick={() => download(item.download_url).catch(fail)}>
              <DownloadIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('diplomas.remove')}>
            <IconButton aria-label={`${t('diplomas.remove')} ${item.file_name}`} onClick={onRemove}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      }
    >
      <ListItemText primary={item.title ?? item.file_name} secondary={formatBytes(item.size)} sx={{ pr: 8 }} />
    </ListItem>
  );
  return (
    <Card sx={{ ml: 2, width: 380, flexShrink: 0 }}>
      <CardContent>
        <Typography variant="h6">{t('diplomas.documents')}</Typography>
        <GenerateDiplomaDocument />
        <List dense>{(record.documents ?? []).map((d) => row(d, () => void remove(`/admin/diploma_documents/${d.id}`, 'toasts.diploma_document_is_delete'), 'diploma-document'))}</List>
        <IssuedVerification documents={(record.documents ?? []) as IssuedDocument[]} />
        {!record.documents?.length && (
          <Typography variant="body2" color="text.secondary">
            {t('diplomas.no_documents')}
          </Typography>
        )}
        <Divider sx={{ my: 2 }} />
        <Typography variant="h6">{t('diplomas.files')}</Typography>
        <Box>
          <input ref={input} type="file" multiple hidden accept=".pdf,.jpg,.jpeg,.png,.doc,.docx" data-testid="diploma-file-input" onChange={(e) => void upload(e.target.files)} />
          <Button label="diplomas.add_files" onClick={() => input.current?.click()}>
            <UploadFileIcon />
          </Button>
        </Box>
        <List dense>{(record.files ?? []).map((f) => row(f, () => void remove(`/admin/diploma/${record.id}/files/${f.id}`, 'toasts.diploma_file_is_delete'), 'diploma-file'))}</List>
        {!record.files?.length && (
          <Typography variant="body2" color="text.secondary">
            {t('diplomas.no_files')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
