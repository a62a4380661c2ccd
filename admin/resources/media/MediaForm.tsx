import { useRef, useState } from 'react';
import { Form, FormDataConsumer, Loading, Title, useGetOne, useNotify, useRedirect, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import SaveIcon from '@mui/icons-material/Save';
import type { AdminMediaRecord, MediaLimits } from '../../../common/api/types/media.ts';
import { useApiMutation, useApiQuery } from '../../providers/queries.ts';
import type { RequestOptions } from '../../../common/api/client.ts';
import { inputFor } from '../../framework/inputs.tsx';
import { ACCEPT, hasFile, humanSize, kindChoices, type Kind } from './kinds.ts';
import { ScormPackageInfo, saveScorm } from './ScormPackage.tsx';

/** A material being created holds only some of its fields yet. */
type MediaRecord = Partial<AdminMediaRecord>;

/** Video limit in MB as the server announces it (MEDIA_VIDEO_MAX_MB). */
function useVideoLimit() {
  return useApiQuery<{ data: MediaLimits }, number>('/admin/media/limits', { select: (r) => r.data.video_mb, staleTime: Number.POSITIVE_INFINITY }).data ?? null;
}

/** A file picker with the kind's accepted types, its limit and the file kept now. */
function FilePicker({ kind, file, onChange, current }: { kind: Kind; file: File | null; onChange: (f: File | null) => void; current?: MediaRecord }) {
  const t = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const videoMb = useVideoLimit();
  const keeps = current?.file_name && current.kind && hasFile(current.kind);
  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="subtitle2">{t('media.file')}</Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {t(`media.limit_${kind}`, { mb: videoMb ?? 2048 })}
      </Typography>
      {keeps && <Typography variant="body2">{t('media.current_file', { name: current!.file_name, size: humanSize(current!.size) })}</Typography>}
      <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center' }}>
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()}>
          {t(keeps ? 'media.replace_file' : 'media.choose_file')}
        </Button>
        <Typography variant="body2" data-testid="media-file-name">
          {file ? `${file.name} (${humanSize(file.size)})` : t('media.no_file')}
        </Typography>
      </Stack>
      <input
        ref={input}
        type="file"
        hidden
        accept={ACCEPT[kind]}
        data-testid="media-file"
        onChange={(e) => {
          onChange(e.target.files?.[0] ?? null);
          e.target.value = '';
        }}
      />
    </Box>
  );
}

/** Upload progress, 0..1; shown while a file travels. */
export function UploadProgress({ value }: { value: number | null }) {
  const t = useTranslate();
  if (value === null) return null;
  const percent = Math.round(value * 100);
  return (
    <Box sx={{ my: 2 }} data-testid="upload-progress">
      <LinearProgress variant="determinate" value={percent} aria-label={t('media.uploading', { percent })} />
      <Typography variant="caption" data-testid="upload-percent">
        {percent >= 100 ? t('media.uploaded') : t('media.uploading', { percent })}
      </Typography>
    </Box>
  );
}

/**
 * Create or edit a material: the fields its kind needs, and a file sent as form data with a progress bar
 * (an update goes as POST with `_method=PUT`; fields left out keep their value, '' clears them).
 */
function MediaFormScreen({ record }: { record?: MediaRecord }) {
  const t = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [params] = useSearchParams();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // the materials' reads are asked again after a save; a SCORM material's package read too
  const saving = useApiMutation((dp, { path, ...options }: { path: string } & RequestOptions) => dp.call(path, options), ['media', 'videos']);
  const savingScorm = useApiMutation(
    (dp, v: Omit<Parameters<typeof saveScorm>[1], 'onUploadProgress'>) => saveScorm(dp, { ...v, onUploadProgress: (f) => setProgress(f) }),
    ['media', ...(record?.id ? [`/admin/scorm/${record.id}`] : [])],
  );
  const editing = Boolean(record?.id);
  const initial: MediaRecord = record ?? { kind: (params.get('kind') as Kind | null) ?? 'video', title: '' };

  async function save(values: Record<string, unknown>) {
    const kind = values.kind as Kind;
    const needsFile = hasFile(kind) && kind !== 'project' && !(editing && record?.file_name && hasFile(record.kind));
    if (needsFile && !file) {
      notify('media.file_required', { type: 'warning' });
      return;
    }
    if (kind === 'scorm') return saveScormMaterial(String(values.title ?? ''));
    const body: Record<string, unknown> = { title: values.title, kind };
    if (kind === 'link' || kind === 'lti') body.url = values.url ?? '';
    if (kind === 'lti') body.lti_tool_id = values.lti_tool_id ?? '';
    if (kind === 'text' || kind === 'project') body.body = values.body ?? '';
    if (kind === 'project') body.deadline = values.deadline ?? '';
    if (file && hasFile(kind)) body.file = file;
    setBusy(true);
    setProgress(file && hasFile(kind) ? 0 : null);
    try {
      const path = editing ? `/admin/media/${record!.id}` : '/admin/media';
      await saving.mutateAsync({ path, method: editing ? 'PUT' : 'POST', body, form: true, override: editing, onUploadProgress: (f) => setProgress(f) });
      if (body.file) {
        setProgress(1);
        await new Promise((r) => setTimeout(r, 700)); // let the full bar be seen before leaving
      }
      notify(editing ? 'toasts.media_is_update' : 'toasts.media_is_add', { type: 'success' });
      if (params.get('from') === 'videos') redirect('list', 'videos');
      else redirect('list', 'media');
    } catch (e) {
      setProgress(null);
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  /** A SCORM material: its package's zip goes to the SCORM routes; the manifest's title and version are shown. */
  async function saveScormMaterial(title: string) {
    setBusy(true);
    setProgress(file ? 0 : null);
    try {
      const pkg = await savingScorm.mutateAsync({ id: editing ? record!.id : undefined, title, file });
      if (pkg) notify('media.scorm_uploaded', { type: 'success', messageArgs: { title: pkg.title, version: pkg.version } });
      else notify('toasts.media_is_update', { type: 'success' });
      redirect('list', 'media');
    } catch (e) {
      setProgress(null);
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={editing ? t('media.edit_title', { title: record?.title ?? '' }) : t('media.new_title')} />
      <CardContent>
        <Form record={initial} onSubmit={save}>
          <Stack sx={{ maxWidth: 640 }}>
            {inputFor({ source: 'title', type: 'text', required: true, maxLength: 255 }, 'create')}
            {inputFor({ source: 'kind', type: 'select', required: true, choices: kindChoices }, 'create')}
            <FormDataConsumer>
              {({ formData }) => {
                const kind = formData.kind as Kind | undefined;
                return (
                  <>
                    {kind === 'link' && inputFor({ source: 'url', type: 'text', required: true, maxLength: 2000 }, 'create')}
                    {(kind === 'text' || kind === 'project') && inputFor({ source: 'body', type: 'richtext', required: kind === 'text' }, 'create')}
                    {kind === 'project' && inputFor({ source: 'deadline', type: 'date' }, 'create')}
                    {kind === 'lti' && inputFor({ source: 'lti_tool_id', type: 'reference', reference: 'ltiTools', optionText: 'name', required: true }, 'create')}
                    {kind === 'lti' && inputFor({ source: 'url', type: 'text', maxLength: 2000, helperText: 'media.lti_target_hint' }, 'create')}
                    {kind === 'scorm' && editing && record?.kind === 'scorm' && <ScormPackageInfo mediaId={record.id!} />}
                    {hasFile(kind) && <FilePicker kind={kind} file={file} onChange={setFile} current={record} />}
                  </>
                );
              }}
            </FormDataConsumer>
            <UploadProgress value={progress} />
            <Box>
              <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={busy} data-testid="media-save">
                {t('media.save')}
              </Button>
            </Box>
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}

export const MediaCreate = () => <MediaFormScreen />;

export function MediaEdit() {
  const { id } = useParams();
  const { data, isPending } = useGetOne<MediaRecord & { id: number }>('media', { id: Number(id) });
  if (isPending || !data) return <Loading />;
  return <MediaFormScreen key={data.id} record={data} />;
}
