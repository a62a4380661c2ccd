import { and, asc, count, countDistinct, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { programCompletion, type ProgressState } from '../programs/index.ts';
import { events, groupUsers, paymentItems, paymentPlans, programGroups, programUsers, programs, quizAttempts, quizzes, submittedProjects, users } from '../../db/schema/index.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { Id, nullable } from '../../core/schemas.ts';
import { Day } from '../../core/responses.ts';

/** The module's public face: what other modules may use (docs/server-layout.md). */
export { SOCIAL_MONTHS, WEBINAR_MONTHS, socialActivity, webinarScores } from './windows.ts';

const tags = ['admin: statistics'];
/** Staff who read the school's figures: the reports' roles (spec route table: reports → admin, superadmin, moderator). */
export const STATISTICS_ROLES = ACCESS.reports.read;

/** The specification's windows (01 §9, 02 §9): quiz statistics use the last 30 days. */
export const QUIZ_WINDOW_DAYS = 30;
/** A student is active when they did anything (a login, a view, an answer…) in the last 30 days. */
export const ACTIVE_WINDOW_DAYS = 30;
/** The periods the activity chart offers, in days back from today (UTC days, today included). */
export const ACTIVITY_PERIODS = { week: 7, month: 30, quarter: 91, year: 365 } as const;
export type ActivityPeriod = keyof typeof ACTIVITY_PERIODS;

const DAY = 86_400_000;
const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Students: all, blocked, active in the last 30 days. */
async function studentFigures(db: Db, now: Date) {
  const since = new Date(now.getTime() - ACTIVE_WINDOW_DAYS * DAY);
  const [all] = await db
    .select({ total: count(), blocked: sql<number>`count(*) filter (where ${users.is_blocked})` })
    .from(users)
    .where(eq(users.role, 'student'));
  const [active] = await db
    .select({ n: countDistinct(events.user_id) })
    .from(events)
    .innerJoin(users, eq(users.id, events.user_id))
    .where(and(eq(users.role, 'student'), gte(events.created_at, since)));
  return { total: Number(all.total), blocked: Number(all.blocked), active: Number(active.n), active_window_days: ACTIVE_WINDOW_DAYS };
}

/** Logins, actions and distinct users per UTC day over the period; days without events are zeros. */
async function activitySeries(db: Db, now: Date, period: ActivityPeriod) {
  const days = ACTIVITY_PERIODS[period];
  const from = new Date(startOfUtcDay(now).getTime() - (days - 1) * DAY);
  const day = sql<string>`to_char(date_trunc('day', ${events.created_at} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      logins: sql<number>`count(*) filter (where ${events.kind} = 'login')`,
      actions: count(),
      users: countDistinct(events.user_id),
    })
    .from(events)
    .where(gte(events.created_at, from))
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const series = Array.from({ length: days }, (_, i) => {
    const d = isoDay(new Date(from.getTime() + i * DAY));
    const r = byDay.get(d);
    return { date: d, logins: Number(r?.logins ?? 0), actions: Number(r?.actions ?? 0), users: Number(r?.users ?? 0) };
  });
  return {
    period,
    date_start: isoDay(from),
    date_end: isoDay(now),
    logins: series.reduce((s, r) => s + r.logins, 0),
    actions: series.reduce((s, r) => s + r.actions, 0),
    series,
  };
}

/**
 * Students' programs by state, by the one completion rule of the programs (server/modules/programs/progress.ts,
 * `programCompletion`: materials viewed, quizzes passed by their evaluation, polls answered, projects approved),
 * for every enrolment (direct or through a group) of a student, in a fixed number of queries.
 */
async function programFigures(db: Db) {
  const direct = await db
    .select({ user_id: programUsers.user_id, program_id: programUsers.program_id })
    .from(programUsers)
    .innerJoin(users, eq(users.id, programUsers.user_id))
    .where(eq(users.role, 'student'));
  const viaGroups = await db
    .selectDistinct({ user_id: groupUsers.user_id, program_id: programGroups.program_id })
    .from(groupUsers)
    .innerJoin(programGroups, eq(programGroups.group_id, groupUsers.group_id))
    .innerJoin(users, eq(users.id, groupUsers.user_id))
    .where(eq(users.role, 'student'));
  const pairs = new Map<string, { user_id: number; program_id: number }>();
  for (const r of [...direct, ...viaGroups]) pairs.set(`${r.user_id}:${r.program_id}`, r);
  const userIds = [...new Set([...pairs.values()].map((p) => p.user_id))];
  const programIds = [...new Set([...pairs.values()].map((p) => p.program_id))];
  const completion = userIds.length ? await programCompletion(db, userIds, programIds) : new Map<number, Map<number, { state: ProgressState }>>();

  const out = { not_started: 0, in_process: 0, done: 0, enrolments: pairs.size };
  const perProgram = new Map<number, { not_started: number; in_process: number; done: number }>();
  for (const { user_id, program_id } of pairs.values()) {
    const state = completion.get(user_id)?.get(program_id)?.state ?? 'not_started';
    out[state]++;
    const p = perProgram.get(program_id) ?? { not_started: 0, in_process: 0, done: 0 };
    p[state]++;
    perProgram.set(program_id, p);
  }
  const titles = perProgram.size
    ? await db
        .select({ id: programs.id, title: programs.title, title_en: programs.title_en })
        .from(programs)
        .where(inArray(programs.id, [...perProgram.keys()]))
    : [];
  const by_program = titles
    .map((t) => ({ program_id: t.id, title: t.title, title_en: t.title_en, ...perProgram.get(t.id)! }))
    .sort((a, b) => b.in_process + b.done - (a.in_process + a.done) || a.program_id - b.program_id);
  return { ...out, by_program };
}

/** Finished attempts of the last 30 days: how many, passed, average percent, a 10-bucket histogram and the busiest quizzes. */
async function quizFigures(db: Db, now: Date) {
  const since = new Date(now.getTime() - QUIZ_WINDOW_DAYS * DAY);
  const window = and(eq(quizAttempts.status, 'FINISHED'), gte(quizAttempts.finished_at, since));
  const [t] = await db
    .select({
      attempts: count(),
      passed: sql<number>`count(*) filter (where ${quizAttempts.passed})`,
      students: countDistinct(quizAttempts.user_id),
      average_percent: sql<number | null>`avg(${quizAttempts.percent})`,
    })
    .from(quizAttempts)
    .where(window);
  const bucket = sql<number>`least(floor(coalesce(${quizAttempts.percent}, 0) / 10), 9)::int`;
  const hist = await db.select({ bucket, n: count() }).from(quizAttempts).where(window).groupBy(bucket);
  const distribution = Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: i === 9 ? 100 : i * 10 + 9, attempts: Number(hist.find((h) => Number(h.bucket) === i)?.n ?? 0) }));
  const top = await db
    .select({
      quiz_id: quizAttempts.quiz_id,
      title: quizzes.title,
      attempts: count(),
      passed: sql<number>`count(*) filter (where ${quizAttempts.passed})`,
      average_percent: sql<number | null>`avg(${quizAttempts.percent})`,
    })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quiz_id))
    .where(window)
    .groupBy(quizAttempts.quiz_id, quizzes.title)
    .orderBy(desc(count()), asc(quizAttempts.quiz_id))
    .limit(10);
  const round = (v: number | null | string) => (v === null ? null : Math.round(Number(v) * 10) / 10);
  const attempts = Number(t.attempts);
  return {
    window_days: QUIZ_WINDOW_DAYS,
    date_start: isoDay(since),
    attempts,
    passed: Number(t.passed),
    students: Number(t.students),
    pass_rate: attempts ? Math.round((Number(t.passed) / attempts) * 1000) / 10 : null,
    average_percent: round(t.average_percent),
    distribution,
    top: top.map((q) => ({ quiz_id: q.quiz_id, title: q.title, attempts: Number(q.attempts), passed: Number(q.passed), average_percent: round(q.average_percent) })),
  };
}

/** Project versions waiting for a trainer's review. */
async function projectFigures(db: Db) {
  const [r] = await db
    .select({ waiting: count(), oldest: sql<Date | null>`min(${submittedProjects.submitted_at})` })
    .from(submittedProjects)
    .where(eq(submittedProjects.status, 'awaiting'));
  const oldest = r.oldest ? new Date(r.oldest) : null;
  return { waiting: Number(r.waiting), oldest_submitted_at: oldest ? oldest.toISOString() : null };
}

/** Unpaid instalments whose due date has passed, by currency, and the students who owe them. */
async function debtFigures(db: Db, now: Date) {
  const overdue = and(eq(paymentItems.paid, false), lt(paymentItems.due_date, isoDay(now)));
  const rows = await db
    .select({ currency: paymentItems.currency, amount: sql<number>`sum(${paymentItems.amount})`, items: count(), students: countDistinct(paymentPlans.user_id) })
    .from(paymentItems)
    .innerJoin(paymentPlans, eq(paymentPlans.id, paymentItems.plan_id))
    .where(overdue)
    .groupBy(paymentItems.currency)
    .orderBy(asc(paymentItems.currency));
  const [s] = await db
    .select({ students: countDistinct(paymentPlans.user_id) })
    .from(paymentItems)
    .innerJoin(paymentPlans, eq(paymentPlans.id, paymentItems.plan_id))
    .where(and(overdue, isNotNull(paymentPlans.user_id)));
  return {
    students: Number(s.students),
    by_currency: rows.map((r) => ({ currency: r.currency, amount: Math.round(Number(r.amount) * 100) / 100, items: Number(r.items), students: Number(r.students) })),
  };
}

/** Everything the dashboard shows; `payments` is null while the school's payment section is off. */
export async function schoolStatistics(db: Db, opts: { now?: Date; period?: ActivityPeriod; payment: boolean }) {
  const now = opts.now ?? new Date();
  return {
    generated_at: now.toISOString(),
    students: await studentFigures(db, now),
    activity: await activitySeries(db, now, opts.period ?? 'month'),
    programs: await programFigures(db),
    quizzes: await quizFigures(db, now),
    projects: await projectFigures(db),
    payments: opts.payment ? await debtFigures(db, now) : null,
  };
}

const States = { not_started: Type.Integer(), in_process: Type.Integer(), done: Type.Integer() };
/** What `schoolStatistics` answers. */
export const Statistics = Type.Object({
  generated_at: Type.String({ format: 'date-time' }),
  students: Type.Object({ total: Type.Integer(), blocked: Type.Integer(), active: Type.Integer(), active_window_days: Type.Integer() }),
  activity: Type.Object({
    period: Type.Union([Type.Literal('week'), Type.Literal('month'), Type.Literal('quarter'), Type.Literal('year')]),
    date_start: Day,
    date_end: Day,
    logins: Type.Integer(),
    actions: Type.Integer(),
    series: Type.Array(Type.Object({ date: Day, logins: Type.Integer(), actions: Type.Integer(), users: Type.Integer() })),
  }),
  programs: Type.Object({
    ...States,
    enrolments: Type.Integer(),
    by_program: Type.Array(Type.Object({ program_id: Id, title: Type.String(), title_en: nullable(Type.String()), ...States })),
  }),
  quizzes: Type.Object({
    window_days: Type.Integer(),
    date_start: Day,
    attempts: Type.Integer(),
    passed: Type.Integer(),
    students: Type.Integer(),
    pass_rate: nullable(Type.Number()),
    average_percent: nullable(Type.Number()),
    distribution: Type.Array(Type.Object({ from: Type.Integer(), to: Type.Integer(), attempts: Type.Integer() })),
    top: Type.Array(Type.Object({ quiz_id: Id, title: Type.String(), attempts: Type.Integer(), passed: Type.Integer(), average_percent: nullable(Type.Number()) })),
  }),
  projects: Type.Object({ waiting: Type.Integer(), oldest_submitted_at: nullable(Type.String({ format: 'date-time' })) }),
  payments: nullable(
    Type.Object({
      students: Type.Integer(),
      by_currency: Type.Array(Type.Object({ currency: Type.String(), amount: Type.Number(), items: Type.Integer(), students: Type.Integer() })),
    }),
  ),
});

/** `GET /admin/statistics`: the school's dashboard for its staff. */
export default async function statisticsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/admin/statistics',
    {
      config: { roles: STATISTICS_ROLES },
      schema: {
        tags,
        summary:
          "The school's dashboard: students (active in 30 days), logins and actions per day over a period (week, month, quarter, year; default month), students' programs by state, quiz results of the last 30 days, project reviews waiting, overdue payments (only with the payment section on)",
        querystring: Type.Object({ period: Type.Optional(Type.Union(Object.keys(ACTIVITY_PERIODS).map((k) => Type.Literal(k)))) }),
        // replica_lag_seconds: the dashboard came from the reports' replica that far behind (server/db/replica.ts)
        response: { 200: Type.Object({ data: Statistics, replica_lag_seconds: Type.Optional(Type.Integer({ minimum: 0 })) }) },
      },
    },
    async (req) => {
      const flags = await app.accessFlags(req.tenant.id);
      const period = req.query.period as ActivityPeriod | undefined;
      const { value, noticeLagSeconds } = await app.reportReads.run(req.tenant.id, (db) => schoolStatistics(db, { period, payment: flags.payment }));
      return { data: value, ...(noticeLagSeconds !== undefined ? { replica_lag_seconds: noticeLagSeconds } : {}) };
    },
  );
}
