import { and, asc, count, eq, gt, gte, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import { DateTime, Day, MaybeDateTime } from '../../core/responses.ts';
import { Id, nullable } from '../../core/schemas.ts';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { chapterMedia, chapters, eventDays, eventMonths, media, news, newsReads, submittedProjects, users } from '../../db/schema/index.ts';
import type { Chart, ReportDef, ReportInput } from './catalogue.ts';
import type { Window } from './period.ts';
import { keyset, orderOf, pages, studentName, text, userScope, windowOn } from './helpers.ts';

const students = (db: Db, p: ReportInput): SQL => and(eq(users.role, 'student'), ...userScope(db, users.id, p))!;

// ---- getUserActivity ----

/** The period as whole UTC days of `event_days` (`from` included, `to` excluded). */
function dayWindow(w: Window): SQL[] {
  return [...(w.from ? [gte(eventDays.day, dayOf(w.from))] : []), ...(w.to ? [lt(eventDays.day, dayOf(w.to))] : [])];
}

/** A UTC midnight as a day `YYYY-MM-DD` (every report period starts and ends at one: period.ts). */
function dayOf(d: Date) {
  if (d.getTime() % 86_400_000 !== 0) throw new Error(`Not a UTC day boundary: ${d.toISOString()}`);
  return d.toISOString().slice(0, 10);
}

/** The first day of the month after the one of `day`. */
function nextMonth(day: string) {
  const d = new Date(`${day.slice(0, 8)}01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Per student over the period, from the event log rolled up per user and UTC day (`event_days`) and month
 * (`event_months`), both kept by triggers (docs/reports.md "User activity"): the period's whole months from the
 * months, the days at its ends from the days. Logins, other actions, active days, actions per active day, time in
 * the portal (per day, first to last event; summed), last visit.
 */
function activityQuery(db: Db, p: ReportInput, only?: number[]) {
  const from = p.window.from ? dayOf(p.window.from) : undefined;
  const to = p.window.to ? dayOf(p.window.to) : undefined;
  // the whole months inside [from, to): from the first month that starts on or after `from`, up to the month of `to`
  const monthFrom = from === undefined ? undefined : from.endsWith('-01') ? from : nextMonth(from);
  const monthTo = to === undefined ? undefined : `${to.slice(0, 8)}01`;
  const months = monthFrom === undefined || monthTo === undefined || monthFrom < monthTo;
  const dayRange = (a: string | undefined, b: string | undefined) => and(...(a ? [gte(eventDays.day, a)] : []), ...(b ? [lt(eventDays.day, b)] : []));
  const dayConds = months ? or(...(from ? [dayRange(from, monthFrom)] : []), ...(to ? [dayRange(monthTo, to)] : [])) : dayRange(from, to);
  const daysOnly = only ? [inArray(eventDays.user_id, only.length ? only : [0])] : [];
  const fromDays = db
    .select({
      user_id: eventDays.user_id,
      days: sql<number>`1`.as('src_days'),
      seconds: sql<string>`extract(epoch from (${eventDays.last_at} - ${eventDays.first_at}))`.as('src_seconds'),
      logins: sql<number>`${eventDays.logins}`.as('src_logins'),
      actions: sql<number>`${eventDays.actions}`.as('src_actions'),
      last: sql<Date>`${eventDays.last_at}`.as('src_last'),
    })
    .from(eventDays)
    // `only`: the days of these users alone (a page's or a batch's), read through the table's key
    .where(and(dayConds ?? sql`false`, ...daysOnly));
  const fromMonths = db
    .select({
      user_id: eventMonths.user_id,
      days: sql<number>`${eventMonths.days}`.as('src_days'),
      seconds: sql<string>`${eventMonths.seconds}`.as('src_seconds'),
      logins: sql<number>`${eventMonths.logins}`.as('src_logins'),
      actions: sql<number>`${eventMonths.actions}`.as('src_actions'),
      last: sql<Date>`${eventMonths.last_at}`.as('src_last'),
    })
    .from(eventMonths)
    .where(
      and(...(monthFrom ? [gte(eventMonths.month, monthFrom)] : []), ...(monthTo ? [lt(eventMonths.month, monthTo)] : []), ...(only ? [inArray(eventMonths.user_id, only.length ? only : [0])] : [])),
    );
  const src = (months ? fromDays.unionAll(fromMonths) : fromDays).as('src');
  const perUser = db
    .select({
      user_id: src.user_id,
      days: sql<number>`sum(${src.days})`.as('days'),
      seconds: sql<number>`round(sum(${src.seconds}))`.as('seconds'),
      logins: sql<number>`sum(${src.logins})`.as('logins_total'),
      actions: sql<number>`sum(${src.actions})`.as('actions_total'),
      last: sql<Date>`max(${src.last})`.as('last_total'),
    })
    .from(src)
    .groupBy(src.user_id)
    .as('per_user');
  const cols = {
    id: users.id,
    user_id: users.id,
    student: studentName(),
    login: users.login,
    logins: sql<number>`coalesce(${perUser.logins}, 0)`.mapWith(Number),
    actions: sql<number>`coalesce(${perUser.actions}, 0)`.mapWith(Number),
    days: sql<number>`coalesce(${perUser.days}, 0)`.mapWith(Number),
    per_day: sql<number>`coalesce(round(${perUser.actions}::numeric / nullif(${perUser.days}, 0), 1), 0)`.mapWith(Number),
    seconds: sql<number>`coalesce(${perUser.seconds}, 0)`.mapWith(Number),
    last_visit: sql<Date | null>`greatest(${perUser.last}, ${users.last_login_at})`.mapWith((v) => (v ? new Date(v) : null)),
  };
  return { perUser, cols };
}

/** A row of getUserActivity: a student. */
const UserActivityRow = Type.Object({
  id: Id,
  user_id: Id,
  student: Type.String(),
  login: Type.String(),
  logins: Type.Integer(),
  actions: Type.Integer(),
  days: Type.Integer(),
  per_day: Type.Number(),
  seconds: Type.Integer(),
  last_visit: MaybeDateTime,
});

export const getUserActivity: ReportDef = {
  type: 'getUserActivity',
  group: 'student',
  title: text('Активность пользователей', 'User activity'),
  params: ['user_id', 'users', 'group_id'],
  required: [],
  row: UserActivityRow,
  columns: [
    { key: 'student', title: text('Студент', 'Student'), kind: 'text', sortable: true },
    { key: 'login', title: text('Логин', 'Login'), kind: 'text', sortable: true },
    { key: 'logins', title: text('Входы', 'Logins'), kind: 'number', sortable: true },
    { key: 'actions', title: text('Действия', 'Actions'), kind: 'number', sortable: true },
    { key: 'days', title: text('Дней активности', 'Active days'), kind: 'number', sortable: true },
    { key: 'per_day', title: text('Действий в день', 'Actions per day'), kind: 'number', sortable: true },
    { key: 'seconds', title: text('Время в портале', 'Time in the portal'), kind: 'duration', sortable: true },
    { key: 'last_visit', title: text('Последний визит', 'Last visit'), kind: 'datetime', sortable: true },
  ],
  async page(db, p, o) {
    const where = students(db, p);
    const [{ n }] = await db.select({ n: count() }).from(users).where(where);
    // by name or login the page's students are known before their events: only theirs are aggregated (a page costs 15
    // students' events, not the school's); a figure's order needs every student's figures first
    const byName = !o.sort || o.sort === 'student' || o.sort === 'login';
    const nameOrder = orderOf(o, { student: [users.surname, users.name], login: users.login }, users.surname);
    const only = byName
      ? (
          await db
            .select({ id: users.id })
            .from(users)
            .where(where)
            .orderBy(...nameOrder, asc(users.id))
            .limit(o.perPage)
            .offset((o.page - 1) * o.perPage)
        ).map((u) => u.id)
      : undefined;
    const { perUser, cols } = activityQuery(db, p, only);
    const order = orderOf(
      o,
      {
        student: [users.surname, users.name],
        login: users.login,
        logins: cols.logins,
        actions: cols.actions,
        days: cols.days,
        per_day: cols.per_day,
        seconds: cols.seconds,
        last_visit: cols.last_visit,
      },
      users.surname,
    );
    const q = db.select(cols).from(users).leftJoin(perUser, eq(perUser.user_id, users.id)).$dynamic();
    const rows = only
      ? await q.where(inArray(users.id, only.length ? only : [0])).orderBy(...order, asc(users.id))
      : await q
          .where(where)
          .orderBy(...order, asc(users.id))
          .limit(o.perPage)
          .offset((o.page - 1) * o.perPage);
    return { rows, total: Number(n) };
  },
  rows(db, p) {
    const where = students(db, p);
    // batch after batch of students by id, each with its own students' events only
    return keyset(
      async (after, limit) => {
        const ids = (
          await db
            .select({ id: users.id })
            .from(users)
            .where(after === null ? where : and(where, gt(users.id, after)))
            .orderBy(asc(users.id))
            .limit(limit)
        ).map((u) => u.id);
        if (!ids.length) return [];
        const { perUser, cols } = activityQuery(db, p, ids);
        return db.select(cols).from(users).leftJoin(perUser, eq(perUser.user_id, users.id)).where(inArray(users.id, ids)).orderBy(asc(users.id));
      },
      (r) => r.id,
    );
  },
  async chart(db, p): Promise<Chart> {
    const day = sql<string>`to_char(${eventDays.day}, 'YYYY-MM-DD')`;
    const got = await db
      .select({ day, n: sql<number>`sum(${eventDays.logins} + ${eventDays.actions})`.mapWith(Number) })
      .from(eventDays)
      .where(and(...dayWindow(p.window), inArray(eventDays.user_id, db.select({ id: users.id }).from(users).where(eq(users.role, 'student'))), ...userScope(db, eventDays.user_id, p)))
      .groupBy(eventDays.day)
      .orderBy(eventDays.day);
    return { kind: 'line', title: text('Действия по дням', 'Activity over time'), data: got.slice(-366).map((g) => ({ label: g.day, value: g.n })) };
  },
};

// ---- lookedNews ----

const readState = { read: text('Прочитана', 'Read'), unread: text('Не прочитана', 'Unread'), required_unread: text('Обязательная, не прочитана', 'Required, unread') };

function newsQuery(db: Db, p: ReportInput) {
  const where = and(eq(news.audience, 'all'), ...(p.news?.length ? [inArray(news.id, p.news)] : []), ...windowOn(news.published_at, p.window), students(db, p))!;
  const state = sql<string>`case when ${newsReads.read_at} is not null then 'read' when ${news.required} then 'required_unread' else 'unread' end`;
  const cols = {
    news_id: news.id,
    news: news.title,
    required: news.required,
    published_at: news.published_at,
    user_id: users.id,
    student: studentName(),
    login: users.login,
    state,
    read_at: newsReads.read_at,
  };
  const from = () =>
    db
      .select(cols)
      .from(news)
      .innerJoin(users, eq(users.role, 'student'))
      .leftJoin(newsReads, and(eq(newsReads.news_id, news.id), eq(newsReads.user_id, users.id)))
      .where(where)
      .$dynamic();
  return { where, state, from };
}

/** A row of lookedNews: a news item and a student. */
const LookedNewsRow = Type.Object({
  news_id: Id,
  news: Type.String(),
  required: Type.Boolean(),
  published_at: DateTime,
  user_id: Id,
  student: Type.String(),
  login: Type.String(),
  state: Type.Union([Type.Literal('read'), Type.Literal('unread'), Type.Literal('required_unread')]),
  read_at: MaybeDateTime,
});

/** Who read which news and when; required news unread stand out (`state` required_unread). */
export const lookedNews: ReportDef = {
  type: 'lookedNews',
  group: 'student',
  title: text('Просмотр новостей', 'News viewed'),
  params: ['news', 'user_id', 'users', 'group_id'],
  required: [],
  row: LookedNewsRow,
  columns: [
    { key: 'news', title: text('Новость', 'News'), kind: 'text', sortable: true },
    { key: 'published_at', title: text('Опубликована', 'Published'), kind: 'datetime', sortable: true },
    { key: 'student', title: text('Студент', 'Student'), kind: 'text', sortable: true },
    { key: 'login', title: text('Логин', 'Login'), kind: 'text' },
    { key: 'state', title: text('Состояние', 'State'), kind: 'state', sortable: true, states: readState },
    { key: 'read_at', title: text('Прочитана', 'Read at'), kind: 'datetime', sortable: true },
  ],
  async page(db, p, o) {
    const { where, state, from } = newsQuery(db, p);
    const [{ n }] = await db.select({ n: count() }).from(news).innerJoin(users, eq(users.role, 'student')).where(where);
    const order = orderOf(o, { news: news.title, published_at: news.published_at, student: [users.surname, users.name], state, read_at: newsReads.read_at }, news.published_at, 'desc');
    if (o.sort === 'state' || o.sort === 'read_at') {
      const rows = await from()
        .orderBy(...order, asc(news.id), asc(users.id))
        .limit(o.perPage)
        .offset((o.page - 1) * o.perPage);
      return { rows, total: Number(n) };
    }
    // an order that needs no read: the page's pairs of news and student first, then the reads of those pairs alone
    // (not a join of every news item and student with every read of the school)
    const pairs = await db
      .select({ news_id: news.id, user_id: users.id })
      .from(news)
      .innerJoin(users, eq(users.role, 'student'))
      .where(where)
      .orderBy(...order, asc(news.id), asc(users.id))
      .limit(o.perPage)
      .offset((o.page - 1) * o.perPage);
    if (!pairs.length) return { rows: [], total: Number(n) };
    const got = await from().where(
      and(
        where,
        inArray(
          news.id,
          pairs.map((x) => x.news_id),
        ),
        inArray(
          users.id,
          pairs.map((x) => x.user_id),
        ),
      ),
    );
    const byPair = new Map(got.map((r) => [`${r.news_id}:${r.user_id}`, r]));
    return { rows: pairs.map((x) => byPair.get(`${x.news_id}:${x.user_id}`)!).filter(Boolean), total: Number(n) };
  },
  rows(db, p) {
    return pages((o) => this.page(db, p, o), 1000);
  },
};

// ---- submittedProject ----

const trainer = alias(users, 'trainer');
const reviewState = { awaiting: text('Ожидает проверки', 'Awaiting review'), checked: text('Проверен', 'Checked'), approved: text('Одобрен', 'Approved') };
const deadlineState = { met: text('В срок', 'Met'), missed: text('Просрочен', 'Missed'), none: text('Без срока', 'No deadline') };

function projectWhere(db: Db, p: ReportInput): SQL {
  const conds: SQL[] = [...windowOn(submittedProjects.submitted_at, p.window), ...userScope(db, submittedProjects.user_id, p)];
  if (p.media_id) conds.push(eq(submittedProjects.media_id, p.media_id));
  if (p.program_id)
    conds.push(
      inArray(
        submittedProjects.media_id,
        db.select({ id: chapterMedia.media_id }).from(chapterMedia).innerJoin(chapters, eq(chapters.id, chapterMedia.chapter_id)).where(eq(chapters.program_id, p.program_id)),
      ),
    );
  return and(isNotNull(submittedProjects.id), ...conds)!;
}

const projectCols = {
  id: submittedProjects.id,
  user_id: submittedProjects.user_id,
  student: studentName(),
  login: users.login,
  media_id: submittedProjects.media_id,
  project: media.title,
  version: submittedProjects.version,
  submitted_at: submittedProjects.submitted_at,
  status: submittedProjects.status,
  score: submittedProjects.score,
  trainer_id: submittedProjects.trainer_id,
  trainer: sql<string | null>`nullif(trim(concat_ws(' ', ${trainer.surname}, ${trainer.name})), '')`,
  checked_at: submittedProjects.checked_at,
  deadline: media.deadline,
  deadline_state: sql<string>`case when ${submittedProjects.late} then 'missed' when ${media.deadline} is null then 'none' when ${submittedProjects.submitted_at} >= (${media.deadline}::date + 1) then 'missed' else 'met' end`,
};

const projectSelect = (db: Db, where: SQL) =>
  db
    .select(projectCols)
    .from(submittedProjects)
    .innerJoin(users, eq(users.id, submittedProjects.user_id))
    .innerJoin(media, eq(media.id, submittedProjects.media_id))
    .leftJoin(trainer, eq(trainer.id, submittedProjects.trainer_id))
    .where(where)
    .$dynamic();

/** A row of submittedProject: a project version. */
const SubmittedProjectRow = Type.Object({
  id: Id,
  user_id: Id,
  student: Type.String(),
  login: Type.String(),
  media_id: Id,
  project: Type.String(),
  version: Type.Integer(),
  submitted_at: DateTime,
  status: Type.Union([Type.Literal('awaiting'), Type.Literal('checked'), Type.Literal('approved')]),
  score: nullable(Type.Number()),
  trainer_id: nullable(Id),
  trainer: nullable(Type.String()),
  checked_at: MaybeDateTime,
  deadline: nullable(Day),
  deadline_state: Type.Union([Type.Literal('met'), Type.Literal('missed'), Type.Literal('none')]),
});

/** Every version of every project: dates, review state, score, trainer, deadline met or missed. */
export const submittedProject: ReportDef = {
  type: 'submittedProject',
  group: 'student',
  title: text('Сданные проекты', 'Submitted projects'),
  params: ['media_id', 'program_id', 'user_id', 'users', 'group_id'],
  required: [],
  row: SubmittedProjectRow,
  columns: [
    { key: 'student', title: text('Студент', 'Student'), kind: 'text', sortable: true },
    { key: 'project', title: text('Проект', 'Project'), kind: 'text', sortable: true },
    { key: 'version', title: text('Версия', 'Version'), kind: 'number', sortable: true },
    { key: 'submitted_at', title: text('Сдан', 'Submitted'), kind: 'datetime', sortable: true },
    { key: 'status', title: text('Проверка', 'Review'), kind: 'state', sortable: true, states: reviewState },
    { key: 'score', title: text('Оценка', 'Score'), kind: 'number', sortable: true },
    { key: 'trainer', title: text('Тренер', 'Trainer'), kind: 'text' },
    { key: 'checked_at', title: text('Проверен', 'Checked'), kind: 'datetime', sortable: true },
    { key: 'deadline', title: text('Срок', 'Deadline'), kind: 'date', sortable: true },
    { key: 'deadline_state', title: text('Срок соблюдён', 'Deadline'), kind: 'state', states: deadlineState },
  ],
  async page(db, p, o) {
    const where = projectWhere(db, p);
    const [{ n }] = await db.select({ n: count() }).from(submittedProjects).where(where);
    const order = orderOf(
      o,
      {
        student: [users.surname, users.name],
        project: media.title,
        version: submittedProjects.version,
        submitted_at: submittedProjects.submitted_at,
        status: submittedProjects.status,
        score: submittedProjects.score,
        checked_at: submittedProjects.checked_at,
        deadline: media.deadline,
      },
      submittedProjects.submitted_at,
      'desc',
    );
    const rows = await projectSelect(db, where)
      .orderBy(...order, asc(submittedProjects.id))
      .limit(o.perPage)
      .offset((o.page - 1) * o.perPage);
    return { rows, total: Number(n) };
  },
  rows(db, p) {
    const where = projectWhere(db, p);
    return keyset(
      (after, limit) =>
        projectSelect(db, after === null ? where : and(where, gt(submittedProjects.id, after))!)
          .orderBy(asc(submittedProjects.id))
          .limit(limit),
      (r) => r.id,
    );
  },
};
