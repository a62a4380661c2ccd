/** Builds a multipart/form-data body for `app.inject` (fields and files). */
export function multipart(fields: Record<string, string | { name: string; data: Buffer; type?: string }>) {
  const boundary = '----lmsboundary' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    else {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${v.name}"\r\nContent-Type: ${v.type ?? 'application/octet-stream'}\r\n\r\n`));
      parts.push(v.data, Buffer.from('\r\n'));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A minimal valid zip archive (an empty one) with some distinct padding so that each is a different file. */
export function zipFile(seed: string) {
  const comment = Buffer.from(seed);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(comment.length, 20);
  return Buffer.concat([end, comment]);
}
