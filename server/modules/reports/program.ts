import { and, asc, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chapterMedia, chapterQuizzes, chapters, media, programs, quizAttempts, quizzes, submittedProjects, users } from '../../db/schema/index.ts';
import { ValidationError } from '../../core/errors.ts';
import { attemptPassed, programTrees, progressOf, type ChapterView, type ProgressState } from '../programs/index.ts';
import type { Chart, ReportDef, ReportInput, Row, Text } from './catalogue.ts';
import { orderOf, pages, studentName, text, userScope, windowOn } from './helpers.ts';
import { assignedTo } from './media.ts';

/** The program's students (assigned directly or through a group), narrowed by user_id / users / group_id. */
const programStudents = (db: Db, p: ReportInput, programId: number): SQL => and(eq(users.role, 'student'), assignedTo(db, programId), ...userScope(db, users.id, p))!;

const progressStates = { not_started: text('Не начат', 'Not started'), in_process: text('В процессе', 'In process'), done: text('Пройден', 'Done') };

/** The figures of a student's row from their chapters of the program (programs/progress.ts rule). */
function summaryRow(u: { id: number; student: string; login: string }, chs: ChapterView[]): Row {
  const progress = progressOf(chs);
  const mats = chs.flatMap((c) => c.media.filter((m) => m.kind !== 'project'));
  const projects = chs.flatMap((c) => c.media.filter((m) => m.kind === 'project'));
  const qs = chs.flatMap((c) => c.quizzes.filter((q) => q.kind !== 'poll'));
  return {
    id: u.id,
    user_id: u.id,
    student: u.student,
    login: u.login,
    chapters_done: chs.filter((c) => [...c.media, ...c.quizzes].every((i) => i.done) && c.media.length + c.quizzes.length > 0).length,
    chapters_total: chs.length,
    materials_viewed: mats.filter((m) => m.viewed).length,
    materials_total: mats.length,
    quizzes_passed: qs.filter((q) => q.result?.passed).length,
    quizzes_total: qs.length,
    projects_approved: projects.filter((m) => m.approved).length,
    projects_total: projects.length,
    percent: progress.percent,
    state: progress.state,
  };
}

/** Rows of these students (in their order), the facts read for up to 1 000 students per batch. */
async function summaryRows(db: Db, programId: number, list: { id: number; student: string; login: string }[]) {
  const rows: Row[] = [];
  for (let i = 0; i < list.length; i += 1000) {
    const batch = list.slice(i, i + 1000);
    const trees = await programTrees(
      db,
      programId,
      batch.map((u) => u.id),
    );
    for (const u of batch) rows.push(summaryRow(u, trees.get(u.id) ?? []));
  }
  return rows;
}

/** Columns computed in code: sorting by one of them computes every student's row of the program, then pages. */
const COMPUTED_SORT: Record<string, (r: Row) => number> = {
  chapters_done: (r) => r.chapters_done as number,
  materials_viewed: (r) => r.materials_viewed as number,
  quizzes_passed: (r) => r.quizzes_passed as number,
  projects_approved: (r) => r.projects_approved as number,
  percent: (r) => r.percent as number,
  // the order of the way through, not of the words
  state: (r) => ({ not_started: 0, in_process: 1, done: 2 })[r.state as ProgressState],
};

/**
 * Per student of a program: chapters done, materials viewed, quizzes passed, projects approved, state (programs/progress.ts rule).
 * Every column but the totals sorts: the totals are the program's and the same on every row. Student and login sort in
 * the database and only the page's rows are computed; the computed columns compute all the program's students
 * (a fixed number of queries per 1 000) and page in code, ties in the order of names.
 */
export const learningPathSummary: ReportDef = {
  type: 'learningPathSummary',
  group: 'program',
  title: text('Сводка по программе', 'Learning path summary'),
  params: ['program_id', 'user_id', 'users', 'group_id'],
  required: ['program_id'],
  columns: [
    { key: 'student', title: text('Студент', 'Student'), kind: 'text', sortable: true },
    { key: 'login', title: text('Логин', 'Login'), kind: 'text', sortable: true },
    { key: 'chapters_done', title: text('Глав пройдено', 'Chapters done'), kind: 'number', sortable: true },
    { key: 'chapters_total', title: text('Глав всего', 'Chapters'), kind: 'number' },
    { key: 'materials_viewed', title: text('Материалов просмотрено', 'Materials viewed'), kind: 'number', sortable: true },
    { key: 'materials_total', title: text('Материалов всего', 'Materials'), kind: 'number' },
    { key: 'quizzes_passed', title: text('Тестов сдано', 'Quizzes passed'), kind: 'number', sortable: true },
    { key: 'quizzes_total', title: text('Тестов всего', 'Quizzes'), kind: 'number' },
    { key: 'projects_approved', title: text('Проектов одобрено', 'Projects approved'), kind: 'number', sortable: true },
    { key: 'projects_total', title: text('Проектов всего', 'Projects'), kind: 'number' },
    { key: 'percent', title: text('Прогресс', 'Progress'), kind: 'percent', sortable: true },
    { key: 'state', title: text('Состояние', 'State'), kind: 'state', states: progressStates, sortable: true },
  ],
  async page(db, p, o) {
    const programId = p.program_id!;
    const where = programStudents(db, p, programId);
    const people = () => db.select({ id: users.id, student: studentName(), login: users.login }).from(users).where(where).$dynamic();
    const computed = o.sort ? COMPUTED_SORT[o.sort] : undefined;
    if (computed) {
      const all = await summaryRows(db, programId, await people().orderBy(asc(users.surname), asc(users.name), asc(users.id)));
      const dir = o.order === 'desc' ? -1 : 1;
      // Array.prototype.sort is stable: equal figures keep the order of names
      all.sort((a, b) => dir * (computed(a) - computed(b)));
      return { rows: all.slice((o.page - 1) * o.perPage, o.page * o.perPage), total: all.length };
    }
    const [{ n }] = await db.select({ n: count() }).from(users).where(where);
    const order = orderOf(o, { student: [users.surname, users.name], login: users.login }, users.surname);
    const list = await people()
      .orderBy(...order, asc(users.id))
      .limit(o.perPage)
      .offset((o.page - 1) * o.perPage);
    return { rows: await summaryRows(db, programId, list), total: Number(n) };
  },
  rows(db, p) {
    return pages((o) => this.page(db, p, o), 1000);
  },
};

// ---- trafficLights ----

export type Light = 'green' | 'amber' | 'red';
const lightStates: Record<Light | 'none', Text> = { green: text('Зелёный', 'Green'), amber: text('Жёлтый', 'Amber'), red: text('Красный', 'Red'), none: text('Нет данных', 'No data') };

/**
 * The traffic light of students over the exams and projects of a program or one chapter (docs/reports.md
 * "Traffic light"). An item of a student:
 * - a quiz (exam or pass; polls do not count): green when a finished attempt passes (programs/progress.ts
 *   attemptPassed); red when every allowed attempt is used without a pass; amber otherwise (not tried yet, or
 *   failed with attempts left);
 * - a project: green when a version was reviewed (checked or approved); red when its deadline is past and no version
 *   was sent, or every version sent was late; amber otherwise (not due yet, or awaiting review).
 * A student is red with any red item, green when every item is green, amber otherwise. Attempts made in demo mode do
 * not count; the period narrows the attempts and versions counted.
 */
export async function studentLights(db: Db, p: ReportInput, programId: number, chapterId?: number, userIds?: number[]) {
  const chIds = (
    await db
      .select({ id: chapters.id })
      .from(chapters)
      .where(and(eq(chapters.program_id, programId), ...(chapterId ? [eq(chapters.id, chapterId)] : [])))
  ).map((c) => c.id);
  const qs = chIds.length
    ? await db
        .selectDistinct({
          id: quizzes.id,
          kind: quizzes.kind,
          evaluation: quizzes.evaluation,
          passing_percentage: quizzes.passing_percentage,
          min_score: quizzes.min_score,
          max_attempts: quizzes.max_attempts,
        })
        .from(chapterQuizzes)
        .innerJoin(quizzes, eq(quizzes.id, chapterQuizzes.quiz_id))
        .where(and(inArray(chapterQuizzes.chapter_id, chIds), ne(quizzes.kind, 'poll')))
    : [];
  const projects = chIds.length
    ? await db
        .selectDistinct({ id: media.id, deadline: media.deadline })
        .from(chapterMedia)
        .innerJoin(media, eq(media.id, chapterMedia.media_id))
        .where(and(inArray(chapterMedia.chapter_id, chIds), eq(media.kind, 'project')))
    : [];
  const studentWhere = and(programStudents(db, p, programId), ...(userIds ? [inArray(users.id, userIds.length ? userIds : [0])] : []))!;
  const studentIds = db.select({ id: users.id }).from(users).where(studentWhere);
  const people = await db.select({ id: users.id }).from(users).where(studentWhere);
  const attempts = qs.length
    ? await db
        .select({ u: quizAttempts.user_id, q: quizAttempts.quiz_id, percent: quizAttempts.percent, score: quizAttempts.score })
        .from(quizAttempts)
        .where(
          and(
            inArray(
              quizAttempts.quiz_id,
              qs.map((q) => q.id),
            ),
            inArray(quizAttempts.user_id, studentIds),
            eq(quizAttempts.status, 'FINISHED'),
            eq(quizAttempts.demo, false),
            ...windowOn(quizAttempts.finished_at, p.window),
          ),
        )
    : [];
  const versions = projects.length
    ? await db
        .select({ u: submittedProjects.user_id, m: submittedProjects.media_id, status: submittedProjects.status, late: submittedProjects.late })
        .from(submittedProjects)
        .where(
          and(
            inArray(
              submittedProjects.media_id,
              projects.map((m) => m.id),
            ),
            inArray(submittedProjects.user_id, studentIds),
            ...windowOn(submittedProjects.submitted_at, p.window),
          ),
        )
    : [];
  const today = new Date().toISOString().slice(0, 10);
  const out = new Map<number, { green: number; amber: number; red: number; light: Light }>();
  for (const { id: u } of people) {
    const c = { green: 0, amber: 0, red: 0 };
    for (const q of qs) {
      const mine = attempts.filter((a) => a.u === u && a.q === q.id);
      if (mine.some((a) => attemptPassed(q, a))) c.green++;
      else if (q.max_attempts && mine.length >= q.max_attempts) c.red++;
      else c.amber++;
    }
    for (const m of projects) {
      const mine = versions.filter((v) => v.u === u && v.m === m.id);
      if (mine.some((v) => v.status !== 'awaiting')) c.green++;
      else if ((!mine.length && m.deadline && m.deadline < today) || (mine.length && mine.every((v) => v.late))) c.red++;
      else c.amber++;
    }
    out.set(u, { ...c, light: c.red ? 'red' : c.amber ? 'amber' : 'green' });
  }
  return out;
}

/** A group of students: red when at least a quarter of them is red, green when at least three quarters are green, else amber. */
function groupLight(lights: Iterable<{ light: Light }>) {
  const c = { green: 0, amber: 0, red: 0 };
  for (const l of lights) c[l.light]++;
  const n = c.green + c.amber + c.red;
  const light: Light | 'none' = !n ? 'none' : c.red * 4 >= n ? 'red' : c.green * 4 >= n * 3 ? 'green' : 'amber';
  return { ...c, total: n, light };
}

const lightOrder: Record<string, number> = { red: 0, amber: 1, green: 2, none: 3 };

/**
 * The rows of a step. `page` given (ordered by name): only that page of programs or chapters is computed, the
 * total counted in SQL; otherwise every row (sorting by a light or a count needs them all).
 */
async function lightRows(db: Db, p: ReportInput, page?: { offset: number; limit: number; desc: boolean }): Promise<Row[]> {
  if (p.step === 'program') {
    const dir = page?.desc ? desc : asc;
    const q = db
      .select({ id: programs.id, title: programs.title })
      .from(programs)
      .where(p.program_id ? eq(programs.id, p.program_id) : undefined)
      .orderBy(dir(programs.title), dir(programs.id))
      .$dynamic();
    const list = await (page ? q.limit(page.limit).offset(page.offset) : q);
    const rows: Row[] = [];
    for (const pr of list) rows.push({ id: `p${pr.id}`, step: 'program', program_id: pr.id, name: pr.title, ...groupLight((await studentLights(db, p, pr.id)).values()) });
    return rows;
  }
  if (!p.program_id) throw new ValidationError({ program_id: ['validation.required'] });
  if (p.step === 'chapter') {
    const q = db
      .select({ id: chapters.id, title: chapters.title })
      .from(chapters)
      .where(eq(chapters.program_id, p.program_id))
      .orderBy(...(page ? [page.desc ? desc(chapters.title) : asc(chapters.title)] : []), asc(chapters.sort), asc(chapters.id))
      .$dynamic();
    const list = await (page ? q.limit(page.limit).offset(page.offset) : q);
    const rows: Row[] = [];
    for (const ch of list)
      rows.push({ id: `c${ch.id}`, step: 'chapter', program_id: p.program_id, chapter_id: ch.id, name: ch.title, ...groupLight((await studentLights(db, p, p.program_id, ch.id)).values()) });
    return rows;
  }
  const lights = await studentLights(db, p, p.program_id, p.chapter_id);
  const people = await db
    .select({ id: users.id, name: studentName(), login: users.login })
    .from(users)
    .where(programStudents(db, p, p.program_id))
    .orderBy(asc(users.surname), asc(users.name), asc(users.id));
  return people.map((u) => {
    const l = lights.get(u.id) ?? { green: 0, amber: 0, red: 0, light: 'green' as Light };
    return { id: `u${u.id}`, step: 'student', program_id: p.program_id, chapter_id: p.chapter_id ?? null, user_id: u.id, name: u.name, login: u.login, ...l, total: l.green + l.amber + l.red };
  });
}

/** Exam and project-submission analysis in steps: program → chapter → student, each row green, amber or red. */
export const trafficLights: ReportDef = {
  type: 'trafficLights',
  group: 'student',
  title: text('Светофор', 'Traffic light'),
  params: ['step', 'program_id', 'chapter_id', 'user_id', 'users', 'group_id'],
  required: [],
  columns: [
    { key: 'name', title: text('Программа / глава / студент', 'Program / chapter / student'), kind: 'text', sortable: true },
    { key: 'light', title: text('Светофор', 'Light'), kind: 'state', sortable: true, states: lightStates },
    { key: 'green', title: text('Зелёных', 'Green'), kind: 'number', sortable: true },
    { key: 'amber', title: text('Жёлтых', 'Amber'), kind: 'number', sortable: true },
    { key: 'red', title: text('Красных', 'Red'), kind: 'number', sortable: true },
    { key: 'total', title: text('Всего', 'Total'), kind: 'number' },
  ],
  async page(db, p, o) {
    if (p.step !== 'student' && (!o.sort || o.sort === 'name')) {
      // programs and chapters by name: one page computed, the total counted in SQL
      const rows = await lightRows(db, p, { offset: (o.page - 1) * o.perPage, limit: o.perPage, desc: o.sort === 'name' && o.order === 'desc' });
      const [{ n }] =
        p.step === 'program'
          ? await db
              .select({ n: count() })
              .from(programs)
              .where(p.program_id ? eq(programs.id, p.program_id) : undefined)
          : await db.select({ n: count() }).from(chapters).where(eq(chapters.program_id, p.program_id!));
      return { rows, total: Number(n) };
    }
    const all = await lightRows(db, p);
    if (o.sort) {
      const k = o.sort;
      const dir = o.order === 'desc' ? -1 : 1;
      const val = (r: Row) => (k === 'light' ? lightOrder[r.light as string] : r[k]) as number | string;
      all.sort((a, b) => {
        const x = val(a);
        const y = val(b);
        return dir * (typeof x === 'string' ? x.localeCompare(String(y)) : x - (y as number));
      });
    }
    return { rows: all.slice((o.page - 1) * o.perPage, o.page * o.perPage), total: all.length };
  },
  rows(db, p) {
    return (async function* () {
      for (const r of await lightRows(db, p)) yield r;
    })();
  },
  async chart(db, p): Promise<Chart> {
    const all = await lightRows(db, p);
    const c = { green: 0, amber: 0, red: 0 };
    for (const r of all) if ((r.light as string) in c) c[r.light as Light]++;
    return { kind: 'lights', title: text('Светофор', 'Traffic light'), data: (['green', 'amber', 'red'] as const).map((l) => ({ label: l, value: c[l] })) };
  },
};
