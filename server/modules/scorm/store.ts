import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { media, scormAttempts, scormLaunches, scormPackages, type ScormVersion } from '../../db/schema/index.ts';
import { AppError } from '../../core/errors.ts';
import { absolutePath } from '../../core/storage.ts';
import type { UploadedFile } from '../../core/multipart.ts';
import { extractPackage, scanPackage, type PackageLimits } from './archive.ts';
import { readManifest } from './manifest.ts';
import { attemptDone, type AttemptFields } from './cmi.ts';

/**
 * SCORM packages, attempts and launches. `db` is the school-bound handle (`req.db`, `app.schoolDb(id)`) or a
 * transaction on it: another school's rows are not found.
 */
type Conn = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;
export type PackageRow = typeof scormPackages.$inferSelect;
export type AttemptRow = typeof scormAttempts.$inferSelect;

/** How long a launch's key opens the package's files. */
export const LAUNCH_HOURS = 8;

export async function packageOf(db: Conn, mediaId: number): Promise<PackageRow | undefined> {
  const [p] = await db.select().from(scormPackages).where(eq(scormPackages.media_id, mediaId));
  return p;
}

/** The package as the back office and the portal see it (no folder). */
export const packageView = (p: PackageRow) => ({
  id: p.id,
  media_id: p.media_id,
  title: p.title,
  version: p.version,
  organization: p.organization,
  launch: p.launch,
  file_name: p.file_name,
  size: p.size,
  files: p.files,
  created_at: p.created_at,
});

export interface Where {
  dataDir: string;
  slug: string;
  limits: PackageLimits;
}

/**
 * Checks a zip and extracts it into a new folder `scorm/<uuid>` of the school; answers what to store. Nothing is left
 * on disk when it refuses. `save` writes the rows; when it fails, the folder goes too.
 */
export async function unpack<T>(where: Where, file: Pick<UploadedFile, 'path' | 'filename'>, save: (p: Omit<typeof scormPackages.$inferInsert, 'media_id'>) => Promise<T>): Promise<T> {
  const scanned = await scanPackage(file.path, where.limits);
  const fallback = file.filename.replace(/\.zip$/i, '') || 'SCORM';
  const manifest = readManifest(scanned.manifest, fallback);
  if (!scanned.files.some((f) => f.name === manifest.launchPath))
    throw new AppError(422, 'ERROR_SCORM_MANIFEST_INVALID', 'Launch file missing', { reason: `the launch file ${manifest.launchPath} is not in the package` });
  const dir = `scorm/${randomUUID()}`;
  const dest = absolutePath(where.dataDir, where.slug, dir);
  const size = await extractPackage(file.path, dest, where.limits);
  try {
    return await save({
      title: manifest.title,
      version: manifest.version,
      organization: manifest.organization,
      launch: manifest.launch,
      dir,
      file_name: file.filename.slice(0, 255),
      size,
      files: scanned.files.length,
    });
  } catch (err) {
    await rm(dest, { recursive: true, force: true });
    throw err;
  }
}

/** Removes a package's folder (after its row was replaced). */
export const removeFolder = (where: Pick<Where, 'dataDir' | 'slug'>, dir: string) => rm(absolutePath(where.dataDir, where.slug, dir), { recursive: true, force: true });

export async function latestAttempt(db: Conn, mediaId: number, userId: number): Promise<AttemptRow | undefined> {
  const [a] = await db
    .select()
    .from(scormAttempts)
    .where(and(eq(scormAttempts.media_id, mediaId), eq(scormAttempts.user_id, userId)))
    .orderBy(desc(scormAttempts.attempt))
    .limit(1);
  return a;
}

export const blankAttempt: AttemptFields = {
  completion_status: 'not attempted',
  success_status: 'unknown',
  score_raw: null,
  score_min: null,
  score_max: null,
  score_scaled: null,
  session_seconds: 0,
  total_seconds: 0,
  suspend_data: null,
  location: null,
  exit: null,
};

export const fieldsOf = (a: AttemptRow | undefined): AttemptFields =>
  a
    ? {
        completion_status: a.completion_status,
        success_status: a.success_status,
        score_raw: a.score_raw,
        score_min: a.score_min,
        score_max: a.score_max,
        score_scaled: a.score_scaled,
        session_seconds: a.session_seconds,
        total_seconds: a.total_seconds,
        suspend_data: a.suspend_data,
        location: a.location,
        exit: a.exit,
      }
    : { ...blankAttempt };

/** The learner's latest attempt, made (attempt 1) when there is none. */
export async function openAttempt(db: Conn, mediaId: number, userId: number, fresh = false): Promise<AttemptRow> {
  const found = await latestAttempt(db, mediaId, userId);
  // a new attempt only after a done one: an attempt in progress is resumed, so a second click makes no third
  if (found && !(fresh && attemptDone(fieldsOf(found)))) return found;
  await db
    .insert(scormAttempts)
    .values({ media_id: mediaId, user_id: userId, attempt: (found?.attempt ?? 0) + 1 })
    .onConflictDoNothing();
  return (await latestAttempt(db, mediaId, userId))!;
}

export const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new launch of a package for an attempt: its key (shown once, stored hashed). Expired launches of the attempt go. */
export async function createLaunch(db: Conn, attempt: AttemptRow, pkg: PackageRow, origin: string | null) {
  const key = randomBytes(24).toString('base64url');
  await db.delete(scormLaunches).where(and(eq(scormLaunches.attempt_id, attempt.id), lt(scormLaunches.expires_at, new Date())));
  await db.insert(scormLaunches).values({ key_hash: keyHash(key), attempt_id: attempt.id, package_id: pkg.id, origin, expires_at: new Date(Date.now() + LAUNCH_HOURS * 3600_000) });
  return key;
}

/** An unexpired launch by its key, with its package, attempt and the package's version. */
export async function launchOf(db: Conn, key: string) {
  const [row] = await db
    .select({ launch: scormLaunches, pkg: scormPackages, attempt: scormAttempts })
    .from(scormLaunches)
    .innerJoin(scormPackages, eq(scormPackages.id, scormLaunches.package_id))
    .innerJoin(scormAttempts, eq(scormAttempts.id, scormLaunches.attempt_id))
    .where(and(eq(scormLaunches.key_hash, keyHash(key)), gt(scormLaunches.expires_at, new Date())));
  return row;
}

/** A material of kind `scorm` of the school, or 404 NOT_FOUND_MEDIA. */
export async function scormMaterial(db: Conn, id: number) {
  const [m] = await db.select().from(media).where(eq(media.id, id));
  if (!m || m.kind !== 'scorm') throw new AppError(404, 'NOT_FOUND_MEDIA', 'media not found');
  return m;
}

export type { ScormVersion };
