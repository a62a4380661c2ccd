import { and, desc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { quizAttempts, submittedProjects, users } from '../../db/schema/index.ts';
import { currentUser, today } from '../../core/context.ts';
import { fieldError } from '../../core/errors.ts';
import { Id, nullable } from '../../core/schemas.ts';
import { dataOf } from '../../core/responses.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { PERIODS, resolvePeriod } from '../reports/index.ts';
import { SOCIAL_MONTHS, WEBINAR_MONTHS, socialActivity, webinarScores } from '../statistics/index.ts';

const tags = ['rating'];
const Period = Type.Union(PERIODS.map((p) => Type.Literal(p)));
/** A ranked student (`RatingRow`) with the back office's two activity figures. */
export const AdminRow = Type.Object({
  place: Type.Integer(),
  user_id: Id,
  name: Type.String(),
  points: Type.Number(),
  quiz_points: Type.Number(),
  project_points: Type.Number(),
  social_activity: Type.Number(),
  webinar_points: Type.Number(),
});
export const MyRating = Type.Object({
  place: nullable(Type.Integer()),
  total: Type.Integer(),
  points: Type.Number(),
  quiz_points: Type.Number(),
  project_points: Type.Number(),
  top: Type.Array(Type.Object({ place: Type.Integer(), name: Type.String(), points: Type.Number(), me: Type.Boolean() })),
});
export const AdminMeta = Type.Object({
  month: nullable(Type.Integer()),
  year: nullable(Type.Integer()),
  period: nullable(Period),
  total: Type.Integer(),
  social_months: Type.Integer(),
  webinar_months: Type.Integer(),
});

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
 * Equal points share the order by name; places are 1, 2, 3… in that order. Only students are ranked: staff, blocked
 * students and students whose blocking date has come are left out (they keep their points, unranked).
 * `db` is bound to the school (`req.db`): it ranks that school's students only.
 */
export async function schoolRating(db: Db, period?: { from: Date; to: Date }): Promise<RatingRow[]> {
  const best = db
    .select({ user_id: quizAttempts.user_id, points: sql<number>`max(${quizAttempts.score})`.as('points') })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.status, 'FINISHED'), period ? and(gte(quizAttempts.finished_at, period.from), lt(quizAttempts.finished_at, period.to)) : undefined))
    .groupBy(quizAttempts.user_id, quizAttempts.quiz_id)
    .as('best');
  const quizPoints = await db
    .select({ user_id: best.user_id, points: sql<number>`coalesce(sum(${best.points}), 0)` })
    .from(best)
    .groupBy(best.user_id);
  const reviewed = await db
    .select({ user_id: submittedProjects.user_id, media_id: submittedProjects.media_id, score: submittedProjects.score })
    .from(submittedProjects)
    .where(and(inArray(submittedProjects.status, ['checked', 'approved']), period ? and(gte(submittedProjects.checked_at, period.from), lt(submittedProjects.checked_at, period.to)) : undefined))
    .orderBy(desc(submittedProjects.version));
  const latest = new Map<string, { user_id: number; score: number }>();
  for (const r of reviewed) if (!latest.has(`${r.user_id}:${r.media_id}`)) latest.set(`${r.user_id}:${r.media_id}`, { user_id: r.user_id, score: Number(r.score ?? 0) });
  // staff and blocked students (blocked now, or from a blocking date that has come) are not ranked
  const students = await db
    .select({ id: users.id, name: users.name, surname: users.surname })
    .from(users)
    .where(and(eq(users.role, 'student'), eq(users.is_blocked, false), or(isNull(users.date_block), gt(users.date_block, today()))));
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

  app.get(
    '/api/user/getRating',
    { config: { roles: ['student'], flag: 'rating' }, schema: { tags, summary: "My place and points among the school's students, and the top ten", response: { 200: dataOf(MyRating) } } },
    async (req) => {
      const me = currentUser(req);
      const rows = await schoolRating(req.db);
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
    },
  );

  app.get(
    '/admin/rating',
    {
      config: { roles: ACCESS.school.read, flag: 'rating' },
      schema: {
        tags: ['admin: rating'],
        summary:
          "The rating of the school's students: all time, a year (year) or a month (month and year) of the calendar, or a report period (period: all, year, quarter, month, week, yesterday, range with date_start/date_end); each row also has social_activity (logins and news read per month, averaged over 3 months) and webinar_points (webinar scores of the last 3 months)",
        querystring: Type.Object({
          month: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
          year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })),
          // issue 12: the report periods (server/modules/reports/period.ts)
          period: Type.Optional(Period),
          date_start: Type.Optional(Type.String({ maxLength: 10 })),
          date_end: Type.Optional(Type.String({ maxLength: 10 })),
        }),
        response: { 200: Type.Object({ data: Type.Array(AdminRow), meta: AdminMeta }) },
      },
    },
    async (req) => {
      const { month, year } = req.query;
      if (month && !year) throw fieldError('year', 'validation.required');
      let period = year ? { from: new Date(Date.UTC(year, month ? month - 1 : 0, 1)), to: new Date(Date.UTC(month ? year : year + 1, month ? month : 0, 1)) } : undefined;
      if (!year && req.query.period && req.query.period !== 'all') {
        const w = resolvePeriod(req.query);
        period = { from: w.from ?? new Date(0), to: w.to ?? new Date('9999-12-31T00:00:00Z') };
      }
      const rows = await schoolRating(req.db, period);
      // the specification's windows (issue 12): social activity averaged over 3 months, webinar scores over 3 months
      const [social, webinar] = [await socialActivity(req.db), await webinarScores(req.db)];
      const data = rows.map((r) => ({ ...r, social_activity: social.get(r.user_id) ?? 0, webinar_points: webinar.get(r.user_id) ?? 0 }));
      return {
        data,
        meta: { month: month ?? null, year: year ?? null, period: year ? null : (req.query.period ?? null), total: rows.length, social_months: SOCIAL_MONTHS, webinar_months: WEBINAR_MONTHS },
      };
    },
  );
}
