import { and, eq, inArray } from 'drizzle-orm';
import { Type, type Static, type TSchema } from 'typebox';
import type { Db } from '../../db/client.ts';
import { groups, media, news, programs, quizzes, users, chapters } from '../../db/schema/index.ts';
import { AppError, ValidationError, notFound } from '../../core/errors.ts';
import { Id } from '../../core/schemas.ts';
import { resolvePeriod, type Window } from './period.ts';
import { quizAnswerBreakdown, quizScoreResults } from './quiz.ts';
import { getUserActivity, lookedNews, submittedProject } from './students.ts';
import { learningPathSummary, trafficLights } from './program.ts';
import { getMediaActivity } from './media.ts';

/**
 * The report catalogue (docs/reports.md): one `ReportDef` per report type. The routes `/admin/report/<type>` page
 * through `page()`; the Excel export and the scheduled reports stream `rows()`. Every query goes through the
 * school-bound handle it is given (`req.db` or `app.schoolDb(id)`), so a report never sees another school's rows.
 */

export type ReportGroup = 'quiz' | 'program' | 'student' | 'media';
export type ColumnKind = 'text' | 'number' | 'percent' | 'date' | 'datetime' | 'duration' | 'state' | 'boolean';
export type Text = { ru: string; en: string };

export interface ReportColumn {
  key: string;
  title: Text;
  /**
   * How to show the value: `number` and `percent` (0–100) numbers, `date` a `YYYY-MM-DD` string, `datetime` a Date
   * (ISO 8601 in JSON), `duration` seconds (shown hh:mm:ss), `state` a key of `states`, `boolean` true/false/null.
   */
  kind: ColumnKind;
  sortable?: boolean;
  /** Texts of a `state` column's values (`green` → { ru: 'Зелёный', en: 'Green' }). */
  states?: Record<string, Text>;
}

/** The specification's report parameters (plus `period` and, for the traffic light, `chapter_id`). */
export const ReportParams = Type.Object({
  period: Type.Optional(
    Type.Union([Type.Literal('all'), Type.Literal('year'), Type.Literal('quarter'), Type.Literal('month'), Type.Literal('week'), Type.Literal('yesterday'), Type.Literal('range')]),
  ),
  date_start: Type.Optional(Type.String({ maxLength: 10, description: 'YYYY-MM-DD, included' })),
  date_end: Type.Optional(Type.String({ maxLength: 10, description: 'YYYY-MM-DD, included' })),
  quiz_id: Type.Optional(Id),
  user_id: Type.Optional(Id),
  media_id: Type.Optional(Id),
  users: Type.Optional(Type.Array(Id, { maxItems: 1000 })),
  program_id: Type.Optional(Id),
  chapter_id: Type.Optional(Id),
  group_id: Type.Optional(Id),
  news: Type.Optional(Type.Array(Id, { maxItems: 1000 })),
  hide_unassigned: Type.Optional(Type.Boolean()),
  step: Type.Optional(Type.Union([Type.Literal('program'), Type.Literal('chapter'), Type.Literal('student')])),
});
export type ReportParams = Static<typeof ReportParams>;
export type ParamName = keyof ReportParams;

/** Checked parameters with the period resolved: what `page()`, `rows()` and `chart()` receive. */
export type ReportInput = ReportParams & { window: Window };

export interface PageOpts {
  page: number;
  perPage: number;
  /** A column key with `sortable`; anything else falls back to the report's default order. */
  sort?: string;
  order?: 'asc' | 'desc';
}

export type Row = Record<string, unknown>;

/** Chart data: `bar` (a distribution), `line` (over time, `label` a day `YYYY-MM-DD`), `lights` (green/amber/red counts). */
export interface Chart {
  kind: 'bar' | 'line' | 'lights';
  title: Text;
  data: { label: string; value: number; extra?: number }[];
}

export interface ReportDef {
  type: string;
  group: ReportGroup;
  title: Text;
  /** Parameters the report reads (the wizard shows these). */
  params: ParamName[];
  /** Parameters it cannot do without (missing: 422 `validation.required` on that field). */
  required: ParamName[];
  columns: ReportColumn[];
  /** One row as the route sends it (its response schema): the columns' keys and the ids rows carry. */
  row: TSchema;
  /** A page of rows in the requested order, and the number of rows of the whole report. */
  page(db: Db, p: ReportInput, opts: PageOpts): Promise<{ rows: Row[]; total: number }>;
  /** Every row of the report in a stable order, fetched in batches (keyset): never the whole report in memory. */
  rows(db: Db, p: ReportInput): AsyncIterable<Row>;
  /** The report's chart, if it has one (over the whole report, not one page). */
  chart?(db: Db, p: ReportInput): Promise<Chart>;
}

export const reports: Record<string, ReportDef> = Object.fromEntries(
  [quizScoreResults, quizAnswerBreakdown, learningPathSummary, getUserActivity, trafficLights, lookedNews, submittedProject, getMediaActivity].map((r) => [r.type, r]),
);
export const REPORT_TYPES = Object.keys(reports);

/** Groups of the catalogue in the specification's order. */
export const REPORT_GROUPS: { group: ReportGroup; title: Text }[] = [
  { group: 'quiz', title: { ru: 'Тесты и опросы', en: 'Tests and polls' } },
  { group: 'program', title: { ru: 'Программы', en: 'Programs' } },
  { group: 'student', title: { ru: 'Студенты', en: 'Students' } },
  { group: 'media', title: { ru: 'Материалы', en: 'Materials' } },
];

/**
 * Checks a report's parameters against the school's rows and resolves the period: unknown report 404
 * (NOT_FOUND_REPORT); a required parameter missing 422; an id that is not the school's 404 (`NOT_FOUND_QUIZ`,
 * `_USER`, `_MEDIA`, `_PROGRAM`, `_GROUP`, `_NEWS`, `_CHAPTER`); traffic light without `step` 422 ERROR_REPORT_STEP;
 * no period 422 (`validation.report_range`).
 */
export async function prepareReport(db: Db, type: string, raw: ReportParams): Promise<{ def: ReportDef; input: ReportInput }> {
  const def = reports[type];
  if (!def) throw notFound('report');
  if (def.params.includes('step') && !raw.step) throw new AppError(422, 'ERROR_REPORT_STEP', 'The traffic light needs a step: program, chapter or student');
  const missing = def.required.filter((k) => raw[k] === undefined);
  if (missing.length) throw new ValidationError(Object.fromEntries(missing.map((k) => [k, ['validation.required']])));
  const window = resolvePeriod(raw);
  const p: ReportParams = {};
  for (const k of def.params) if (raw[k] !== undefined) (p as Record<string, unknown>)[k] = raw[k];
  await assertExists(db, p);
  return { def, input: { ...p, period: raw.period, date_start: raw.date_start, date_end: raw.date_end, window } };
}

async function assertExists(db: Db, p: ReportParams) {
  const one = async (table: typeof quizzes | typeof media | typeof programs | typeof groups | typeof chapters, id: number | undefined, entity: string) => {
    if (id === undefined) return;
    const [row] = await db
      .select({ id: table.id })
      .from(table as typeof quizzes)
      .where(eq(table.id, id));
    if (!row) throw notFound(entity);
  };
  await one(quizzes, p.quiz_id, 'quiz');
  await one(media, p.media_id, 'media');
  await one(programs, p.program_id, 'program');
  await one(groups, p.group_id, 'group');
  await one(chapters, p.chapter_id, 'chapter');
  if (p.chapter_id !== undefined && p.program_id !== undefined) {
    const [c] = await db
      .select({ id: chapters.id })
      .from(chapters)
      .where(and(eq(chapters.id, p.chapter_id), eq(chapters.program_id, p.program_id)));
    if (!c) throw notFound('chapter');
  }
  const userIds = [...new Set([...(p.user_id ? [p.user_id] : []), ...(p.users ?? [])])];
  if (userIds.length) {
    const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
    if (found.length !== userIds.length) throw notFound('user');
  }
  if (p.news?.length) {
    const ids = [...new Set(p.news)];
    const found = await db.select({ id: news.id }).from(news).where(inArray(news.id, ids));
    if (found.length !== ids.length) throw notFound('news');
  }
}
