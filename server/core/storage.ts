import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { UploadedFile } from './multipart.ts';
import { AppError } from './errors.ts';

/**
 * Files on disk: `DATA_DIR/files/<tenant>/<area>/…`. Every path is resolved inside the school's
 * folder; a path that would leave it is refused (the file manager relies on this).
 */
export function tenantRoot(dataDir: string, tenantSlug: string) {
  return resolve(dataDir, 'files', tenantSlug);
}

export function safeJoin(root: string, ...parts: string[]) {
  const full = resolve(root, ...parts);
  if (full !== root && !full.startsWith(root + sep)) throw new Error('Path leaves the school storage');
  return full;
}

/** Moves an upload out of the temporary folder into the school's storage; answers the path relative to the school root. */
export async function keepUpload(dataDir: string, tenantSlug: string, area: string, file: UploadedFile) {
  const root = tenantRoot(dataDir, tenantSlug);
  const ext = (/\.[a-z0-9]{1,8}$/i.exec(file.filename)?.[0] ?? '').toLowerCase();
  const rel = join(area, `${randomUUID()}${ext}`);
  const dest = safeJoin(root, rel);
  await mkdir(dirname(dest), { recursive: true });
  try {
    await rename(file.path, dest);
  } catch {
    await copyFile(file.path, dest); // temp folder on another device
    await rm(file.path, { force: true });
  }
  return rel;
}

export const absolutePath = (dataDir: string, tenantSlug: string, rel: string) => safeJoin(tenantRoot(dataDir, tenantSlug), rel);

/** `Content-Disposition` for a download with a UTF-8 file name (docs/api.md "Responses"). */
export function attachment(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A stored relative path inside the school's folder; a path leaving it answers 404 NOT_FOUND_FILE. */
export function storedPath(dataDir: string, slug: string, rel: string) {
  try {
    return absolutePath(dataDir, slug, rel);
  } catch {
    throw new AppError(404, 'NOT_FOUND_FILE', 'The file is missing');
  }
}
