import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { IconButton, Tooltip } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { download } from '../../../common/api/download.ts';

/** Row action: download the document with the session's token. */
export function DownloadDocument() {
  const record = useRecordContext<{ id: number; download_url: string; file_name: string }>();
  const notify = useNotify();
  const t = useTranslate();
  if (!record) return null;
  return (
    <Tooltip title={t('documents.download')}>
      <IconButton
        size="small"
        color="primary"
        aria-label={`${t('documents.download')} ${record.file_name}`}
        onClick={(e) => {
          e.stopPropagation();
          download(record.download_url).catch((err: Error) => notify(err.message, { type: 'error' }));
        }}
      >
        <DownloadIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
