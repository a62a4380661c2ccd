import { MB, DOC_EXTENSIONS, VIDEO_EXTENSIONS } from '../../core/file-types.ts';
import type { MediaKind } from '../../db/schema/index.ts';

/** Largest size the integer `size` column holds: 2 GB minus one byte. */
export const INT_MAX = 2_147_483_647;
/** Files other than videos: at most 40 MB (ERROR_MAX_SIZE_40). */
export const OTHER_MAX = 40 * MB;

/**
 * Largest video upload in bytes: the configured `MEDIA_VIDEO_MAX_MB` (server/config.ts, default 2048, i.e. 2 GB),
 * never above what the `size` column can hold. Read when the module is registered.
 */
export function videoMaxBytes(mb: number) {
  return Math.min(Math.floor(mb * MB), INT_MAX);
}

/** The kinds that carry a file, and whether they need one. */
export const FILE_KINDS: Partial<Record<MediaKind, { required: boolean; extensions: string[] }>> = {
  video: { required: true, extensions: VIDEO_EXTENSIONS },
  pdf: { required: true, extensions: ['pdf'] },
  file: { required: true, extensions: DOC_EXTENSIONS },
  project: { required: false, extensions: DOC_EXTENSIONS },
};
