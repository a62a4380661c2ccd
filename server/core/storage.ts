import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { UploadedFile } from './multipart.ts';
import { AppError } from './errors.ts';
import { isNamed } from './stored-files.ts';

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

/**
 * Moves an upload out of the temporary folder into the school's storage; answers the path relative to the school root.
 * The file remembers where it went (`stored`): if its request fails, it is removed before the answer unless a row
 * names it (`removeUnnamedUploads`, run for every request by server/core/multipart.ts).
 */
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
  file.stored = { slug: tenantSlug, rel };
  return rel;
}

/**
 * A failed request's uploads that were already moved into the school's storage (issue 27, defect 3: a row insert that
 * fails after `keepUpload`): each is removed unless a row names it (a route may keep some files and refuse others).
 * Answers what was removed. Files of another school than the request's are left to the sweep (server/core/file-sweep.ts).
 */
export async function removeUnnamedUploads(req: FastifyRequest, dataDir: string) {
  const removed: string[] = [];
  for (const f of req.uploadedFiles ?? []) {
    if (!f.stored || !req.tenant || f.stored.slug !== req.tenant.slug) continue;
    const { slug, rel } = f.stored;
    if (await isNamed(req.db, rel)) continue;
    await rm(absolutePath(dataDir, slug, rel), { force: true });
    f.stored = undefined;
    removed.push(rel);
  }
  return removed;
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
