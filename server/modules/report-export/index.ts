import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { exportJobs } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { Id, IdParams, nullable } from '../../core/schemas.ts';
import { DateTime, MaybeDateTime, dataOf, fileAnswer } from '../../core/responses.ts';
import { absolutePath, attachment } from '../../core/storage.ts';
import { CONTENT_TYPES } from '../../core/file-types.ts';
import { byteRange, sendRange } from '../../core/ranges.ts';
import { langOf } from '../../mail/texts.ts';
import { REPORT_TYPES, ReportParams, prepareReport } from '../reports/index.ts';
import { REPORT_ROLES } from '../reports/index.ts';
import { exportToFile, failIfStale, jobView, runExportJob, sweepOldJobs } from './jobs.ts';
import { queuedExports } from './queued.ts';
import { exportFileName } from './xlsx.ts';

/** How often a process of `EXPORT_JOBS=run` looks for jobs left queued (ms). */
export const QUEUE_POLL_MS = 1000;

/**
 * Runs the export jobs left queued of every school, one after another (a process of `EXPORT_JOBS=run`: each second,
 * and in tests directly); answers how many it took.
 */
export async function runQueuedExports(app: FastifyInstance, stopping?: AbortSignal) {
  const jobs = await queuedExports(app);
  for (const j of jobs) {
    if (stopping?.aborted) break;
    const reads = async <T>(read: (db: Db) => Promise<T>) => (await app.reportReads.run(j.tenant_id, read)).value;
    await runExportJob(app, app.schoolDb(j.tenant_id), j.slug, j.id, reads, stopping);
  }
  return jobs.length;
}

/** The module's public face: what other modules may use (docs/server-layout.md). */
export { exportToFile } from './jobs.ts';
export { exportFileName } from './xlsx.ts';

const tags = ['admin: report export'];
const XLSX = CONTENT_TYPES.xlsx;
const ReportType = Type.Union(REPORT_TYPES.map((t) => Type.Literal(t)));
/** An export job as `jobView` shows it. */
export const ExportJob = Type.Object({
  id: Id,
  type: Type.String(),
  // the report's parameters as the job was asked for (checked against ReportParams when it was made)
  params: Type.Object(ReportParams.properties, { additionalProperties: true }),
  lang: Type.String(),
  status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  rows_done: Type.Integer(),
  rows_total: nullable(Type.Integer()),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  file_name: Type.String(),
  size: nullable(Type.Integer()),
  error: nullable(Type.String()),
  created_at: DateTime,
  finished_at: MaybeDateTime,
  download_url: nullable(Type.String()),
});
const JobAnswer = dataOf(ExportJob);

/**
 * Excel export of any report (docs/report-export.md): `GET /admin/excel/export` answers the file at once (the
 * specification's download); `POST` starts a background job whose progress and file any API process can serve.
 */
export default async function reportExportModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: REPORT_ROLES };
  /** Jobs this process runs, awaited when the server closes. */
  const running = new Set<Promise<void>>();
  // closing hands the jobs still running back to the queue instead of finishing them (runExportJob)
  const stopping = new AbortController();
  // a process of `run` also takes the jobs others left queued (not in tests: they call runQueuedExports themselves)
  let poll: ReturnType<typeof setInterval> | undefined;
  if (app.config.exportJobs === 'run' && !process.env.VITEST) {
    app.addHook('onReady', async () => {
      let polling = false;
      poll = setInterval(() => {
        if (polling) return;
        polling = true;
        const p = runQueuedExports(fastify, stopping.signal)
          .catch((err) => fastify.log.error({ err }, 'export queue poll failed'))
          .then(() => undefined)
          .finally(() => (polling = false));
        running.add(p);
        void p.finally(() => running.delete(p));
      }, QUEUE_POLL_MS);
      poll.unref();
    });
  }
  app.addHook('onClose', async () => {
    clearInterval(poll);
    stopping.abort();
    await Promise.allSettled([...running]);
  });

  app.get(
    '/admin/excel/export',
    {
      config,
      schema: {
        response: { 200: fileAnswer('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'The report as .xlsx') },
        tags,
        summary:
          "Download a report as .xlsx now (type and the report's parameters, as /admin/report/<type>): headers in the language of Accept-Language, numbers as numbers with a space between thousands, dates as dates, formula-like texts neutralised. For large reports start a job with POST instead",
        querystring: Type.Object({ type: ReportType, ...ReportParams.properties }),
        produces: [XLSX],
      },
    },
    async (req, reply) => {
      const { type, ...params } = req.query;
      const { def, input } = await prepareReport(req.db, type, params);
      const lang = langOf(req.headers['accept-language']);
      // the rows from the reports' replica when there is one (server/db/replica.ts), the parameters' checks above from the primary
      const { value: file } = await app.reportReads.run(req.tenant.id, (db) => exportToFile(db, app.config.dataDir, req.tenant.slug, def, input, lang));
      const stream = createReadStream(file.abs);
      stream.on('close', () => void rm(file.abs, { force: true }).catch(() => undefined));
      return reply
        .header('content-type', XLSX)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', attachment(exportFileName(def, lang)))
        .header('content-length', file.size)
        .send(stream);
    },
  );

  app.post(
    '/admin/excel/export',
    {
      config,
      schema: {
        tags,
        summary: 'Start an Excel export of a report in the background ({ type, params }); answers 202 with the job: poll GET /admin/excel/export/{id} for its progress, then download its file',
        body: Type.Object({ type: ReportType, params: Type.Optional(ReportParams) }),
        response: { 202: JobAnswer },
      },
    },
    async (req, reply) => {
      const me = currentUser(req);
      const params = req.body.params ?? {};
      // parameters are checked now (422/404 at once), the rows later
      const { def } = await prepareReport(req.db, req.body.type, params);
      const lang = langOf(req.headers['accept-language']);
      await sweepOldJobs(req.db, app.config.dataDir, req.tenant.slug);
      const [job] = await req.db
        .insert(exportJobs)
        .values({ user_id: me.id, type: def.type, params, lang, file_name: exportFileName(def, lang) })
        .returning();
      // EXPORT_JOBS=queue: the job waits for a process of `run` (a reports host); `run`: this process runs it at once
      if (app.config.exportJobs === 'run') {
        const db = req.db;
        const slug = req.tenant.slug;
        const schoolId = req.tenant.id;
        // the job's own row on the primary (read back by any process), the report's rows from the replica if any
        const reads = async <T>(read: (db: Db) => Promise<T>) => (await app.reportReads.run(schoolId, read)).value;
        const p = new Promise<void>((resolve) => setImmediate(resolve)).then(() => runExportJob(app, db, slug, job.id, reads, stopping.signal));
        running.add(p);
        void p.finally(() => running.delete(p));
      }
      return reply.status(202).send({ data: jobView(job) });
    },
  );

  async function myJob(db: Db, id: number, userId: number) {
    const [job] = await db
      .select()
      .from(exportJobs)
      .where(and(eq(exportJobs.id, id), eq(exportJobs.user_id, userId)));
    if (!job) throw notFound('export');
    return failIfStale(db, job);
  }

  app.get(
    '/admin/excel/export/:id',
    {
      config,
      schema: {
        tags,
        summary: 'An export job of mine: status (queued, running, done, failed), rows done of the total, progress in percent, the download link once done, the error code once failed',
        params: IdParams,
        response: { 200: JobAnswer },
      },
    },
    async (req) => ({ data: jobView(await myJob(req.db, req.params.id, currentUser(req).id)) }),
  );

  app.get(
    '/admin/excel/export/:id/download',
    {
      config,
      schema: {
        response: {
          200: fileAnswer('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', "The export's file"),
          206: fileAnswer('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'The range asked for'),
        },
        tags,
        summary: 'The file of a finished export job of mine (404 NOT_FOUND_FILE until it is done), with HTTP range requests (206 for a Range, 416 ERROR_RANGE for one past the end)',
        params: IdParams,
        produces: [XLSX],
      },
    },
    async (req, reply) => {
      const job = await myJob(req.db, req.params.id, currentUser(req).id);
      if (job.status !== 'done' || !job.path) throw notFound('file');
      const abs = absolutePath(app.config.dataDir, req.tenant.slug, job.path);
      const { size } = await stat(abs).catch((e: NodeJS.ErrnoException) => {
        throw e.code === 'ENOENT' ? notFound('file') : e;
      });
      reply.header('content-type', XLSX).header('x-content-type-options', 'nosniff').header('content-disposition', attachment(job.file_name));
      // a download manager or a browser resuming the file asks for the rest (206); a bad range is 416
      return sendRange(reply, abs, size, byteRange(req.headers.range, size));
    },
  );
}
