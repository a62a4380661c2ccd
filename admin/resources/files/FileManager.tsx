import { useCallback, useEffect, useState } from 'react';
import { Title, useBasename, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import {
  Box,
  Breadcrumbs,
  Button,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import FolderIcon from '@mui/icons-material/Folder';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import UploadIcon from '@mui/icons-material/UploadFile';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/DriveFileRenameOutline';
import DownloadIcon from '@mui/icons-material/Download';
import MoveIcon from '@mui/icons-material/DriveFileMove';
import CopyIcon from '@mui/icons-material/FileCopy';
import SearchIcon from '@mui/icons-material/Search';
import { useApiMutation, useApiQuery } from '../../providers/queries.ts';
import type { RequestOptions } from '../../../common/api/client.ts';
import { download } from '../../../common/api/download.ts';
import { humanSize } from '../media/kinds.ts';
import { UploadProgress } from '../media/MediaForm.tsx';
import type { FileRow as FileRowAnswer, FileSearchResult, FolderListing, FolderListingResult, FolderRow } from '../../../common/api/types/files.ts';
import { FolderPicker } from './FolderPicker.tsx';
import { FileButton } from './FileButton.tsx';

/** A file of a folder, or of a search (which names its folder). */
type FileRow = FileRowAnswer & { folder_name?: string };
type Listing = FolderListing;
const LISTING = '/admin/file/getFolder';
type Ask = { kind: 'create' } | { kind: 'rename'; folder: FolderRow } | { kind: 'delete-folder'; folder: FolderRow } | { kind: 'delete-file'; file: FileRow } | null;

const dateOf = (iso: string) => {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}.${p(d.getMonth() + 1)}.${d.getFullYear()}`;
};

/** The address of a folder: `/admin/files` for the default one, else `/admin/files/folder/<id>/<name>` (the name is for people; the id decides). */
export function folderPath(basename: string, f: { id: number; name?: string; is_default?: boolean }) {
  if (f.is_default) return `${basename}/files`;
  return `${basename}/files/folder/${f.id}${f.name ? `/${encodeURIComponent(f.name)}` : ''}`;
}

/**
 * The file manager: the default folder at `/admin/files`, any other at `/admin/files/folder/<id>/<name>` (the
 * specification's `file-manager/{id}`: a folder opens from its address, survives a reload, back and forward move
 * between folders). Breadcrumbs, subfolders and files, upload with progress, search, select + move/copy through a
 * folder picker, create/rename/delete folders; a file's name opens its edit screen (`/admin/files/<id>`).
 */
export function FileManager() {
  const t = useTranslate();
  const notify = useNotify();
  const basename = useBasename();
  const navigate = useNavigate();
  const folderId = Number(useParams().folder) || undefined;
  const [q, setQ] = useState('');
  // the search asks once the typing pauses (300 ms)
  const [asked, setAsked] = useState('');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [picker, setPicker] = useState<'move' | 'copy' | null>(null);
  const [ask, setAsk] = useState<Ask>(null);
  const [name, setName] = useState('');
  const [progress, setProgress] = useState<number | null>(null);

  const fail = useCallback((e: unknown) => notify((e as Error).message, { type: 'error' }), [notify]);
  // the folder shown stays on screen while the next one is on its way
  const folder = useApiQuery<FolderListingResult, Listing>(LISTING, { query: folderId ? { id: folderId } : {}, select: (r) => r.data, keepPrevious: true, retry: false });
  const listing = folder.data ?? null;
  useEffect(() => setSelected(new Set()), [folderId]);
  // a change of files or folders: the call, then the folder's listing (and the picker's folders) asked again
  const change = useApiMutation((dp, { path, ...options }: { path: string } & RequestOptions) => dp.call(path, options), [LISTING, '/admin/file/folders']);
  const uploading = useApiMutation(
    (dp, body: { folder_id: number; files: File[] }) => dp.call<{ data: FileRow[] }>('/admin/file', { method: 'POST', body, form: true, onUploadProgress: setProgress }),
    [LISTING],
  );
  const text = q.trim();
  useEffect(() => {
    const timer = setTimeout(() => setAsked(text), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useApiQuery<FileSearchResult, FileSearchResult['data']>('/admin/file/search', { query: { q: asked }, enabled: !!asked, select: (r) => r.data, keepPrevious: true, retry: false });
  const found = text && asked ? (search.data ?? null) : null;
  useEffect(() => {
    if (folder.error) fail(folder.error);
  }, [folder.error, fail]);
  useEffect(() => {
    if (search.error) fail(search.error);
  }, [search.error, fail]);

  const at = (f: { id: number; name?: string; is_default?: boolean }) => folderPath(basename, { ...f, is_default: f.is_default || f.id === listing?.breadcrumbs[0]?.id });
  // a folder's link: in the app (history, so back and forward move between folders), and a real address to open elsewhere
  const folderLink = (f: { id: number; name?: string; is_default?: boolean }) => ({
    component: RouterLink,
    to: at(f),
    onClick: () => setQ(''),
  });
  // the address names the folder: a renamed folder's address follows its new name
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new listing can change the name
  useEffect(() => {
    const f = listing?.folder;
    if (f && folderId && f.id === folderId && !f.is_default) {
      const want = at(f);
      if (decodeURIComponent(window.location.pathname) !== decodeURIComponent(want)) navigate(want, { replace: true });
    }
  }, [listing]);
  const folderName = (f: { name: string; is_default: boolean }) => (f.is_default ? t('files.default_folder') : f.name);
  const rows: FileRow[] = found ? found.files : (listing?.files ?? []);
  const toggle = (id: number) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  async function upload(list: File[]) {
    if (!list.length || !listing) return;
    setProgress(0);
    try {
      const r = await uploading.mutateAsync({ folder_id: listing.folder.id, files: list });
      setProgress(1);
      notify('toasts.file_is_upload', { type: 'success', messageArgs: { smart_count: r.data.length } });
    } catch (e) {
      fail(e);
    } finally {
      setTimeout(() => setProgress(null), 1500);
    }
  }

  async function transfer(target: number) {
    const mode = picker;
    setPicker(null);
    try {
      await change.mutateAsync({ path: `/admin/file/${mode}`, method: 'POST', body: { ids: [...selected], folder_id: target } });
      notify(mode === 'move' ? 'toasts.file_is_move' : 'toasts.file_is_copy', { type: 'success' });
      setSelected(new Set());
      if (found) setQ('');
    } catch (e) {
      fail(e);
    }
  }

  async function confirm() {
    const a = ask;
    if (!a || !listing) return;
    try {
      if (a.kind === 'create') {
        await change.mutateAsync({ path: '/admin/file/createFolder', method: 'POST', body: { name: name.trim(), parent_id: listing.folder.id } });
        notify('toasts.folder_is_add', { type: 'success' });
      } else if (a.kind === 'rename') {
        await change.mutateAsync({ path: `/admin/folder/${a.folder.id}/rename`, method: 'POST', body: { name: name.trim() } });
        notify('toasts.folder_is_rename', { type: 'success' });
      } else if (a.kind === 'delete-folder') {
        await change.mutateAsync({ path: '/admin/file/deleteFolder', method: 'POST', body: { id: a.folder.id } });
        notify('toasts.folder_is_delete', { type: 'success' });
      } else {
        await change.mutateAsync({ path: `/admin/file/${a.file.id}`, method: 'DELETE' });
        notify('toasts.file_is_delete', { type: 'success' });
        setSelected((s) => new Set([...s].filter((id) => id !== a.file.id)));
      }
      setAsk(null);
    } catch (e) {
      fail(e);
    }
  }

  const naming = ask?.kind === 'create' || ask?.kind === 'rename';
  const allChecked = rows.length > 0 && rows.every((f) => selected.has(f.id));

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={t('files.title')} />
      <CardContent>
        <Breadcrumbs aria-label={t('files.folder')} sx={{ mb: 1 }} data-testid="breadcrumbs">
          {(listing?.breadcrumbs ?? []).map((b, i, all) =>
            i === all.length - 1 && !found ? (
              <Typography key={b.id} color="text.primary">
                {folderName(b)}
              </Typography>
            ) : (
              <Link key={b.id} underline="hover" {...folderLink(b)}>
                {folderName(b)}
              </Link>
            ),
          )}
        </Breadcrumbs>
        <Toolbar disableGutters sx={{ gap: 1, flexWrap: 'wrap' }}>
          <FileButton variant="contained" icon={<UploadIcon />} label={t('files.upload')} multiple testId="files-input" buttonTestId="files-upload" onFiles={(list) => void upload(list)} />
          <Button
            startIcon={<CreateNewFolderIcon />}
            onClick={() => {
              setName('');
              setAsk({ kind: 'create' });
            }}
            data-testid="folder-create"
          >
            {t('files.new_folder')}
          </Button>
          <Button startIcon={<MoveIcon />} disabled={!selected.size} onClick={() => setPicker('move')} data-testid="files-move">
            {t('files.move')}
          </Button>
          <Button startIcon={<CopyIcon />} disabled={!selected.size} onClick={() => setPicker('copy')} data-testid="files-copy">
            {t('files.copy')}
          </Button>
          {selected.size > 0 && <Typography variant="body2">{t('files.selected', { smart_count: selected.size })}</Typography>}
          <Box sx={{ flex: 1 }} />
          <TextField
            size="small"
            placeholder={t('files.search')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            slotProps={{
              htmlInput: { 'aria-label': t('files.search'), 'data-testid': 'files-search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Toolbar>
        <Typography variant="caption" color="text.secondary">
          {t('files.limits')}
        </Typography>
        <UploadProgress value={progress} />
        {found && (
          <Typography variant="subtitle1" sx={{ mt: 2 }}>
            {t('files.search_results', { q: q.trim() })}
          </Typography>
        )}
        <Table size="small" sx={{ mt: 1 }}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allChecked}
                  indeterminate={!allChecked && rows.some((f) => selected.has(f.id))}
                  onChange={() => setSelected(allChecked ? new Set() : new Set(rows.map((f) => f.id)))}
                  slotProps={{ input: { 'aria-label': t('files.select_all') } }}
                />
              </TableCell>
              <TableCell>{t('resources.files.fields.name')}</TableCell>
              <TableCell>{t('resources.files.fields.size')}</TableCell>
              <TableCell>{t('resources.files.fields.created_at')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(found ? found.folders : (listing?.folders ?? [])).map((f) => (
              <TableRow key={`d${f.id}`} hover data-testid={`folder-row-${f.name}`}>
                <TableCell padding="checkbox" />
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <FolderIcon color="primary" fontSize="small" />
                    <Link underline="hover" {...folderLink(f)}>
                      {folderName(f)}
                    </Link>
                  </Stack>
                </TableCell>
                <TableCell>{'files_count' in f ? t('files.files_count', { count: (f as { files_count: number }).files_count }) : ''}</TableCell>
                <TableCell>{dateOf((f as unknown as { created_at: string }).created_at)}</TableCell>
                <TableCell align="right">
                  {!f.is_default && (
                    <>
                      <Tooltip title={t('files.rename')}>
                        <IconButton
                          aria-label={`${t('files.rename')} ${f.name}`}
                          onClick={() => {
                            setName(f.name);
                            setAsk({ kind: 'rename', folder: f });
                          }}
                        >
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('files.delete')}>
                        <IconButton aria-label={`${t('files.delete')} ${f.name}`} onClick={() => setAsk({ kind: 'delete-folder', folder: f })}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {rows.map((f) => (
              <TableRow key={f.id} hover selected={selected.has(f.id)} data-testid={`file-row-${f.name}`}>
                <TableCell padding="checkbox">
                  <Checkbox checked={selected.has(f.id)} onChange={() => toggle(f.id)} slotProps={{ input: { 'aria-label': t('files.select', { name: f.name }) } }} />
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <FileIcon fontSize="small" />
                    <Link underline="hover" component={RouterLink} to={`${basename}/files/${f.id}`} data-testid={`file-edit-${f.name}`}>
                      {f.name}
                    </Link>
                    {found && f.folder_name && (
                      <Link variant="caption" {...folderLink({ id: f.folder_id, name: f.folder_name })}>
                        {t('files.in_folder', { name: f.folder_name })}
                      </Link>
                    )}
                  </Stack>
                </TableCell>
                <TableCell>{humanSize(f.size)}</TableCell>
                <TableCell>{dateOf(f.created_at)}</TableCell>
                <TableCell align="right">
                  <Tooltip title={t('files.download')}>
                    <IconButton aria-label={`${t('files.download')} ${f.name}`} onClick={() => download(`/admin/file/${f.id}/download`).catch(fail)}>
                      <DownloadIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('files.delete')}>
                    <IconButton aria-label={`${t('files.delete')} ${f.name}`} onClick={() => setAsk({ kind: 'delete-file', file: f })}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
            {listing && !rows.length && !(found ? found.folders.length : listing.folders.length) && (
              <TableRow>
                <TableCell colSpan={5} align="center">
                  {t(found ? 'files.nothing_found' : 'files.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </CardContent>

      <FolderPicker open={picker !== null} title={t(picker === 'copy' ? 'files.copy_to' : 'files.move_to')} onClose={() => setPicker(null)} onPick={(id) => void transfer(id)} />

      <Dialog open={ask !== null} onClose={() => setAsk(null)} fullWidth maxWidth="xs">
        <DialogTitle>
          {ask?.kind === 'create'
            ? t('files.new_folder')
            : ask?.kind === 'rename'
              ? t('files.rename')
              : ask?.kind === 'delete-folder'
                ? t('files.confirm_delete_folder', { name: ask.folder.name })
                : ask?.kind === 'delete-file'
                  ? t('files.confirm_delete_file', { name: ask.file.name })
                  : ''}
        </DialogTitle>
        {naming && (
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label={t('files.folder_name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && name.trim()) void confirm();
              }}
              slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'folder-name' } }}
            />
          </DialogContent>
        )}
        <DialogActions>
          <Button onClick={() => setAsk(null)}>{t('files.cancel')}</Button>
          <Button variant="contained" color={naming ? 'primary' : 'error'} disabled={naming && !name.trim()} onClick={() => void confirm()} data-testid="dialog-confirm">
            {t(ask?.kind === 'create' ? 'files.create' : ask?.kind === 'rename' ? 'files.save' : 'files.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
