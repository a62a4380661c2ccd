import { PassThrough } from 'node:stream';

type FilePart = { name: string; data: Buffer; type?: string };

/**
 * Builds a multipart/form-data body for `app.inject` (fields and files). A list sends one part per item under the same
 * key, as `<input type=file multiple name=file>` does.
 */
export function multipart(fields: Record<string, string | FilePart | FilePart[]>) {
  const boundary = '----lmsboundary' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x] as const) : [[k, v] as const]))) {
    if (typeof v === 'string') parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    else {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${v.name}"\r\nContent-Type: ${v.type ?? 'application/octet-stream'}\r\n\r\n`));
      parts.push(v.data, Buffer.from('\r\n'));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A multipart upload whose body stays open: the form fields, then the head of a file (256 KB), and no end until
 * `finish`. A guard that runs before the body answers at once; a body parsed first leaves the file's head in
 * DATA_DIR/tmp and no answer.
 */
export function openUpload(fields: Record<string, string>, fileField = 'file', fileName = 'clip.mp4') {
  const boundary = '----lmsopen' + Math.random().toString(16).slice(2);
  const body = new PassThrough();
  for (const [k, v] of Object.entries(fields)) body.write(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  body.write(`--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  body.write(Buffer.alloc(256 * 1024, 7));
  const finish = (more = Buffer.alloc(0)) => body.end(Buffer.concat([more, Buffer.from(`\r\n--${boundary}--\r\n`)]));
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, finish };
}

/** A minimal valid zip archive (an empty one) with some distinct padding so that each is a different file. */
export function zipFile(seed: string) {
  const comment = Buffer.from(seed);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(comment.length, 20);
  return Buffer.concat([end, comment]);
}
