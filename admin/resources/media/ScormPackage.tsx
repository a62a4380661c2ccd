import { useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import type { ScormPackageAnswer } from '../../../common/api/types/scorm.ts';
import type { AdminDataProvider } from '../../providers/queries.ts';
import { useApiQuery } from '../../providers/queries.ts';

type Pkg = NonNullable<ScormPackageAnswer['data']>;

/** A SCORM material's package as its manifest says (title, version, files, launch file), or that there is none yet. */
export function ScormPackageInfo({ mediaId }: { mediaId: number }) {
  const t = useTranslate();
  const { data } = useApiQuery<{ data: Pkg | null }>(`/admin/scorm/${mediaId}`);
  if (!data) return null;
  const p = data.data;
  return (
    <Typography variant="body2" data-testid="scorm-package" sx={{ my: 1 }}>
      {p ? t('media.scorm_package', { title: p.title, version: p.version, files: p.files, launch: p.launch }) : t('media.scorm_none')}
    </Typography>
  );
}

/**
 * Saves a SCORM material: a new one with its package in one request (`POST /admin/scorm`), or an edit (the title by
 * `/admin/media`, a new package by `POST /admin/scorm/:id/package`). Answers the package read from the manifest, if one
 * was sent. A refused package changes nothing on the server; the error is the catalogue's.
 */
export async function saveScorm(dp: AdminDataProvider, opts: { id?: number; title: string; file: File | null; onUploadProgress: (f: number) => void }): Promise<Pkg | null> {
  if (!opts.id) {
    const r = (await dp.call('/admin/scorm', { method: 'POST', body: { title: opts.title, file: opts.file! }, form: true, onUploadProgress: opts.onUploadProgress })) as { data: Pkg };
    return r.data;
  }
  await dp.call(`/admin/media/${opts.id}`, { method: 'PUT', body: { title: opts.title, kind: 'scorm' }, json: true });
  if (!opts.file) return null;
  const r = (await dp.call(`/admin/scorm/${opts.id}/package`, { method: 'POST', body: { file: opts.file }, form: true, onUploadProgress: opts.onUploadProgress })) as { data: Pkg };
  return r.data;
}
