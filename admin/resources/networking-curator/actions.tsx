import { Button, useListContext, useNotify, useRecordContext, useTranslate } from 'react-admin';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { download } from '../../../common/api/download.ts';
import { currentTenant } from '../../../common/tenant/tenant.ts';
import { RowButton } from '../../framework/RowButton.tsx';

/** The server's Excel export of the list as filtered now (GET /admin/networking/curator/export). */
export function ExcelExport() {
  const t = useTranslate();
  const notify = useNotify();
  const { filterValues } = useListContext();
  const { q, ...filter } = (filterValues ?? {}) as Record<string, unknown>;
  return (
    <Button
      label={t('resources.networking-curator.excel')}
      onClick={() => download('/admin/networking/curator/export', { query: { q, filter } }).catch(() => notify('errors.ERROR_DOWNLOAD.title', { type: 'error' }))}
    >
      <FileDownloadIcon />
    </Button>
  );
}

/** Opens the member's page in the portal (networking/curator/{domain}/{id}: every tab, every contact). */
export function OpenMember() {
  const record = useRecordContext<{ id: number }>();
  if (!record) return null;
  return (
    <RowButton label="resources.networking-curator.open" onClick={() => window.location.assign(`/networking/curator/${currentTenant()}/${record.id}`)}>
      <OpenInNewIcon fontSize="small" />
    </RowButton>
  );
}
