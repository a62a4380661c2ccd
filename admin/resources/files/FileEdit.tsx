import { useCallback, useEffect, useState } from 'react';
import { Title, useBasename, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Box, Breadcrumbs, Button, Card, CardContent, Link, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import MoveIcon from '@mui/icons-material/DriveFileMove';
import SaveIcon from '@mui/icons-material/Save';
import { useApiMutation, useApiQuery } from '../../providers/queries.ts';
import { download } from '../../../common/api/download.ts';
import { formatDateTime } from '../../../common/format/format.ts';
import { humanSize } from '../media/kinds.ts';
import type { FolderRow, OneFile, OneFileResult } from '../../../common/api/types/files.ts';
import { FolderPicker } from './FolderPicker.tsx';
import { folderPath } from './FileManager.tsx';

/**
 * The file edit screen (`/admin/files/<id>`, the specification's `file/{id}/edit`): the file's name (renamed with
 * `PUT /admin/file/{id}`), its folder (moved with `POST /admin/file/move`), size, type and date, download, and the
 * way back to its folder. A name taken in the folder answers 409 `ERROR_FILE_EXISTS`, shown as the toast.
 */
export function FileEdit() {
  const t = useTranslate();
  const notify = useNotify();
  const basename = useBasename();
  const id = Number(useParams().id);
  const [name, setName] = useState('');
  const [target, setTarget] = useState<FolderRow | null>(null);
  const [picking, setPicking] = useState(false);

  const fail = useCallback((e: unknown) => notify((e as Error).message, { type: 'error' }), [notify]);
  const read = useApiQuery<OneFileResult, OneFile>(`/admin/file/${id}`, { select: (r) => r.data, retry: false });
  const file = read.data ?? null;
  const failed = read.isError;
  // each answer read (the first, and after a save) shows its name and folder
  useEffect(() => {
    if (!read.data) return;
    setName(read.data.name);
    setTarget(null);
  }, [read.data]);
  useEffect(() => {
    if (read.error) fail(read.error);
  }, [read.error, fail]);
  // the picker's own list (FolderPicker reads the same, cached): the picked folder's row
  const folders = useApiQuery<{ data: FolderRow[] }, FolderRow[]>('/admin/file/folders', { select: (r) => r.data, enabled: picking }).data;
  // a save moves and renames, then the file and the folders' listings are read again
  const saving = useApiMutation(
    async (dp, { file, name, target }: { file: OneFile; name: string; target: FolderRow | null }) => {
      if (target && target.id !== file.folder_id) await dp.call('/admin/file/move', { method: 'POST', body: { ids: [file.id], folder_id: target.id } });
      if (name !== file.name) await dp.call(`/admin/file/${file.id}`, { method: 'PUT', body: { name } });
    },
    [`/admin/file/${id}`, '/admin/file/getFolder'],
  );

  const folderName = (f: { name: string; is_default: boolean }) => (f.is_default ? t('files.default_folder') : f.name);
  const folder = file?.breadcrumbs[file.breadcrumbs.length - 1];
  const changed = !!file && (name.trim() !== file.name || (target !== null && target.id !== file.folder_id));

  async function save() {
    if (!file) return;
    try {
      await saving.mutateAsync({ file, name: name.trim(), target });
      notify('files.saved', { type: 'success' });
    } catch (e) {
      fail(e);
    }
  }

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={file ? t('files.edit_title', { name: file.name }) : t('files.title')} />
      <CardContent>
        {failed && !file && <Typography role="alert">{t('files.nothing_found')}</Typography>}
        {file && folder && (
          <Stack
            component="form"
            spacing={2}
            sx={{ maxWidth: 560 }}
            onSubmit={(e) => {
              e.preventDefault();
              if (changed && name.trim()) void save();
            }}
          >
            <Breadcrumbs aria-label={t('files.folder')} data-testid="file-breadcrumbs">
              {file.breadcrumbs.map((b) => (
                <Link key={b.id} component={RouterLink} underline="hover" to={folderPath(basename, b)}>
                  {folderName(b)}
                </Link>
              ))}
              <Typography color="text.primary">{file.name}</Typography>
            </Breadcrumbs>
            <TextField
              label={t('files.name')}
              value={name}
              required
              onChange={(e) => setName(e.target.value)}
              error={!name.trim()}
              slotProps={{ htmlInput: { maxLength: 255, 'data-testid': 'file-name' } }}
            />
            <Box>
              <Typography variant="body2" color="text.secondary">
                {t('files.folder_field')}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography data-testid="file-folder">{target ? folderName(target) : folderName(folder)}</Typography>
                <Button startIcon={<MoveIcon />} onClick={() => setPicking(true)} data-testid="file-change-folder">
                  {t('files.change_folder')}
                </Button>
              </Stack>
            </Box>
            <Typography variant="body2">
              {t('resources.files.fields.size')}: {humanSize(file.size)} · {t('files.type')}: {file.mime} · {t('resources.files.fields.created_at')}: {formatDateTime(file.created_at)}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={!changed || !name.trim() || saving.isPending} data-testid="file-save">
                {t('files.save')}
              </Button>
              <Button startIcon={<DownloadIcon />} onClick={() => download(`/admin/file/${file.id}/download`).catch(fail)}>
                {t('files.download')}
              </Button>
              <Button component={RouterLink} to={folderPath(basename, target ?? folder)} data-testid="file-back">
                {t('files.back')}
              </Button>
            </Stack>
          </Stack>
        )}
      </CardContent>
      <FolderPicker
        open={picking}
        title={t('files.move_to')}
        onClose={() => setPicking(false)}
        onPick={(picked) => {
          setPicking(false);
          setTarget(folders?.find((f) => f.id === picked) ?? null);
        }}
      />
    </Card>
  );
}
