import { lstat, readdir, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { tenants } from '../db/schema/index.ts';
import { tenantRoot } from './storage.ts';
import { isNamed, namedPaths } from './stored-files.ts';

/** What one sweep removed (each file with its school and size), and the folders of `DATA_DIR/files` of no school. */
export interface FileSweepReport {
  removed: { school: string; path: string; bytes: number }[];
  bytes: number;
  /** Folders under DATA_DIR/files whose name is no school's: left as they are. */
  unknownFolders: string[];
}

/** The files (not folders, not links) under `dir`, as paths relative to `root` with `/` between names. */
async function* filesUnder(root: string, dir = root): AsyncGenerator<string> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* filesUnder(root, path);
    else if (e.isFile()) yield relative(root, path).split(sep).join('/');
  }
}

/**
 * Removes every stored file that no row names (server/core/stored-files.ts) and that nothing has written to for
 * `graceMs` (docs/security.md "Stored files no row names"): what a request, a background job or a crashed process
 * stored without writing its row. The grace spares a file whose row is about to be written (an upload between
 * `keepUpload` and its insert, an export or a generated document being written, another API process's upload).
 * Each school's rows are read through its school-bound handle; a file is looked up once more just before it goes,
 * so that a row written since the first read keeps it. Folders of no school are left alone and reported.
 */
export async function sweepStoredFiles(app: FastifyInstance, graceMs: number, now = Date.now): Promise<FileSweepReport> {
  const report: FileSweepReport = { removed: [], bytes: 0, unknownFolders: [] };
  const schools = await app.db.select({ id: tenants.id, slug: tenants.slug }).from(tenants);
  const bySlug = new Map(schools.map((s) => [s.slug, s.id]));
  const folders = await readdir(join(app.config.dataDir, 'files'), { withFileTypes: true }).catch(() => []);
  for (const folder of folders) {
    if (!folder.isDirectory()) continue;
    const schoolId = bySlug.get(folder.name);
    if (schoolId === undefined) {
      report.unknownFolders.push(folder.name);
      continue;
    }
    const db = app.schoolDb(schoolId);
    const root = tenantRoot(app.config.dataDir, folder.name);
    const named = await namedPaths(db);
    for await (const rel of filesUnder(root)) {
      if (named.has(rel)) continue;
      const st = await lstat(join(root, rel)).catch(() => undefined);
      if (!st || now() - st.mtimeMs < graceMs) continue;
      if (await isNamed(db, rel)) continue;
      await rm(join(root, rel), { force: true });
      report.removed.push({ school: folder.name, path: rel, bytes: st.size });
      report.bytes += st.size;
    }
  }
  return report;
}

/** The sweep's log line: how many files, how many bytes, and which (the first 200). */
export function logSweep(app: FastifyInstance, why: 'start' | 'scheduled', report: FileSweepReport) {
  if (report.unknownFolders.length) app.log.warn({ folders: report.unknownFolders }, 'stored-file sweep: folders of no school under DATA_DIR/files left as they are');
  if (!report.removed.length) return app.log.info({ why, removed: 0 }, 'stored-file sweep: no stored file without a row');
  app.log.info(
    { why, removed: report.removed.length, bytes: report.bytes, paths: report.removed.slice(0, 200).map((r) => `${r.school}/${r.path}`) },
    'stored-file sweep: removed stored files that no row names',
  );
}

/**
 * Runs the sweep when the API starts listening and then every `FILE_SWEEP_HOURS` (config; 0: never). Each API
 * process of API_WORKERS sweeps on its own: two removing one orphan is harmless (`rm` with `force`). A sweep still
 * running when the next is due is not doubled; `app.close()` waits for one under way.
 */
export function installFileSweep(app: FastifyInstance) {
  const { fileSweepHours, fileSweepGraceMinutes } = app.config;
  if (!fileSweepHours) return;
  let running: Promise<unknown> | undefined;
  const sweep = (why: 'start' | 'scheduled') => {
    if (running) return running;
    running = app.background(
      sweepStoredFiles(app, fileSweepGraceMinutes * 60_000)
        .then(
          (report) => logSweep(app, why, report),
          (err: Error) => app.log.warn({ err }, 'stored-file sweep failed'),
        )
        .finally(() => (running = undefined)),
    );
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    if (timer) return;
    void sweep('start');
    timer = setInterval(() => void sweep('scheduled'), fileSweepHours * 3600_000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
