import { and, asc, count, desc, eq, inArray, max, min, or, sql, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import { DateTime } from '../../core/responses.ts';
import { Id, nullable } from '../../core/schemas.ts';
import type { Db } from '../../db/client.ts';
import { chapterMedia, chapters, events, groupUsers, media, mediaUserScores, programGroups, programUsers, submittedProjects, users } from '../../db/schema/index.ts';
import type { ReportDef, ReportInput } from './catalogue.ts';
import { orderOf, pages, studentName, text, userScope, windowOn } from './helpers.ts';

/** Students assigned to a program: directly or through one of its groups. */
export function assignedTo(db: Db, programId: number): SQL {
  return or(
    inArray(users.id, db.select({ id: programUsers.user_id }).from(programUsers).where(eq(programUsers.program_id, programId))),
    inArray(users.id, db.select({ id: groupUsers.user_id }).from(groupUsers).innerJoin(programGroups, eq(programGroups.group_id, groupUsers.group_id)).where(eq(programGroups.program_id, programId))),
  )!;
}

/** `onlyMedia`: the rows of these materials alone (a page's), their events read through events_tenant_kind_subject. */
function mediaQuery(db: Db, p: ReportInput, onlyMedia?: number[]) {
  const viewConds: SQL[] = [inArray(events.kind, ['media_view', 'video_progress']), ...windowOn(events.created_at, p.window), ...userScope(db, events.user_id, p)];
  if (p.media_id) viewConds.push(eq(events.subject_id, p.media_id));
  if (p.program_id)
    viewConds.push(
      inArray(
        events.subject_id,
        db.select({ id: chapterMedia.media_id }).from(chapterMedia).innerJoin(chapters, eq(chapters.id, chapterMedia.chapter_id)).where(eq(chapters.program_id, p.program_id)),
      ),
    );
  const conds = [...viewConds, ...(onlyMedia ? [inArray(events.subject_id, onlyMedia.length ? onlyMedia : [0])] : [])];
  const views = db
    .select({
      media_id: sql<number>`${events.subject_id}`.as('v_media_id'),
      user_id: events.user_id,
      // days the material was opened or played (one `media_view` and one `video_progress` per user, material and day)
      views: sql<number>`count(distinct (${events.created_at} at time zone 'UTC')::date)`.as('views'),
      watched: sql<number | null>`max((${events.data}->>'percent')::numeric) filter (where ${events.kind} = 'video_progress' and jsonb_typeof(${events.data}->'percent') = 'number')`.as('watched'),
      first_view: min(events.created_at).as('first_view'),
      last_view: max(events.created_at).as('last_view'),
    })
    .from(events)
    .where(and(...conds))
    .groupBy(events.subject_id, events.user_id)
    .as('v');
  const versions = db
    .select({ media_id: sql<number>`${submittedProjects.media_id}`.as('pv_media_id'), user_id: sql<number>`${submittedProjects.user_id}`.as('pv_user_id'), n: sql<number>`count(*)`.as('pv_versions') })
    .from(submittedProjects)
    .where(onlyMedia ? inArray(submittedProjects.media_id, onlyMedia.length ? onlyMedia : [0]) : undefined)
    .groupBy(submittedProjects.media_id, submittedProjects.user_id)
    .as('pv');
  const cols = {
    media_id: media.id,
    media: media.title,
    kind: media.kind,
    user_id: users.id,
    student: studentName(),
    login: users.login,
    views: sql<number>`${views.views}`.mapWith(Number),
    watched_percent: sql<number | null>`${views.watched}`.mapWith((v) => (v === null ? null : Number(v))),
    first_view: sql<Date>`${views.first_view}`.mapWith((v) => new Date(v)),
    last_view: sql<Date>`${views.last_view}`.mapWith((v) => new Date(v)),
    score: mediaUserScores.score,
    count_attempts: sql<number>`coalesce(${mediaUserScores.count_attempts}, 0)`.mapWith(Number),
    versions: sql<number>`coalesce(${versions.n}, 0)`.mapWith(Number),
  };
  const where = and(eq(users.role, 'student'), ...(p.hide_unassigned && p.program_id ? [assignedTo(db, p.program_id)] : []))!;
  const from = () =>
    db
      .select(cols)
      .from(views)
      .innerJoin(media, eq(media.id, views.media_id))
      .innerJoin(users, eq(users.id, views.user_id))
      .leftJoin(mediaUserScores, and(eq(mediaUserScores.media_id, views.media_id), eq(mediaUserScores.user_id, views.user_id)))
      .leftJoin(versions, and(eq(versions.media_id, views.media_id), eq(versions.user_id, views.user_id)))
      .where(where)
      .$dynamic();
  const total = async () => {
    const [{ n }] = await db.select({ n: count() }).from(views).innerJoin(media, eq(media.id, views.media_id)).innerJoin(users, eq(users.id, views.user_id)).where(where);
    return Number(n);
  };
  /** Each material's number of rows (its students with a view), in the order of `dir(title)`, id: what a page by material is cut from. */
  const perMedia = (dir: typeof asc) => {
    const pairs = db
      .selectDistinct({ media_id: sql<number>`${events.subject_id}`.as('pair_media_id'), user_id: sql<number>`${events.user_id}`.as('pair_user_id') })
      .from(events)
      .where(and(...conds))
      .as('pairs');
    return db
      .select({ id: media.id, n: count() })
      .from(pairs)
      .innerJoin(media, eq(media.id, pairs.media_id))
      .innerJoin(users, eq(users.id, pairs.user_id))
      .where(where)
      .groupBy(media.id, media.title)
      .orderBy(dir(media.title), asc(media.id));
  };
  return { cols, views, from, total, perMedia };
}

/** A row of getMediaActivity: a material and a student who viewed it. */
const MediaActivityRow = Type.Object({
  media_id: Id,
  media: Type.String(),
  kind: Type.String(),
  user_id: Id,
  student: Type.String(),
  login: Type.String(),
  views: Type.Integer(),
  watched_percent: nullable(Type.Number()),
  first_view: DateTime,
  last_view: DateTime,
  score: nullable(Type.Number()),
  count_attempts: Type.Integer(),
  versions: Type.Integer(),
});

/** Views per material and student, the video's watched share, the score and extra versions (count_attempts) set in the back office. */
export const getMediaActivity: ReportDef = {
  type: 'getMediaActivity',
  group: 'media',
  title: text('Активность по материалам', 'Media activity'),
  params: ['media_id', 'program_id', 'hide_unassigned', 'user_id', 'users', 'group_id'],
  required: [],
  row: MediaActivityRow,
  columns: [
    { key: 'media', title: text('Материал', 'Material'), kind: 'text', sortable: true },
    { key: 'student', title: text('Студент', 'Student'), kind: 'text', sortable: true },
    { key: 'views', title: text('Просмотры (дней)', 'Views (days)'), kind: 'number', sortable: true },
    { key: 'watched_percent', title: text('Просмотрено видео', 'Video watched'), kind: 'percent', sortable: true },
    { key: 'first_view', title: text('Первый просмотр', 'First view'), kind: 'datetime', sortable: true },
    { key: 'last_view', title: text('Последний просмотр', 'Last view'), kind: 'datetime', sortable: true },
    { key: 'score', title: text('Оценка', 'Score'), kind: 'number', sortable: true },
    { key: 'count_attempts', title: text('Доп. попытки', 'Extra attempts'), kind: 'number', sortable: true },
    { key: 'versions', title: text('Версий проекта', 'Project versions'), kind: 'number', sortable: true },
  ],
  async page(db, p, o) {
    const offset = (o.page - 1) * o.perPage;
    if (!o.sort || o.sort === 'media') {
      // by material: each material's number of rows first (distinct viewers, no figures), then the figures of the
      // page's materials alone, instead of every view of the school grouped and sorted for 15 rows
      const dir = o.sort === 'media' && o.order === 'desc' ? desc : asc;
      const counts = await mediaQuery(db, p).perMedia(dir);
      const picked: number[] = [];
      let before = 0;
      let skipped = 0;
      for (const m of counts) {
        if (before + m.n > offset && before < offset + o.perPage) {
          if (!picked.length) skipped = before;
          picked.push(m.id);
        }
        before += m.n;
      }
      const total = counts.reduce((sum, m) => sum + m.n, 0);
      if (!picked.length) return { rows: [], total };
      const rows = await mediaQuery(db, p, picked)
        .from()
        .orderBy(dir(media.title), asc(media.id), asc(users.id))
        .limit(o.perPage)
        .offset(offset - skipped);
      return { rows, total };
    }
    const { cols, views, from, total } = mediaQuery(db, p);
    const order = orderOf(
      o,
      {
        student: [users.surname, users.name],
        views: cols.views,
        watched_percent: cols.watched_percent,
        first_view: cols.first_view,
        last_view: views.last_view,
        score: mediaUserScores.score,
        count_attempts: cols.count_attempts,
        versions: cols.versions,
      },
      media.title,
    );
    const rows = await from()
      .orderBy(...order, asc(media.id), asc(users.id))
      .limit(o.perPage)
      .offset(offset);
    return { rows, total: await total() };
  },
  rows(db, p) {
    return pages((o) => this.page(db, p, o), 1000);
  },
};
