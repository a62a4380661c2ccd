import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import { AppError } from './errors.ts';
import { attachment } from './storage.ts';

/**
 * File types (docs/security.md "Downloads and file types"). The type a stored file is served with comes from the
 * extension that was checked when it was uploaded (this table), never from what the client sent; an extension not in
 * the table is served as `application/octet-stream`. Where a format has a signature, the first bytes of an upload
 * must carry it (`signatureMatches`), so a page of HTML named `.pdf` is refused with 415 `ERROR_EXT_TYPE`.
 * No type here is rendered as a page by a browser (no HTML, SVG, XML or script).
 */
export const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  ogv: 'video/ogg',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
};

export const OCTET_STREAM = 'application/octet-stream';

/** The extension of a file name or stored path, lower case, without the dot ('' when there is none). */
export const extOf = (name: string) => (/\.([a-z0-9]{1,8})$/i.exec(name)?.[1] ?? '').toLowerCase();

/** The type a file of this name (or stored path) is served with: by its extension, else application/octet-stream. */
export const contentTypeOf = (name: string | null | undefined) => CONTENT_TYPES[extOf(name ?? '')] ?? OCTET_STREAM;

/** How many first bytes of a file the checks read (multipart keeps as many of each upload in `head`). */
export const HEAD_BYTES = 16;

const ascii = (head: Buffer, from: number, to: number) => head.subarray(from, to).toString('latin1');
const bytes = (head: Buffer, from: number, expected: number[]) => head.subarray(from, from + expected.length).equals(Buffer.from(expected));

/** zip (PK\x03\x04; PK\x05\x06 for an empty archive; PK\x07\x08 for a spanned one): also docx, xlsx, pptx, odt, ods, odp. */
export const isZip = (head: Buffer) => head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6) || (head[2] === 7 && head[3] === 8));
/** rar 4 and 5 (Rar!\x1a\x07). */
export const isRar = (head: Buffer) => bytes(head, 0, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]);
/** zip or rar, by content (a project's files). */
export const isArchive = (head: Buffer) => isZip(head) || isRar(head);
/** Old office files (doc, xls, ppt): OLE compound document. */
const isOle = (head: Buffer) => bytes(head, 0, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Recognises an image by its first bytes (avatars, logos, stamps are served with this type). */
export function imageType(head: Buffer): string | undefined {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (bytes(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(head, 0, 4) === 'GIF8') return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

const isoMedia = (head: Buffer) => ['ftyp', 'moov'].includes(ascii(head, 4, 8));

/** The signature each format with one must start with; extensions not listed here (txt, csv, md, rtf, audio) have no check. */
const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  pdf: (h) => ascii(h, 0, 5) === '%PDF-',
  png: (h) => imageType(h) === 'image/png',
  jpg: (h) => imageType(h) === 'image/jpeg',
  jpeg: (h) => imageType(h) === 'image/jpeg',
  gif: (h) => imageType(h) === 'image/gif',
  webp: (h) => imageType(h) === 'image/webp',
  zip: isZip,
  docx: isZip,
  xlsx: isZip,
  pptx: isZip,
  odt: isZip,
  ods: isZip,
  odp: isZip,
  doc: isOle,
  xls: isOle,
  ppt: isOle,
  rar: isRar,
  '7z': (h) => bytes(h, 0, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]),
  mp4: isoMedia,
  m4v: isoMedia,
  mov: isoMedia,
  webm: (h) => bytes(h, 0, [0x1a, 0x45, 0xdf, 0xa3]),
  ogv: (h) => ascii(h, 0, 4) === 'OggS',
};

/** Whether the first bytes fit the extension (true for an extension without a signature). */
export const signatureMatches = (ext: string, head: Buffer) => SIGNATURES[ext]?.(head) ?? true;

/** Whether the extension has a signature the content is checked against. */
export const hasSignature = (ext: string) => ext in SIGNATURES;

/** 415 `ERROR_EXT_TYPE` unless the file's extension is one of `allowed` (the content is not looked at: see assertFileType). */
export function assertExtension(file: { filename: string }, allowed: readonly string[]) {
  if (!allowed.includes(extOf(file.filename))) throw new AppError(415, 'ERROR_EXT_TYPE', 'Extension not allowed', { allowed: allowed.join(', '), extensions: allowed.join(', '), file: file.filename });
}

/**
 * 415 `ERROR_EXT_TYPE` unless the file's extension is one of `allowed` and its first bytes fit that extension.
 * `head` is what multipart kept of the upload (`UploadedFile.head`) or `readHead` of a stored file.
 */
export function assertFileType(file: { filename: string; head: Buffer }, allowed: readonly string[]) {
  assertExtension(file, allowed);
  const ext = extOf(file.filename);
  if (!signatureMatches(ext, file.head))
    throw new AppError(415, 'ERROR_EXT_TYPE', `The content is not a ${ext} file`, { allowed: allowed.join(', '), extensions: allowed.join(', '), file: file.filename });
}

/** The first bytes of a stored file; a file missing from disk answers 404 NOT_FOUND_FILE (never a 500). */
export async function readHead(path: string, length = HEAD_BYTES) {
  const fh = await open(path, 'r').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT' || e.code === 'EISDIR') throw new AppError(404, 'NOT_FOUND_FILE', 'The file is missing');
    throw e;
  });
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fh.read(buf, 0, length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * Sends a stored file as a download (shared/API.md "Responses"): the type of its checked extension (`stored`: the
 * stored path, or the name it was checked under), `X-Content-Type-Options: nosniff`, `Content-Disposition:
 * attachment` with `name`, and `Content-Length` when the size is known. The caller has made sure the file exists.
 */
export function sendDownload(reply: FastifyReply, abs: string, opts: { name: string; stored: string; size?: number | null }) {
  reply.header('content-type', contentTypeOf(opts.stored)).header('x-content-type-options', 'nosniff').header('content-disposition', attachment(opts.name));
  if (opts.size != null) reply.header('content-length', opts.size);
  return reply.send(createReadStream(abs));
}

/**
 * Sends a stored image inline (avatars, the logo, stamps): the type its content shows — these are accepted only when
 * their first bytes are a JPEG, PNG, GIF or WebP image — else application/octet-stream; nosniff; the given caching.
 * A file missing from disk answers 404 NOT_FOUND_FILE.
 */
export async function sendImage(reply: FastifyReply, path: string, cacheControl: string) {
  const type = imageType(await readHead(path)) ?? OCTET_STREAM;
  return reply.header('content-type', type).header('x-content-type-options', 'nosniff').header('cache-control', cacheControl).send(createReadStream(path));
}

export const MB = 1024 * 1024;

export const VIDEO_EXTENSIONS = ['mp4', 'm4v', 'mov', 'webm', 'ogv'];
/** Extensions of documents, archives, images and audio: a `file` or `project` material and the file manager. */
export const FILE_EXTENSIONS = Object.keys(CONTENT_TYPES)
  .filter((e) => !VIDEO_EXTENSIONS.includes(e))
  .concat(VIDEO_EXTENSIONS);
export const DOC_EXTENSIONS = Object.keys(CONTENT_TYPES).filter((e) => !VIDEO_EXTENSIONS.includes(e));

/**
 * 415 ERROR_EXT_TYPE unless the name's extension is allowed and the bytes look like it (the signatures of
 * server/core/file-types.ts: PDF, images, zip-based and old office files, archives, videos); 422 ERROR_FILE_EMPTY for an empty file.
 */
export function checkFile(file: { filename: string; size: number; head: Buffer }, allowed: string[]) {
  if (!file.size) throw new AppError(422, 'ERROR_FILE_EMPTY', 'The file is empty', { file: file.filename });
  const ext = extOf(file.filename);
  if (!allowed.includes(ext) || !signatureMatches(ext, file.head))
    throw new AppError(415, 'ERROR_EXT_TYPE', 'This file type is not allowed here', { file: file.filename, extensions: allowed.join(', ') });
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
