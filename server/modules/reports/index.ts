import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { chapters, groups, media, news, programs, quizzes, savedReports, users } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { AppError, ValidationError, notFound } from '../../core/errors.ts';
import { ListQuery, orderFor, pageMeta, paginate } from '../../core/pagination.ts';
import { Id, IdParams } from '../../core/schemas.ts';
import { REPORT_GROUPS, ReportParams, prepareReport, reports } from './catalogue.ts';
import { CatalogueAnswer, ChoicesAnswer, SavedReportAnswer, SavedReportList, reportPage } from './responses.ts';
import { IdAnswer } from '../../core/responses.ts';
import { ACCESS } from '../../../common/access/roles.ts';

/** The module's public face: what other modules may use (docs/server-layout.md). */
export { PERIODS, resolvePeriod, type Period, type Window } from './period.ts';
export { REPORT_TYPES, ReportParams, prepareReport, reports, type ReportColumn, type ReportDef, type ReportInput, type Row } from './catalogue.ts';

const tags = ['admin: reports'];
/** Who reads and saves reports (the specification's route table: reports, reports/{id}, reports/{id}/view). */
export const REPORT_ROLES = ACCESS.reports.read;

const ReportQuery = Type.Object({ ...ListQuery.properties, ...ReportParams.properties, with_chart: Type.Optional(Type.Boolean({ description: 'Add the chart of the whole report' })) });

const SavedFields = {
  name: Type.String({ maxLength: 255 }),
  type: Type.String({ maxLength: 64 }),
  params: Type.Object({}, { additionalProperties: true }),
};

/** The eight reports (`GET /admin/report/<type>`), their catalogue, and the saved reports of the school. */
export default async function reportsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: REPORT_ROLES };

  app.get(
    '/admin/report',
    { config, schema: { tags, summary: 'The report catalogue: groups, and each report with its parameters, columns and chart', response: { 200: CatalogueAnswer } } },
    async () => ({
      data: {
        groups: REPORT_GROUPS,
        reports: Object.values(reports).map((r) => ({ type: r.type, group: r.group, title: r.title, params: r.params, required: r.required, columns: r.columns, chart: !!r.chart })),
      },
    }),
  );

  const CHOICE_KINDS = ['quiz', 'program', 'group', 'media', 'user', 'news', 'chapter'] as const;
  app.get(
    '/admin/report/choices',
    {
      config,
      schema: {
        tags,
        summary:
          'What a report parameter may name, for the wizard (staff who read reports may not read these lists themselves): id and name, at most 200, q searches the name; chapter needs program_id',
        querystring: Type.Object({ kind: Type.Union(CHOICE_KINDS.map((k) => Type.Literal(k))), q: Type.Optional(Type.String({ maxLength: 200 })), program_id: Type.Optional(Id) }),
        response: { 200: ChoicesAnswer },
      },
    },
    async (req) => {
      const { kind, q, program_id } = req.query;
      const like = q ? `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : undefined;
      const titled = async (table: typeof quizzes | typeof programs | typeof groups | typeof media | typeof news, extra?: ReturnType<typeof eq>) =>
        req.db
          .select({ id: table.id, name: table.title })
          .from(table as typeof quizzes)
          .where(and(like ? ilike(table.title, like) : undefined, extra))
          .orderBy(asc(table.title), asc(table.id))
          .limit(200);
      switch (kind) {
        case 'quiz':
          return { data: await titled(quizzes) };
        case 'program':
          return { data: await titled(programs) };
        case 'group':
          return { data: await titled(groups) };
        case 'media':
          return { data: await titled(media) };
        case 'news':
          return { data: await titled(news, eq(news.audience, 'all')) };
        case 'chapter':
          if (!program_id) return { data: [] };
          return {
            data: await req.db
              .select({ id: chapters.id, name: chapters.title })
              .from(chapters)
              .where(and(eq(chapters.program_id, program_id), like ? ilike(chapters.title, like) : undefined))
              .orderBy(asc(chapters.sort), asc(chapters.id))
              .limit(200),
          };
        default: {
          const name = sql<string>`trim(concat_ws(' ', ${users.surname}, ${users.name}, '(' || ${users.login} || ')'))`;
          const where = and(eq(users.role, 'student'), like ? or(ilike(users.surname, like), ilike(users.name, like), ilike(users.login, like)) : undefined);
          return { data: await req.db.select({ id: users.id, name }).from(users).where(where).orderBy(asc(users.surname), asc(users.name), asc(users.id)).limit(200) };
        }
      }
    },
  );

  for (const def of Object.values(reports)) {
    app.get(
      `/admin/report/${def.type}`,
      {
        config,
        schema: {
          tags,
          operationId: `report_${def.type}`,
          summary: `Report ${def.type}: ${def.title.en} (parameters: ${[...def.params, 'period', 'date_start', 'date_end'].join(', ')}; sort by ${
            def.columns
              .filter((c) => c.sortable)
              .map((c) => c.key)
              .join(', ') || 'the default order'
          })`,
          querystring: ReportQuery,
          response: { 200: reportPage(def.row) },
        },
      },
      async (req) => {
        const q = req.query;
        // the parameters' checks read the primary (a group made a moment ago exists), the rows the replica if any
        const { def: d, input } = await prepareReport(req.db, def.type, q);
        const perPage = Math.min(q.per_page ?? 15, 100);
        const page = Math.max(q.page ?? 1, 1);
        const order = q.order?.toLowerCase() === 'desc' ? 'desc' : 'asc';
        const sort = q.sort && d.columns.some((c) => c.key === q.sort && c.sortable) ? q.sort : undefined;
        const { value, noticeLagSeconds } = await app.reportReads.run(req.tenant.id, (reads) =>
          withoutJit(reads, async (db) => ({
            ...(await d.page(db, input, { page, perPage, sort, order })),
            chart: q.with_chart && d.chart ? await d.chart(db, input) : undefined,
          })),
        );
        const { rows, total, chart } = value;
        return {
          data: rows,
          meta: pageMeta(page, perPage, total, rows.length),
          columns: d.columns,
          ...(chart ? { chart } : {}),
          ...(noticeLagSeconds !== undefined ? { replica_lag_seconds: noticeLagSeconds } : {}),
        };
      },
    );
  }

  // ---- saved reports ----

  function check(body: { name?: string; type?: string }) {
    const errors: Record<string, string[]> = {};
    if (body.name !== undefined && !body.name.trim()) throw new AppError(422, 'ERROR_REPORT_NAME', 'The report has no name');
    if (body.type !== undefined && !reports[body.type]) errors.type = ['validation.choice'];
    if (Object.keys(errors).length) throw new ValidationError(errors);
  }

  app.get(
    '/admin/reports',
    { config, schema: { tags, summary: 'Saved reports (q: search in the name; filter[type]; sort id, name, type, created_at)', querystring: ListQuery, response: { 200: SavedReportList } } },
    async (req) => {
      const q = req.query;
      const type = typeof q.filter?.type === 'string' && q.filter.type ? q.filter.type : undefined;
      const conds = [q.q ? ilike(savedReports.name, `%${q.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`) : undefined, type ? eq(savedReports.type, type) : undefined].filter((c) => c !== undefined);
      const where = conds.length ? and(...conds) : undefined;
      return paginate(req.db, q, {
        table: savedReports,
        where,
        query: req.db.select().from(savedReports).where(where).$dynamic(),
        orderBy: orderFor(q, { id: savedReports.id, name: savedReports.name, type: savedReports.type, created_at: savedReports.created_at }, desc(savedReports.id)),
      });
    },
  );

  app.get('/admin/reports/:id', { config, schema: { tags, summary: 'One saved report: name, type and parameters', params: IdParams, response: { 200: SavedReportAnswer } } }, async (req) => {
    const [r] = await req.db.select().from(savedReports).where(eq(savedReports.id, req.params.id));
    if (!r) throw notFound('report');
    return { data: r };
  });

  app.post(
    '/admin/reports',
    {
      config,
      schema: {
        tags,
        summary: 'Save a report under a name (ERROR_REPORT_NAME when the name is empty)',
        body: Type.Object({ name: Type.Optional(SavedFields.name), type: SavedFields.type, params: Type.Optional(SavedFields.params) }),
        response: { 201: SavedReportAnswer },
      },
    },
    async (req, reply) => {
      const body = req.body;
      if (!body.name?.trim()) throw new AppError(422, 'ERROR_REPORT_NAME', 'The report has no name');
      check(body);
      await prepareReport(req.db, body.type, cleanParams((body.params ?? {}) as Record<string, unknown>));
      const [r] = await req.db
        .insert(savedReports)
        .values({ name: body.name.trim(), type: body.type, params: cleanParams((body.params ?? {}) as Record<string, unknown>), created_by: currentUser(req).id })
        .returning();
      return reply.status(201).send({ data: r });
    },
  );

  app.put(
    '/admin/reports/:id',
    { config, schema: { tags, summary: 'Rename a saved report or change its parameters', params: IdParams, body: Type.Partial(Type.Object(SavedFields)), response: { 200: SavedReportAnswer } } },
    async (req) => {
      const body = req.body;
      check(body);
      const [old] = await req.db.select().from(savedReports).where(eq(savedReports.id, req.params.id));
      if (!old) throw notFound('report');
      const type = body.type ?? old.type;
      const params = body.params ? cleanParams(body.params as Record<string, unknown>) : old.params;
      if (body.type || body.params) await prepareReport(req.db, type, params);
      const [r] = await req.db
        .update(savedReports)
        .set({ ...(body.name !== undefined ? { name: body.name.trim() } : {}), type, params, updated_at: new Date() })
        .where(eq(savedReports.id, req.params.id))
        .returning();
      return { data: r };
    },
  );

  app.delete('/admin/reports/:id', { config, schema: { tags, summary: 'Delete a saved report', params: IdParams, response: { 200: IdAnswer } } }, async (req) => {
    const [r] = await req.db.delete(savedReports).where(eq(savedReports.id, req.params.id)).returning({ id: savedReports.id });
    if (!r) throw notFound('report');
    return { data: r };
  });
}

/**
 * Runs a report's page in a transaction with PostgreSQL's JIT compilation off. A report's statements are planned anew
 * on every call and their costs pass `jit_above_cost` (the school's attempts, events or days), so the default
 * `jit = on` compiled them each time: on the bench data 1.4 s of the traffic light's 1.8 s statement, which ran in
 * 0.33 s without (docs/performance.md, "Reports"). Never long enough to repay the compilation.
 */
async function withoutJit<T>(db: Db, run: (db: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return run(tx as unknown as Db);
  });
}

/** Only the report parameters of a body, each checked against the query schema's shape (ids, dates, lists). */
function cleanParams(raw: Record<string, unknown>): ReportParams {
  const keys = Object.keys(ReportParams.properties);
  const out: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  const isId = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 2147483647;
  for (const [k, v] of Object.entries(raw)) {
    if (!keys.includes(k) || v === null || v === undefined || v === '') continue;
    if (['quiz_id', 'user_id', 'media_id', 'program_id', 'chapter_id', 'group_id'].includes(k)) {
      const n = typeof v === 'string' ? Number(v) : v;
      if (!isId(n)) errors[`params.${k}`] = ['validation.format'];
      else out[k] = n;
    } else if (k === 'users' || k === 'news') {
      const list = (Array.isArray(v) ? v : [v]).map((x) => (typeof x === 'string' ? Number(x) : x));
      if (list.length > 1000 || !list.every(isId)) errors[`params.${k}`] = ['validation.format'];
      else if (list.length) out[k] = list;
    } else if (k === 'hide_unassigned') out[k] = v === true || v === 'true' || v === 1 || v === '1';
    else if (typeof v === 'string' && v.length <= 16) out[k] = v;
    else errors[`params.${k}`] = ['validation.format'];
  }
  if (out.period !== undefined && !(ReportParams.properties.period.anyOf as { const: string }[]).some((l) => l.const === out.period)) errors['params.period'] = ['validation.choice'];
  if (out.step !== undefined && !['program', 'chapter', 'student'].includes(out.step as string)) errors['params.step'] = ['validation.choice'];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return out as ReportParams;
}
