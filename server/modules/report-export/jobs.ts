import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { exportJobs } from '../../db/schema/index.ts';
import { AppError } from '../../core/errors.ts';
import { absolutePath } from '../../core/storage.ts';
import { cpuStalls, giveWay } from '../../core/give-way.ts';
import type { Lang } from '../../mail/texts.ts';
import { prepareReport, type ReportDef, type ReportInput, type ReportParams } from '../reports/index.ts';
import { writeReportXlsx } from './xlsx.ts';

export type ExportJob = typeof exportJobs.$inferSelect;

/** This process, as written into the jobs it runs. */
export const WORKER = `${hostname()}:${process.pid}`;
/** Progress is written every this many rows (and at the end). */
export const PROGRESS_EVERY = 1000;
/** A running job whose process has not written for this long is taken as dead and marked failed. */
export const STALE_MS = 2 * 60_000;
/**
 * A job nobody has taken for this long is marked failed: no process of `EXPORT_JOBS=run` is there. Longer than a
 * running job's beat, since behind a reports host a job waits its turn after others (docs/deployment.md).
 */
export const QUEUED_STALE_MS = 30 * 60_000;
/** Finished jobs (and their files) are kept this long. */
export const KEEP_MS = 24 * 3600_000;

/** How the API shows a job: progress in percent, the download link once done. */
export function jobView(j: ExportJob) {
  return {
    id: j.id,
    type: j.type,
    params: j.params,
    lang: j.lang,
    status: j.status,
    rows_done: j.rows_done,
    rows_total: j.rows_total,
    progress: j.status === 'done' ? 100 : j.rows_total ? Math.min(99, Math.floor((j.rows_done / j.rows_total) * 100)) : 0,
    file_name: j.file_name,
    size: j.size,
    error: j.error,
    created_at: j.created_at,
    finished_at: j.finished_at,
    download_url: j.status === 'done' ? `/admin/excel/export/${j.id}/download` : null,
  };
}

/** The number of rows a report will stream (its first page's total). */
export async function reportTotal(db: Db, def: ReportDef, input: ReportInput) {
  return (await def.page(db, input, { page: 1, perPage: 1 })).total;
}

/** Writes a report to a file of the school's storage under `exports/`; answers the relative path, rows and size. */
export async function exportToFile(db: Db, dataDir: string, slug: string, def: ReportDef, input: ReportInput, lang: Lang, onRow?: (n: number) => void | Promise<void>) {
  const rel = join('exports', `${randomUUID()}.xlsx`);
  const abs = absolutePath(dataDir, slug, rel);
  await mkdir(dirname(abs), { recursive: true });
  const out = createWriteStream(abs);
  try {
    // exceljs pipes its zip into the file and resolves commit() once the file is finished
    const rows = await writeReportXlsx(db, def, input, lang, out, onRow);
    return { rel, abs, rows, size: (await stat(abs)).size };
  } catch (e) {
    out.destroy();
    await rm(abs, { force: true });
    throw e;
  }
}

/** Thrown inside a job whose process is stopping: the job goes back to the queue for another process. */
class HandedBack extends Error {}

/** Runs reads of the report's rows on the handle the reports read (server/db/replica.ts), or on the job's own. */
export type ReadsOn = <T>(read: (db: Db) => Promise<T>) => Promise<T>;

/**
 * Runs a queued job of the school `db` is bound to: claims it (one UPDATE … WHERE status = 'queued' RETURNING, so of
 * several processes only one runs it), streams the report into a file while writing its progress, and marks it done
 * with the file, or failed with the error's code. When `stopping` is aborted (the process is closing: a deploy, a
 * host taken out) the job goes back to the queue, its partial file removed, for another process of `EXPORT_JOBS=run`
 * to start again. Never throws.
 */
export async function runExportJob(app: FastifyInstance, db: Db, slug: string, jobId: number, reads: ReadsOn = (read) => read(db), stopping?: AbortSignal) {
  const [job] = await db
    .update(exportJobs)
    .set({ status: 'running', claimed_by: WORKER, heartbeat_at: new Date() })
    .where(and(eq(exportJobs.id, jobId), eq(exportJobs.status, 'queued')))
    .returning();
  if (!job) return;
  let written: string | undefined;
  try {
    const { def, input } = await prepareReport(db, job.type, job.params as ReportParams);
    const total = await reads((r) => reportTotal(r, def, input));
    await db.update(exportJobs).set({ rows_total: total, heartbeat_at: new Date() }).where(eq(exportJobs.id, job.id));
    // the rows through `reads` (a replica's handle), the progress on the job's own handle; the writing gives way to
    // the requests of this process (an exam beside a 1,000,000-row export: docs/deployment.md)
    // and to the machine's other work when it has to wait for a CPU (a reports host beside API hosts)
    const stalls = cpuStalls();
    const step = giveWay(() => app.requestsSeen() + stalls());
    if (stopping?.aborted) throw new HandedBack();
    const file = await reads((r) =>
      exportToFile(r, app.config.dataDir, slug, def, input, job.lang, async (n) => {
        if (stopping?.aborted) throw new HandedBack();
        await step();
        if (n % PROGRESS_EVERY === 0) await db.update(exportJobs).set({ rows_done: n, heartbeat_at: new Date() }).where(eq(exportJobs.id, job.id));
      }),
    );
    written = file.abs;
    await db
      .update(exportJobs)
      .set({ status: 'done', rows_done: file.rows, rows_total: Math.max(total, file.rows), path: file.rel, size: file.size, finished_at: new Date(), heartbeat_at: new Date() })
      .where(eq(exportJobs.id, job.id));
  } catch (e) {
    // a file whose row was not written goes at once (issue 27, defect 3; docs/security.md "Stored files no row names")
    if (written) await rm(written, { force: true }).catch(() => undefined);
    if (e instanceof HandedBack) {
      await db
        .update(exportJobs)
        .set({ status: 'queued', rows_done: 0, claimed_by: null, heartbeat_at: new Date() })
        .where(eq(exportJobs.id, job.id))
        .catch(() => undefined);
      return;
    }
    const code = e instanceof AppError ? e.code : 'ERROR_REPORT_FATAL';
    if (!(e instanceof AppError)) app.log.error({ err: e, job: job.id }, 'report export failed');
    await db
      .update(exportJobs)
      .set({ status: 'failed', error: code, finished_at: new Date() })
      .where(eq(exportJobs.id, job.id))
      .catch(() => undefined);
  }
}

/**
 * A running job whose process stopped writing (it died), or a job nobody took, is marked failed, so that nobody waits
 * for it forever.
 */
export async function failIfStale(db: Db, job: ExportJob, now = Date.now()) {
  if (job.status !== 'running' && job.status !== 'queued') return job;
  const last = (job.heartbeat_at ?? job.created_at).getTime();
  if (now - last < (job.status === 'queued' ? QUEUED_STALE_MS : STALE_MS)) return job;
  const [j] = await db
    .update(exportJobs)
    .set({ status: 'failed', error: 'ERROR_REPORT_FATAL', finished_at: new Date(now) })
    .where(and(eq(exportJobs.id, job.id), eq(exportJobs.status, job.status)))
    .returning();
  return j ?? job;
}

/** Removes the school's jobs finished more than a day ago, with their files. */
export async function sweepOldJobs(db: Db, dataDir: string, slug: string, now = Date.now()) {
  const old = await db
    .delete(exportJobs)
    .where(lt(exportJobs.finished_at, new Date(now - KEEP_MS)))
    .returning({ path: exportJobs.path });
  for (const o of old) if (o.path) await rm(absolutePath(dataDir, slug, o.path), { force: true }).catch(() => undefined);
}
