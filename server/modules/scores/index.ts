import { and, asc, count, desc, eq, exists, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { groupUsers, programGroups, programScores, programUsers, programs, users } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { fieldError, notFound } from '../../core/errors.ts';
import { ListQuery, pageMeta } from '../../core/pagination.ts';
import { computeScores, pairKey, readScoreSettings, writeScoreSettings } from './compute.ts';
import { studentScoreRoutes } from './student.ts';
import { Id } from '../../core/schemas.ts';
import { dataOf, listOf } from '../../core/responses.ts';
import { ScoreDetail, ScoreSettings, ScoreSummary } from './responses.ts';
import { containsPattern } from '../../core/search.ts';
import { achievementsAfter } from '../lifelong/index.ts';
import { ACCESS } from '../../../common/access/roles.ts';

/** The module's public face: what other modules may use (docs/server-layout.md). */
export { studentProgramScores } from './compute.ts';

const tags = ['admin: scores'];
const ADMINS = ACCESS.school.read;
/** A score is one student in one program: id `<user_id>-<program_id>`. */
const ScoreId = Type.Object({ id: Type.String({ pattern: '^[0-9]{1,9}-[0-9]{1,9}$' }) });
const Status = Type.Union([Type.Literal('approved'), Type.Literal('revoked'), Type.Literal('none')]);

/**
 * Scores (docs/scores-and-rating.md): every student's result in every program they are enrolled in (directly or
 * through a group), computed from quizzes, projects and activity with the school's score settings; the admin
 * approves a score (its points are kept) or revokes it. The student sees both in `/api/score`.
 */
export default async function scoresModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  studentScoreRoutes(fastify);

  /** The student is enrolled in the program directly or through a group (subqueries of the bound handle: bound too). */
  const enrolled = (db: Db) =>
    or(
      exists(
        db
          .select({ x: sql`1` })
          .from(programUsers)
          .where(and(eq(programUsers.user_id, users.id), eq(programUsers.program_id, programs.id))),
      ),
      exists(
        db
          .select({ x: sql`1` })
          .from(programGroups)
          .innerJoin(groupUsers, eq(groupUsers.group_id, programGroups.group_id))
          .where(and(eq(groupUsers.user_id, users.id), eq(programGroups.program_id, programs.id))),
      ),
    );
  const userName = sql<string>`trim(${users.surname} || ' ' || ${users.name})`;
  const columns = {
    user_id: users.id,
    user_name: userName,
    user_email: users.email,
    program_id: programs.id,
    program_title: programs.title,
    status: programScores.status,
    approved_points: programScores.points,
    decided_at: programScores.decided_at,
  };
  /** Every (user, program) pair of the school (the bound handle keeps both sides to it), with the admin's decision. */
  const base = (db: Db, where: SQL | undefined) =>
    db
      .select(columns)
      .from(users)
      .crossJoin(programs)
      .leftJoin(programScores, and(eq(programScores.user_id, users.id), eq(programScores.program_id, programs.id)))
      .where(where);
  const scope = (db: Db) => and(eq(users.role, 'student'), enrolled(db));

  type Row = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];
  /** Each row with its parts and points, and the computed detail behind them. */
  async function scored(db: Db, rows: Row[]) {
    const cfg = await readScoreSettings(db);
    const scores = await computeScores(db, rows, cfg);
    return rows.map((r) => {
      const s = scores.get(pairKey(r.user_id, r.program_id))!;
      const summary = {
        id: pairKey(r.user_id, r.program_id),
        ...r,
        status: r.status ?? null,
        quiz_percent: s.quiz_percent,
        project_percent: s.project_percent,
        activity_percent: s.activity_percent,
        points: s.points,
        max_score: s.max_score,
        quizzes_passed: s.quizzes.filter((q) => q.percent !== null).length,
        quizzes_total: s.quizzes.length,
        projects_reviewed: s.projects.filter((p) => p.status && p.status !== 'awaiting').length,
        projects_total: s.projects.length,
      };
      return { summary, s };
    });
  }
  const withPoints = async (db: Db, rows: Row[]) => (await scored(db, rows)).map((x) => x.summary);
  /** One score with every quiz, project and material. */
  async function withDetail(db: Db, row: Row) {
    const [{ summary, s }] = await scored(db, [row]);
    return { ...summary, quizzes: s.quizzes, projects: s.projects, materials: s.materials };
  }

  app.get(
    '/admin/score',
    {
      config: { roles: [...ADMINS] },
      schema: {
        tags,
        summary:
          'Every student in every program they are enrolled in, with quiz, project and activity parts and points; q searches the student, filters program_id, user_id, status (approved|revoked|none); sort user_name, program_title, status, decided_at',
        querystring: Type.Intersect([ListQuery, Type.Object({ program_id: Type.Optional(Id), user_id: Type.Optional(Id), status: Type.Optional(Status) })]),
        response: { 200: listOf(ScoreSummary) },
      },
    },
    async (req) => {
      const q = req.query;
      const f = {
        ...((q.filter ?? {}) as Record<string, unknown>),
        ...Object.fromEntries(Object.entries({ program_id: q.program_id, user_id: q.user_id, status: q.status }).filter(([, v]) => v !== undefined)),
      };
      const num = (k: string) => {
        const v = f[k];
        if (v === undefined || v === '' || v === null) return undefined;
        if (!/^[0-9]{1,9}$/.test(String(v)) || Number(v) < 1) throw fieldError(k, 'validation.format');
        return Number(v);
      };
      const status = f.status === undefined || f.status === '' ? undefined : String(f.status);
      if (status && !['approved', 'revoked', 'none'].includes(status)) throw fieldError('status', 'validation.choice');
      const programId = num('program_id');
      const userId = num('user_id');
      const where = and(
        scope(req.db),
        programId ? eq(programs.id, programId) : undefined,
        userId ? eq(users.id, userId) : undefined,
        status === 'none' ? isNull(programScores.status) : status ? eq(programScores.status, status as 'approved' | 'revoked') : undefined,
        q.q ? sql`(${users.surname} || ' ' || ${users.name} || ' ' || ${users.email}) ilike ${containsPattern(q.q)}` : undefined,
      );
      const perPage = Math.min(q.per_page ?? 15, 100);
      const page = Math.max(q.page ?? 1, 1);
      const sorts: Record<string, SQL | import('drizzle-orm/pg-core').PgColumn> = {
        user_name: userName,
        program_title: programs.title,
        status: programScores.status,
        decided_at: programScores.decided_at,
      };
      const dir = q.order?.toLowerCase() === 'desc' ? desc : asc;
      const order = q.sort && sorts[q.sort] ? [dir(sorts[q.sort]), asc(userName), asc(programs.id)] : [asc(userName), asc(users.id), asc(programs.id)];
      const [{ total }] = await req.db
        .select({ total: count() })
        .from(users)
        .crossJoin(programs)
        .leftJoin(programScores, and(eq(programScores.user_id, users.id), eq(programScores.program_id, programs.id)))
        .where(where);
      const rows = await base(req.db, where)
        .orderBy(...order)
        .limit(perPage)
        .offset((page - 1) * perPage);
      const data = await withPoints(req.db, rows);
      return { data, meta: pageMeta(page, perPage, Number(total), data.length) };
    },
  );

  const Settings = Type.Object({
    max_score: Type.Number({ minimum: 1, maximum: 1000 }),
    ratios: Type.Object({
      quizzes: Type.Integer({ minimum: 0, maximum: 100 }),
      projects: Type.Integer({ minimum: 0, maximum: 100 }),
      activity: Type.Integer({ minimum: 0, maximum: 100 }),
    }),
  });

  app.get(
    '/admin/score/settings',
    {
      config: { roles: [...ADMINS] },
      schema: { tags, summary: 'Score settings of the school: max score and the weights (percent) of quizzes, projects and activity', response: { 200: dataOf(ScoreSettings) } },
    },
    async (req) => ({
      data: await readScoreSettings(req.db),
    }),
  );

  app.put(
    '/admin/score/settings',
    {
      config: { roles: [...ADMINS], noDemo: true },
      schema: { tags, summary: 'Change the score settings; the three weights must add up to 100 (else 422 on ratios)', body: Settings, response: { 200: dataOf(ScoreSettings) } },
    },
    async (req) => {
      const { quizzes, projects, activity } = req.body.ratios;
      if (quizzes + projects + activity !== 100) throw fieldError('ratios', 'validation.format');
      const value = { max_score: req.body.max_score, ratios: { quizzes, projects, activity } };
      await writeScoreSettings(req.db, value);
      return { data: value };
    },
  );

  /** One score of the school (an enrolled student and a program), else 404 NOT_FOUND_SCORE. */
  async function oneScore(req: FastifyRequest, id: string) {
    const [userId, programId] = id.split('-').map(Number);
    const [row] = await base(req.db, and(scope(req.db), eq(users.id, userId), eq(programs.id, programId)));
    if (!row) throw notFound('score');
    return row;
  }

  app.get(
    '/admin/score/:id',
    {
      config: { roles: [...ADMINS] },
      schema: { tags, summary: 'One student in one program: every quiz, project and material with the parts and points', params: ScoreId, response: { 200: dataOf(ScoreDetail) } },
    },
    async (req) => ({ data: await withDetail(req.db, await oneScore(req, req.params.id)) }),
  );

  async function decide(req: FastifyRequest, id: string, status: 'approved' | 'revoked') {
    const row = await oneScore(req, id);
    const [live] = await withPoints(req.db, [row]);
    const values = { user_id: row.user_id, program_id: row.program_id, status, points: live.points, max_score: live.max_score, decided_by: currentUser(req).id, decided_at: new Date() };
    await req.db
      .insert(programScores)
      .values(values)
      .onConflictDoUpdate({
        target: [programScores.user_id, programScores.program_id],
        set: { status, points: values.points, max_score: values.max_score, decided_by: values.decided_by, decided_at: values.decided_at },
      });
    await achievementsAfter(req, row.user_id);
    return { data: await withDetail(req.db, await oneScore(req, id)) };
  }

  app.post(
    '/admin/score/:id/approve',
    {
      config: { roles: [...ADMINS], noDemo: true },
      schema: { tags, summary: 'Approve the score: its current points are kept and shown to the student as approved', params: ScoreId, response: { 200: dataOf(ScoreDetail) } },
    },
    async (req) => decide(req, req.params.id, 'approved'),
  );

  app.post(
    '/admin/score/:id/revoke',
    {
      config: { roles: [...ADMINS], noDemo: true },
      schema: { tags, summary: 'Revoke the score: the student sees it as revoked, with the live points', params: ScoreId, response: { 200: dataOf(ScoreDetail) } },
    },
    async (req) => decide(req, req.params.id, 'revoked'),
  );
}
