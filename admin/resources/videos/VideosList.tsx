import { CreateButton, Datagrid, List, SearchInput, TextField, TopToolbar, useCreatePath, useRecordContext, useTranslate, Button } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Box } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { apiBaseUrl, currentTenant } from '../../../common/tenant/tenant.ts';
import { STORAGE_KEYS, storage } from '../../../common/storage.ts';
import { DateTimeCell, ListPagination, NumberCell, PER_PAGE, SizeCell } from '../../framework/cells.tsx';

/** The stream URL a <video> element fetches by itself: token and school in the query (the route allows it). */
export function streamUrl(id: number) {
  const q = new URLSearchParams({ media_id: String(id), access_token: storage.get(STORAGE_KEYS.token) ?? '', domain: currentTenant() });
  return `${apiBaseUrl()}/api/streamVideo?${q}`;
}

function Player() {
  const record = useRecordContext<{ id: number; title: string }>();
  const t = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ p: 1 }}>
      <video controls preload="metadata" src={streamUrl(record.id)} style={{ maxWidth: '100%', width: 640, background: '#000' }} data-testid={`player-${record.id}`} aria-label={record.title}>
        {t('videos.no_support')}
      </video>
    </Box>
  );
}

function EditInMedia() {
  const record = useRecordContext<{ id: number }>();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <Button
      label="videos.edit"
      onClick={(e) => {
        e.stopPropagation();
        navigate(createPath({ resource: 'media', type: 'edit', id: record.id }));
      }}
    >
      <EditIcon />
    </Button>
  );
}

/** The media create screen, preset to a video, coming back here after the upload. */
function UploadVideo() {
  const createPath = useCreatePath();
  return <CreateButton resource="media" to={`${createPath({ resource: 'media', type: 'create' })}?kind=video&from=videos`} label="videos.upload" />;
}

const Actions = () => (
  <TopToolbar>
    <UploadVideo />
  </TopToolbar>
);

function Empty() {
  const t = useTranslate();
  return (
    <Box sx={{ p: 3, textAlign: 'center' }}>
      <p>{t('videos.empty')}</p>
      <UploadVideo />
    </Box>
  );
}

/** Videos only (materials of kind video), each with a player preview that streams with range requests. */
export function VideosList() {
  return (
    <List
      resource="videos"
      filter={{ kind: 'video' }}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'id', order: 'DESC' }}
      actions={<Actions />}
      empty={<Empty />}
      perPage={PER_PAGE}
      pagination={<ListPagination />}
    >
      <Datagrid rowClick="expand" expand={<Player />} bulkActionButtons={false}>
        <TextField source="id" />
        <TextField source="title" />
        <TextField source="file_name" sortable={false} />
        <SizeCell source="size" />
        <NumberCell source="chapters_count" sortable={false} />
        <DateTimeCell source="created_at" />
        <EditInMedia />
      </Datagrid>
    </List>
  );
}
