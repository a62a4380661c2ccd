import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { quizAttempts, submittedProjects, users } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { fieldError } from '../../core/errors.ts';

const tags = ['rating'];

export interface RatingRow {
  place: number;
  user_id: number;
  name: string;
  points: number;
  quiz_points: number;
  project_points: number;
}

/**
 * The rating of a school's students (docs/projects.md "Rating"):
 * points = the best score of each quiz the student finished + the score of the latest reviewed (checked or approved)
 * version of each project. With a period, only attempts finished and versions reviewed within it count.
 * Equal points share the order by name; places are 1, 2, 3… in that order. Blocked students are still ranked.
 */
export async function schoolRating(db: Db, tenantId: number, period?: { from: Date; to: Date }): Promise<RatingRow[]> {
  const best = db
    .select({ user_id: quizAttempts.user_id, points: sql<number>`max(${quizAttempts.score})`.as('points') })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.tenant_id, tenantId), eq(quizAttempts.status, 'FINISHED'), period ? and(gte(quizAttempts.finished_at, period.from), lt(quizAttempts.finished_at, period.to)) : undefined))
    .groupBy(quizAttempts.user_id, quizAttempts.quiz_id)
    .as('best');
  const quizPoints = await db.select({ user_id: best.user_id, points: sql<number>`coalesce(sum(${best.points}), 0)` }).from(best).groupBy(best.user_id);
  const reviewed = await db
    .select({ user_id: submittedProjects.user_id, media_id: submittedProjects.media_id, score: submittedProjects.score })
    .from(submittedProjects)
    .where(and(
      eq(submittedProjects.tenant_id, tenantId),
      inArray(submittedProjects.status, ['checked', 'approved']),
      period ? and(gte(submittedProjects.checked_at, period.from), lt(submittedProjects.checked_at, period.to)) : undefined,
    ))
    .orderBy(desc(submittedProjects.version));
  const latest = new Map<string, { user_id: number; score: number }>();
  for (const r of reviewed) if (!latest.has(`${r.user_id}:${r.media_id}`)) latest.set(`${r.user_id}:${r.media_id}`, { user_id: r.user_id, score: Number(r.score ?? 0) });
  const students = await db.select({ id: users.id, name: users.name, surname: users.surname }).from(users).where(and(eq(users.tenant_id, tenantId), eq(users.role, 'student')));
  const quiz = new Map(quizPoints.map((r) => [r.user_id, Number(r.points ?? 0)]));
  const project = new Map<number, number>();
  for (const r of latest.values()) project.set(r.user_id, (project.get(r.user_id) ?? 0) + r.score);
  return students
    .map((s) => {
      const q = quiz.get(s.id) ?? 0;
      const p = project.get(s.id) ?? 0;
      return { user_id: s.id, name: `${s.surname ?? ''} ${s.name ?? ''}`.trim(), quiz_points: q, project_points: p, points: q + p };
    })
    .sort((a, b) => b.points - a.points || a.name.localeCompare(b.name, 'ru') || a.user_id - b.user_id)
    .map((r, i) => ({ place: i + 1, ...r }));
}

/** The student's place in the school's rating, and the school's rating by month for the back office. Flag `rating`. */
export default async function ratingModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/user/getRating', { config: { roles: ['student'], flag: 'rating' }, schema: { tags, summary: 'My place and points among the school\'s students, and the top ten' } }, async (req) => {
    const me = currentUser(req);
    const rows = await schoolRating(app.db, req.tenant.id);
    const mine = rows.find((r) => r.user_id === me.id);
    return {
      data: {
        place: mine?.place ?? null,
        total: rows.length,
        points: mine?.points ?? 0,
        quiz_points: mine?.quiz_points ?? 0,
        project_points: mine?.project_points ?? 0,
        top: rows.slice(0, 10).map((r) => ({ place: r.place, name: r.name, points: r.points, me: r.user_id === me.id })),
      },
    };
  });

  app.get('/admin/rating', {
    config: { roles: ['admin', 'superadmin'], flag: 'rating' },
    schema: {
      tags: ['admin: rating'],
      summary: 'The rating of the school\'s students: all time, a year (year) or a month (month and year)',
      querystring: Type.Object({ month: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })), year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })) }),
    },
  }, async (req) => {
    const { month, year } = req.query;
    if (month && !year) throw fieldError('year', 'validation.required');
    const period = year ? { from: new Date(Date.UTC(year, month ? month - 1 : 0, 1)), to: new Date(Date.UTC(month ? year : year + 1, month ? month : 0, 1)) } : undefined;
    const rows = await schoolRating(app.db, req.tenant.id, period);
    return { data: rows, meta: { month: month ?? null, year: year ?? null, total: rows.length } };
  });
}
