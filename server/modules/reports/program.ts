import { and, asc, count, desc, eq, exists, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import { Id, nullable } from '../../core/schemas.ts';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { chapterMedia, chapterQuizzes, chapters, groupUsers, media, programGroups, programUsers, programs, quizAttempts, quizzes, submittedProjects, users } from '../../db/schema/index.ts';
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

/** A row of learningPathSummary: a student of the program. */
const SummaryRow = Type.Object({
  id: Id,
  user_id: Id,
  student: Type.String(),
  login: Type.String(),
  chapters_done: Type.Integer(),
  chapters_total: Type.Integer(),
  materials_viewed: Type.Integer(),
  materials_total: Type.Integer(),
  quizzes_passed: Type.Integer(),
  quizzes_total: Type.Integer(),
  projects_approved: Type.Integer(),
  projects_total: Type.Integer(),
  percent: Type.Number(),
  state: Type.Union([Type.Literal('not_started'), Type.Literal('in_process'), Type.Literal('done')]),
});

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
  row: SummaryRow,
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
 * What the traffic light of a program needs, read for several programs at once (a fixed number of statements
 * whatever their number): the program's chapters with their exam and pass quizzes and project materials, its
 * students (assigned directly or through a group, narrowed by the parameters), and their finished non-demo
 * attempts at its quizzes and versions of its projects in the period.
 */
interface ProgramFacts {
  chapters: Map<number, { quizzes: Set<number>; projects: Set<number> }>;
  students: number[];
  /** user → quiz → whether an attempt passed (`attemptPassed`) and how many there are */
  attempts: Map<number, Map<number, { passed: boolean; n: number }>>;
  /** user → project → whether a version was reviewed, how many were sent, whether every one was late */
  versions: Map<number, Map<number, { reviewed: boolean; n: number; allLate: boolean }>>;
}

type QuizRuleRow = { id: number; kind: string; evaluation: string; passing_percentage: number; min_score: number; max_attempts: number | null };

async function programFacts(db: Db, p: ReportInput, programIds: number[]) {
  const facts = new Map<number, ProgramFacts>();
  const quizRules = new Map<number, QuizRuleRow>();
  const deadlines = new Map<number, string | null>();
  if (!programIds.length) return { facts, quizRules, deadlines };
  for (const id of programIds) facts.set(id, { chapters: new Map(), students: [], attempts: new Map(), versions: new Map() });
  const chs = await db.select({ id: chapters.id, program_id: chapters.program_id }).from(chapters).where(inArray(chapters.program_id, programIds));
  const programOf = new Map(chs.map((c) => [c.id, c.program_id]));
  for (const c of chs) facts.get(c.program_id)!.chapters.set(c.id, { quizzes: new Set(), projects: new Set() });
  const chIds = chs.map((c) => c.id);
  if (chIds.length) {
    const qs = await db
      .select({
        chapter_id: chapterQuizzes.chapter_id,
        id: quizzes.id,
        kind: quizzes.kind,
        evaluation: quizzes.evaluation,
        passing_percentage: quizzes.passing_percentage,
        min_score: quizzes.min_score,
        max_attempts: quizzes.max_attempts,
      })
      .from(chapterQuizzes)
      .innerJoin(quizzes, eq(quizzes.id, chapterQuizzes.quiz_id))
      .where(and(inArray(chapterQuizzes.chapter_id, chIds), ne(quizzes.kind, 'poll')));
    for (const { chapter_id, ...q } of qs) {
      quizRules.set(q.id, q);
      facts.get(programOf.get(chapter_id)!)!.chapters.get(chapter_id)!.quizzes.add(q.id);
    }
    const ms = await db
      .select({ chapter_id: chapterMedia.chapter_id, id: media.id, deadline: media.deadline })
      .from(chapterMedia)
      .innerJoin(media, eq(media.id, chapterMedia.media_id))
      .where(and(inArray(chapterMedia.chapter_id, chIds), eq(media.kind, 'project')));
    for (const m of ms) {
      deadlines.set(m.id, m.deadline);
      facts.get(programOf.get(m.chapter_id)!)!.chapters.get(m.chapter_id)!.projects.add(m.id);
    }
  }
  // the students of each program: assigned directly or through one of its groups
  const scoped = and(eq(users.role, 'student'), ...userScope(db, users.id, p));
  const direct = await db
    .select({ program_id: programUsers.program_id, user_id: users.id })
    .from(programUsers)
    .innerJoin(users, eq(users.id, programUsers.user_id))
    .where(and(inArray(programUsers.program_id, programIds), scoped));
  const viaGroup = await db
    .selectDistinct({ program_id: programGroups.program_id, user_id: users.id })
    .from(programGroups)
    .innerJoin(groupUsers, eq(groupUsers.group_id, programGroups.group_id))
    .innerJoin(users, eq(users.id, groupUsers.user_id))
    .where(and(inArray(programGroups.program_id, programIds), scoped));
  const seen = new Set<string>();
  for (const s of [...direct, ...viaGroup]) {
    const key = `${s.program_id}:${s.user_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    facts.get(s.program_id)!.students.push(s.user_id);
  }
  // a (program, user) pair that counts: the user is one of the program's students
  const student = (programCol: SQL | PgColumn, userCol: PgColumn) =>
    and(
      inArray(userCol, db.select({ id: users.id }).from(users).where(scoped)),
      or(
        exists(
          db
            .select({ one: sql`1` })
            .from(programUsers)
            .where(and(eq(programUsers.program_id, programCol as PgColumn), eq(programUsers.user_id, userCol))),
        ),
        exists(
          db
            .select({ one: sql`1` })
            .from(programGroups)
            .innerJoin(groupUsers, eq(groupUsers.group_id, programGroups.group_id))
            .where(and(eq(programGroups.program_id, programCol as PgColumn), eq(groupUsers.user_id, userCol))),
        ),
      ),
    );
  if (quizRules.size) {
    // each (program, quiz) once, though a quiz may sit in two chapters: an attempt is counted once per program
    const pq = db
      .selectDistinct({ program_id: sql<number>`${chapters.program_id}`.as('pq_program_id'), quiz_id: sql<number>`${chapterQuizzes.quiz_id}`.as('pq_quiz_id') })
      .from(chapterQuizzes)
      .innerJoin(chapters, eq(chapters.id, chapterQuizzes.chapter_id))
      .where(and(inArray(chapters.program_id, programIds), inArray(chapterQuizzes.quiz_id, [...quizRules.keys()])))
      .as('pq');
    const got = await db
      .select({ program_id: pq.program_id, u: quizAttempts.user_id, q: quizAttempts.quiz_id, percent: quizAttempts.percent, score: quizAttempts.score })
      .from(quizAttempts)
      .innerJoin(pq, eq(pq.quiz_id, quizAttempts.quiz_id))
      .where(and(eq(quizAttempts.status, 'FINISHED'), eq(quizAttempts.demo, false), ...windowOn(quizAttempts.finished_at, p.window), student(sql`${pq.program_id}`, quizAttempts.user_id)));
    for (const a of got) {
      const r = itemOf(facts.get(a.program_id)!.attempts, a.u, a.q, () => ({ passed: false, n: 0 }));
      r.n++;
      if (!r.passed && attemptPassed(quizRules.get(a.q)!, a)) r.passed = true;
    }
  }
  if (deadlines.size) {
    const pm = db
      .selectDistinct({ program_id: sql<number>`${chapters.program_id}`.as('pm_program_id'), media_id: sql<number>`${chapterMedia.media_id}`.as('pm_media_id') })
      .from(chapterMedia)
      .innerJoin(chapters, eq(chapters.id, chapterMedia.chapter_id))
      .where(and(inArray(chapters.program_id, programIds), inArray(chapterMedia.media_id, [...deadlines.keys()])))
      .as('pm');
    const got = await db
      .select({ program_id: pm.program_id, u: submittedProjects.user_id, m: submittedProjects.media_id, status: submittedProjects.status, late: submittedProjects.late })
      .from(submittedProjects)
      .innerJoin(pm, eq(pm.media_id, submittedProjects.media_id))
      .where(and(...windowOn(submittedProjects.submitted_at, p.window), student(sql`${pm.program_id}`, submittedProjects.user_id)));
    for (const v of got) {
      const r = itemOf(facts.get(v.program_id)!.versions, v.u, v.m, () => ({ reviewed: false, n: 0, allLate: true }));
      r.n++;
      if (v.status !== 'awaiting') r.reviewed = true;
      if (!v.late) r.allLate = false;
    }
  }
  return { facts, quizRules, deadlines };
}

/** The entry of (user, item) in a map by user then item, made when missing. */
function itemOf<V>(map: Map<number, Map<number, V>>, user: number, item: number, make: () => V): V {
  let mine = map.get(user);
  if (!mine) map.set(user, (mine = new Map()));
  let v = mine.get(item);
  if (!v) mine.set(item, (v = make()));
  return v;
}

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
function studentLights(facts: Awaited<ReturnType<typeof programFacts>>, programId: number, chapterId?: number) {
  const out = new Map<number, { green: number; amber: number; red: number; light: Light }>();
  const f = facts.facts.get(programId);
  if (!f) return out;
  const chs = chapterId === undefined ? [...f.chapters.values()] : [f.chapters.get(chapterId)].filter((c) => c !== undefined);
  const qs = [...new Set(chs.flatMap((c) => [...c.quizzes]))].map((id) => facts.quizRules.get(id)!);
  const projects = [...new Set(chs.flatMap((c) => [...c.projects]))];
  const today = new Date().toISOString().slice(0, 10);
  for (const u of f.students) {
    const c = { green: 0, amber: 0, red: 0 };
    const tried = f.attempts.get(u);
    for (const q of qs) {
      const mine = tried?.get(q.id);
      if (mine?.passed) c.green++;
      else if (q.max_attempts && (mine?.n ?? 0) >= q.max_attempts) c.red++;
      else c.amber++;
    }
    const sent = f.versions.get(u);
    for (const m of projects) {
      const mine = sent?.get(m);
      const deadline = facts.deadlines.get(m);
      if (mine?.reviewed) c.green++;
      else if ((!mine && deadline && deadline < today) || (mine && mine.allLate)) c.red++;
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
    const facts = await programFacts(
      db,
      p,
      list.map((pr) => pr.id),
    );
    return list.map((pr) => ({ id: `p${pr.id}`, step: 'program', program_id: pr.id, name: pr.title, ...groupLight(studentLights(facts, pr.id).values()) }));
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
    const facts = await programFacts(db, p, [p.program_id]);
    return list.map((ch) => ({ id: `c${ch.id}`, step: 'chapter', program_id: p.program_id, chapter_id: ch.id, name: ch.title, ...groupLight(studentLights(facts, p.program_id!, ch.id).values()) }));
  }
  const lights = studentLights(await programFacts(db, p, [p.program_id]), p.program_id, p.chapter_id);
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

/** A row of trafficLights: a program (`p<id>`), a chapter (`c<id>`) or a student (`u<id>`) by the step. */
const LightRow = Type.Object({
  id: Type.String(),
  step: Type.Union([Type.Literal('program'), Type.Literal('chapter'), Type.Literal('student')]),
  program_id: Id,
  chapter_id: Type.Optional(nullable(Id)),
  user_id: Type.Optional(Id),
  name: Type.String(),
  login: Type.Optional(Type.String()),
  green: Type.Integer(),
  amber: Type.Integer(),
  red: Type.Integer(),
  total: Type.Integer(),
  light: Type.Union([Type.Literal('green'), Type.Literal('amber'), Type.Literal('red'), Type.Literal('none')]),
});

/** Exam and project-submission analysis in steps: program → chapter → student, each row green, amber or red. */
export const trafficLights: ReportDef = {
  type: 'trafficLights',
  group: 'student',
  title: text('Светофор', 'Traffic light'),
  params: ['step', 'program_id', 'chapter_id', 'user_id', 'users', 'group_id'],
  required: [],
  row: LightRow,
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
