import { rm } from 'node:fs/promises';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { reportSchedules, savedReports, tenants, users } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { AppError, ValidationError, notFound } from '../../core/errors.ts';
import { ListQuery, orderFor, paginate } from '../../core/pagination.ts';
import { IdList, IdParams, Id, nullable } from '../../core/schemas.ts';
import { DateTime, IdAnswer, MaybeDateTime, dataOf, listOf } from '../../core/responses.ts';
import { CONTENT_TYPES } from '../../core/file-types.ts';
import { prepareReport, type ReportParams } from '../reports/index.ts';
import { REPORT_ROLES } from '../reports/index.ts';
import { exportToFile } from '../report-export/index.ts';
import { exportFileName } from '../report-export/index.ts';
import { claimDueSchedules } from './due.ts';
import { STAFF } from '../../../common/access/roles.ts';

const tags = ['admin: report schedules'];
export const FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
/** Staff who may receive a report (students never do). */

/** Runs are sent at this hour (UTC). */
export const SEND_HOUR_UTC = 6;
/** How often a process looks for due schedules (ms); SCHEDULE_TICK_MS=0 switches the tick off. */
const TICK_MS = Number(process.env.SCHEDULE_TICK_MS ?? 60_000);

/** The next run after `from`: the next day, Monday or 1st of a month at 06:00 UTC, strictly later than `from`. */
export function nextRun(frequency: Frequency, from: Date): Date {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), SEND_HOUR_UTC));
  const step = () => {
    if (frequency === 'daily') d.setUTCDate(d.getUTCDate() + 1);
    else if (frequency === 'weekly') d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7));
    else d.setUTCMonth(d.getUTCMonth() + 1, 1);
  };
  if (frequency === 'weekly' && d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7));
  if (frequency === 'monthly' && d.getUTCDate() !== 1) d.setUTCMonth(d.getUTCMonth() + 1, 1);
  while (d <= from) step();
  return d;
}

const TEXTS = {
  ru: {
    subject: (school: string, name: string) => `${school}: отчёт «${name}»`,
    body: (name: string, rows: number) => `Во вложении отчёт «${name}» (строк: ${rows}).\n\nРассылку настраивают в панели управления, раздел «Отчёты».`,
  },
  en: {
    subject: (school: string, name: string) => `${school}: report "${name}"`,
    body: (name: string, rows: number) => `The report "${name}" is attached (rows: ${rows}).\n\nThe mailing is set up in the back office, section Reports.`,
  },
};

/** Staff of the school among `ids`; any other id is 422 on `recipients`. */
async function staffOf(db: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) throw new ValidationError({ recipients: ['validation.required'] });
  const found = await db
    .select({ id: users.id, email: users.email, role: users.role, is_blocked: users.is_blocked })
    .from(users)
    .where(and(inArray(users.id, unique), inArray(users.role, [...STAFF])));
  if (found.length !== unique.length) throw new ValidationError({ recipients: ['validation.choice'] });
  return found;
}

async function savedReport(db: Db, id: number) {
  const [r] = await db.select().from(savedReports).where(eq(savedReports.id, id));
  if (!r) throw notFound('report');
  return r;
}

/**
 * Sends one claimed run of a schedule (the school's bound handle `db`): the saved report as an .xlsx attached to one
 * mail to its recipients through the school's SMTP settings (else the outbox), then the next run. Never throws.
 */
export async function sendSchedule(app: FastifyInstance, db: Db, id: number, now = new Date()) {
  const [s] = await db.select().from(reportSchedules).where(eq(reportSchedules.id, id));
  if (!s) return;
  const [school] = await db.select().from(tenants);
  let status = 'failed';
  let error: string | null = null;
  let file: Awaited<ReturnType<typeof exportToFile>> | undefined;
  try {
    const saved = await savedReport(db, s.saved_report_id);
    const { def, input } = await prepareReport(db, saved.type, saved.params as ReportParams);
    file = await exportToFile(db, app.config.dataDir, school.slug, def, input, s.lang);
    const to = (
      await db
        .select({ email: users.email, is_blocked: users.is_blocked })
        .from(users)
        .where(and(inArray(users.id, s.recipients.length ? s.recipients : [0]), inArray(users.role, [...STAFF])))
    )
      .filter((u) => !u.is_blocked)
      .map((u) => u.email);
    if (!to.length) throw new AppError(422, 'NO_EMAILS', 'No recipients left');
    const t = TEXTS[s.lang];
    const sent = await app.mailer.send(school, {
      to,
      subject: t.subject(school.title, saved.name),
      text: t.body(saved.name, file.rows),
      attachments: [{ filename: exportFileName(def, s.lang, now), path: file.abs, contentType: CONTENT_TYPES.xlsx }],
    });
    status = sent.sent ? 'sent' : 'outbox';
    error = sent.error ?? null;
  } catch (e) {
    error = e instanceof AppError ? e.code : 'ERROR_REPORT_FATAL';
    if (!(e instanceof AppError)) app.log.error({ err: e, schedule: id }, 'scheduled report failed');
  } finally {
    if (file) await rm(file.abs, { force: true }).catch(() => undefined);
  }
  await db
    .update(reportSchedules)
    .set({ claimed_at: null, last_run_at: now, last_status: status, last_error: error, next_run_at: nextRun(s.frequency, now > s.next_run_at ? now : s.next_run_at) })
    .where(eq(reportSchedules.id, id));
}

/** One tick of the scheduler: claims the due schedules of every school and sends them, one after another. */
export async function runDueSchedules(app: FastifyInstance, now = new Date()) {
  const due = await claimDueSchedules(app, now);
  for (const d of due) await sendSchedule(app, app.schoolDb(d.tenant_id), d.id, now);
  return due.length;
}

const Fields = {
  saved_report_id: Id,
  frequency: Type.Union(FREQUENCIES.map((f) => Type.Literal(f))),
  recipients: IdList({ minItems: 1, maxItems: 100 }),
  lang: Type.Union([Type.Literal('ru'), Type.Literal('en')]),
};

/** A schedule as the back office reads it (every column but the scheduler's claim). */
const Schedule = Type.Object({
  id: Id,
  tenant_id: Id,
  saved_report_id: Id,
  frequency: Type.Unsafe<(typeof FREQUENCIES)[number]>(Fields.frequency),
  recipients: Type.Array(Id),
  lang: Type.String(),
  next_run_at: DateTime,
  last_run_at: MaybeDateTime,
  /** sent, outbox, or null before the first run. */
  last_status: nullable(Type.String()),
  last_error: nullable(Type.String()),
  created_by: nullable(Id),
  created_at: DateTime,
});
const ScheduleAnswer = dataOf(Schedule);

/** Scheduled reports: CRUD at /admin/report_schedule and the background tick that mails them. */
export default async function reportSchedulesModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: REPORT_ROLES };

  let timer: ReturnType<typeof setInterval> | undefined;
  let ticking: Promise<unknown> | undefined;
  // not in tests (they call runDueSchedules themselves), not when switched off, and not in a process that leaves the
  // background report work to a reports host (EXPORT_JOBS=queue, docs/deployment.md "A reports host")
  if (TICK_MS > 0 && app.config.exportJobs === 'run' && !process.env.VITEST) {
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        if (ticking) return;
        ticking = runDueSchedules(fastify)
          .catch((err) => fastify.log.error({ err }, 'schedule tick failed'))
          .finally(() => (ticking = undefined));
      }, TICK_MS);
      timer.unref();
    });
  }
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await ticking;
  });

  const view = ({ claimed_at: _claim, ...s }: typeof reportSchedules.$inferSelect) => s;

  app.get(
    '/admin/report_schedule',
    { config, schema: { tags, summary: 'Scheduled reports (filter[saved_report_id]; sort id, next_run_at, frequency)', querystring: ListQuery, response: { 200: listOf(Schedule) } } },
    async (req) => {
      const f = (req.query.filter ?? {}) as Record<string, unknown>;
      const rid = f.saved_report_id !== undefined && f.saved_report_id !== '' ? Number(f.saved_report_id) : undefined;
      if (rid !== undefined && !(Number.isInteger(rid) && rid >= 1 && rid <= 2147483647)) throw new ValidationError({ 'filter.saved_report_id': ['validation.format'] });
      const where = rid ? eq(reportSchedules.saved_report_id, rid) : undefined;
      const page = await paginate<typeof reportSchedules.$inferSelect>(req.db, req.query, {
        table: reportSchedules,
        where,
        query: req.db.select().from(reportSchedules).where(where).$dynamic(),
        orderBy: orderFor(req.query, { id: reportSchedules.id, next_run_at: reportSchedules.next_run_at, frequency: reportSchedules.frequency }, desc(reportSchedules.id)),
      });
      return { ...page, data: page.data.map(view) };
    },
  );

  app.get('/admin/report_schedule/:id', { config, schema: { tags, summary: 'One scheduled report', params: IdParams, response: { 200: ScheduleAnswer } } }, async (req) => {
    const [s] = await req.db.select().from(reportSchedules).where(eq(reportSchedules.id, req.params.id));
    if (!s) throw notFound('schedule');
    return { data: view(s) };
  });

  app.post(
    '/admin/report_schedule',
    {
      config,
      schema: {
        tags,
        summary: 'Mail a saved report as .xlsx to staff of the school every day, week (Mondays) or month (the 1st), at 06:00 UTC',
        body: Type.Object({ ...Fields, lang: Type.Optional(Fields.lang) }),
        response: { 201: ScheduleAnswer },
      },
    },
    async (req, reply) => {
      const b = req.body;
      await savedReport(req.db, b.saved_report_id);
      await staffOf(req.db, b.recipients);
      const [s] = await req.db
        .insert(reportSchedules)
        .values({
          saved_report_id: b.saved_report_id,
          frequency: b.frequency,
          recipients: [...new Set(b.recipients)],
          lang: b.lang ?? 'ru',
          next_run_at: nextRun(b.frequency, new Date()),
          created_by: currentUser(req).id,
        })
        .returning();
      return reply.status(201).send({ data: view(s) });
    },
  );

  app.put(
    '/admin/report_schedule/:id',
    {
      config,
      schema: { tags, summary: 'Change a scheduled report (a new frequency moves the next run)', params: IdParams, body: Type.Partial(Type.Object(Fields)), response: { 200: ScheduleAnswer } },
    },
    async (req) => {
      const b = req.body;
      if (!Object.keys(b).length) throw new ValidationError({ _: ['validation.required'] });
      const [old] = await req.db.select().from(reportSchedules).where(eq(reportSchedules.id, req.params.id));
      if (!old) throw notFound('schedule');
      if (b.saved_report_id) await savedReport(req.db, b.saved_report_id);
      if (b.recipients) await staffOf(req.db, b.recipients);
      const [s] = await req.db
        .update(reportSchedules)
        .set({ ...b, ...(b.recipients ? { recipients: [...new Set(b.recipients)] } : {}), ...(b.frequency && b.frequency !== old.frequency ? { next_run_at: nextRun(b.frequency, new Date()) } : {}) })
        .where(eq(reportSchedules.id, req.params.id))
        .returning();
      return { data: view(s) };
    },
  );

  app.delete('/admin/report_schedule/:id', { config, schema: { tags, summary: 'Stop mailing a report', params: IdParams, response: { 200: IdAnswer } } }, async (req) => {
    const [s] = await req.db.delete(reportSchedules).where(eq(reportSchedules.id, req.params.id)).returning({ id: reportSchedules.id });
    if (!s) throw notFound('schedule');
    return { data: s };
  });
}
