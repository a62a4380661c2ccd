import { AppError } from '../../core/errors.ts';
import type { UploadedFile } from '../../core/multipart.ts';

export const extOf = (name: string) => (/\.([a-z0-9]{1,8})$/i.exec(name)?.[1] ?? '').toLowerCase();

/** Refuses a file whose extension is not in the list (415 ERROR_EXT_TYPE). */
export function assertExtension(file: UploadedFile, allowed: string[]) {
  if (!allowed.includes(extOf(file.filename))) throw new AppError(415, 'ERROR_EXT_TYPE', 'Extension not allowed', { allowed: allowed.join(', '), file: file.filename });
}

/** Files of a form in field order (`file`, `file1`, `file2`, … or `files[]`). */
export function filesOf(body: Record<string, unknown>): UploadedFile[] {
  const out: UploadedFile[] = [];
  for (const v of Object.values(body ?? {})) {
    if (Array.isArray(v)) out.push(...v.filter((x): x is UploadedFile => (x as UploadedFile)?.kind === 'file'));
    else if ((v as UploadedFile)?.kind === 'file') out.push(v as UploadedFile);
  }
  return out;
}

/** zip (PK\x03\x04, or PK\x05\x06 for an empty archive) or rar (Rar!\x1a\x07), by content. */
export function isArchive(head: Buffer) {
  const zip = head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6));
  const rar = head.subarray(0, 6).equals(Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]));
  return zip || rar;
}
