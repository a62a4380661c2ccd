import { useCallback, useEffect, useState } from 'react';
import { Title, useBasename, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Box, Breadcrumbs, Button, Card, CardContent, Link, Stack, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import MoveIcon from '@mui/icons-material/DriveFileMove';
import SaveIcon from '@mui/icons-material/Save';
import { useApi } from '../../providers/queries.ts';
import { download } from '../../../common/api/download.ts';
import { formatDateTime } from '../../../common/format/format.ts';
import { humanSize } from '../media/kinds.ts';
import type { FolderRow, OneFile } from '../../../common/api/types/files.ts';
import { FolderPicker } from './FolderPicker.tsx';
import { folderPath } from './FileManager.tsx';

/**
 * The file edit screen (`/admin/files/<id>`, the specification's `file/{id}/edit`): the file's name (renamed with
 * `PUT /admin/file/{id}`), its folder (moved with `POST /admin/file/move`), size, type and date, download, and the
 * way back to its folder. A name taken in the folder answers 409 `ERROR_FILE_EXISTS`, shown as the toast.
 */
export function FileEdit() {
  const t = useTranslate();
  const dp = useApi();
  const notify = useNotify();
  const basename = useBasename();
  const id = Number(useParams().id);
  const [file, setFile] = useState<OneFile | null>(null);
  const [failed, setFailed] = useState(false);
  const [name, setName] = useState('');
  const [target, setTarget] = useState<FolderRow | null>(null);
  const [picking, setPicking] = useState(false);
  const [saving, setSaving] = useState(false);

  const fail = useCallback((e: unknown) => notify((e as Error).message, { type: 'error' }), [notify]);
  const load = useCallback(async () => {
    try {
      const r = await dp.call<{ data: OneFile }>(`/admin/file/${id}`);
      setFile(r.data);
      setName(r.data.name);
      setTarget(null);
      setFailed(false);
    } catch (e) {
      setFailed(true);
      fail(e);
    }
  }, [dp, id, fail]);
  useEffect(() => {
    void load();
  }, [load]);

  const folderName = (f: { name: string; is_default: boolean }) => (f.is_default ? t('files.default_folder') : f.name);
  const folder = file?.breadcrumbs[file.breadcrumbs.length - 1];
  const changed = !!file && (name.trim() !== file.name || (target !== null && target.id !== file.folder_id));

  async function save() {
    if (!file) return;
    setSaving(true);
    try {
      if (target && target.id !== file.folder_id) await dp.call('/admin/file/move', { method: 'POST', body: { ids: [file.id], folder_id: target.id } });
      if (name.trim() !== file.name) await dp.call(`/admin/file/${file.id}`, { method: 'PUT', body: { name: name.trim() } });
      notify('files.saved', { type: 'success' });
      await load();
    } catch (e) {
      fail(e);
    } finally {
      setSaving(false);
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
              <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={!changed || !name.trim() || saving} data-testid="file-save">
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
          void dp.call<{ data: FolderRow[] }>('/admin/file/folders').then((r) => setTarget(r.data.find((f) => f.id === picked) ?? null), fail);
        }}
      />
    </Card>
  );
}
