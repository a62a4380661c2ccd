import { open } from 'node:fs/promises';
import { AppError } from '../../core/errors.ts';
import type { MediaKind } from '../../db/schema/index.ts';

/** Largest size the integer `size` column holds: 2 GB minus one byte. */
export const INT_MAX = 2_147_483_647;
export const MB = 1024 * 1024;
/** Files other than videos: at most 40 MB (ERROR_MAX_SIZE_40). */
export const OTHER_MAX = 40 * MB;

/**
 * Largest video upload in bytes: `MEDIA_VIDEO_MAX_MB` (default 2048, i.e. 2 GB), never above what the
 * `size` column can hold. Read when the module is registered.
 */
export function videoMaxBytes(env: NodeJS.ProcessEnv = process.env) {
  const mb = Number(env.MEDIA_VIDEO_MAX_MB);
  const bytes = Number.isFinite(mb) && mb > 0 ? Math.floor(mb * MB) : 2048 * MB;
  return Math.min(bytes, INT_MAX);
}

/** MIME types answered for the extensions we accept (the client's claim is not trusted). */
export const MIME: Record<string, string> = {
  mp4: 'video/mp4', m4v: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm', ogv: 'video/ogg',
  pdf: 'application/pdf', doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint', pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text', ods: 'application/vnd.oasis.opendocument.spreadsheet', odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf', txt: 'text/plain', csv: 'text/csv', md: 'text/markdown',
  zip: 'application/zip', rar: 'application/vnd.rar', '7z': 'application/x-7z-compressed',
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp',
  mp3: 'audio/mpeg', wav: 'audio/wav', m4a: 'audio/mp4', ogg: 'audio/ogg',
};

export const VIDEO_EXTENSIONS = ['mp4', 'm4v', 'mov', 'webm', 'ogv'];
/** Extensions of documents, archives, images and audio: a `file` or `project` material and the file manager. */
export const FILE_EXTENSIONS = Object.keys(MIME).filter((e) => !VIDEO_EXTENSIONS.includes(e)).concat(VIDEO_EXTENSIONS);
export const DOC_EXTENSIONS = Object.keys(MIME).filter((e) => !VIDEO_EXTENSIONS.includes(e));

export const extOf = (name: string) => (/\.([a-z0-9]{1,8})$/i.exec(name)?.[1] ?? '').toLowerCase();
export const mimeOf = (name: string) => MIME[extOf(name)] ?? 'application/octet-stream';

/** The kinds that carry a file, and whether they need one. */
export const FILE_KINDS: Partial<Record<MediaKind, { required: boolean; extensions: string[] }>> = {
  video: { required: true, extensions: VIDEO_EXTENSIONS },
  pdf: { required: true, extensions: ['pdf'] },
  file: { required: true, extensions: DOC_EXTENSIONS },
  project: { required: false, extensions: DOC_EXTENSIONS },
};

/** The content must look like what the extension says: videos and PDFs are recognised by their first bytes. */
function contentMatches(ext: string, head: Buffer) {
  if (ext === 'pdf') return head.subarray(0, 5).toString('latin1') === '%PDF-';
  if (['mp4', 'm4v', 'mov'].includes(ext)) return head.subarray(4, 8).toString('latin1') === 'ftyp' || head.subarray(4, 8).toString('latin1') === 'moov';
  if (ext === 'webm') return head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
  if (ext === 'ogv') return head.subarray(0, 4).toString('latin1') === 'OggS';
  return true;
}

/** 415 ERROR_EXT_TYPE unless the name's extension is allowed and the bytes look like it; 422 ERROR_FILE_EMPTY for an empty file. */
export function checkFile(file: { filename: string; size: number; head: Buffer }, allowed: string[]) {
  if (!file.size) throw new AppError(422, 'ERROR_FILE_EMPTY', 'The file is empty', { file: file.filename });
  const ext = extOf(file.filename);
  if (!allowed.includes(ext) || !contentMatches(ext, file.head)) throw new AppError(415, 'ERROR_EXT_TYPE', 'This file type is not allowed here', { file: file.filename, extensions: allowed.join(', ') });
}

export async function readHead(abs: string) {
  const fh = await open(abs, 'r');
  try {
    const buf = Buffer.alloc(16);
    const { bytesRead } = await fh.read(buf, 0, 16, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** A name of a file or folder: no separators, no `..`, no control characters (ERROR_WRONG_PATH). */
export function checkName(name: string) {
  const n = name.trim();
  // eslint-disable-next-line no-control-regex
  if (!n || n === '.' || n === '..' || /[/\\\u0000-\u001f\u007f]/.test(n) || n.includes('..') || n.length > 255) {
    throw new AppError(422, 'ERROR_WRONG_PATH', 'This name is not allowed', { name });
  }
  return n;
}

