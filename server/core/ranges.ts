import { createReadStream } from 'node:fs';
import type { FastifyReply } from 'fastify';

/** One byte range of a file, both ends included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The byte range a `Range` header asks of a file of `size` bytes (RFC 9110 §14): `null` without the header (the whole
 * file), `'unsatisfiable'` for a range that is malformed, asks for several parts, or starts at or past the end.
 * `bytes=100-199`, `bytes=100-` (to the end) and `bytes=-16` (the last 16 bytes) are understood; an end past the file
 * is cut to its last byte.
 */
export function byteRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (header === undefined) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return 'unsatisfiable';
  let start: number;
  let end = size - 1;
  if (!match[1]) start = Math.max(0, size - Number(match[2]));
  else {
    start = Number(match[1]);
    if (match[2]) end = Number(match[2]);
  }
  if (start >= size || end < start || (!match[1] && Number(match[2]) === 0)) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/**
 * Sends the file `abs` of `size` bytes with range requests, the one way every stored file that a player or a download
 * manager may resume is served (videos, demo videos, finished report exports): `Accept-Ranges: bytes` always; no range
 * → 200 with the whole file and its length; a range → 206 with `Content-Range: bytes start-end/size` and that part;
 * an unsatisfiable one → 416 with a `Content-Range` naming only the size (`bytes *` slash size) and the `ERROR_RANGE` body. The type, disposition and
 * caching are the caller's headers. `range` is `byteRange(req.headers.range, size)`, so a caller may look at it first.
 */
export function sendRange(reply: FastifyReply, abs: string, size: number, range: ReturnType<typeof byteRange>) {
  reply.header('accept-ranges', 'bytes');
  if (range === null) return reply.header('content-length', size).send(createReadStream(abs));
  if (range === 'unsatisfiable') {
    // an error body, not the file: no attachment name
    reply.removeHeader('content-disposition');
    return reply.status(416).header('content-range', `bytes */${size}`).type('application/json').send({ category: 'file', name: 'ERROR_RANGE', variables: { size }, message: 'Range not satisfiable' });
  }
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(createReadStream(abs, { start: range.start, end: range.end }));
}
