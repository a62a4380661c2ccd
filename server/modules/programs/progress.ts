import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chapterMedia, chapterQuizzes, chapters, events, media, quizAttempts, quizSettings, quizzes, scormAttempts, submittedProjects } from '../../db/schema/index.ts';

/**
 * Course completion: the one rule (docs/completion.md). Every figure of the portal and the back office that says
 * whether a course is done or passed comes from here: the program view, my courses, finished courses, grades, the
 * calendar, reports, achievements and the marketplace's "My LMS".
 *
 * An item of a program is done when:
 * - a material (video, pdf, file, link, text): the user viewed it (a `media_view` record, also set by `setViewMedia`);
 * - a project: the latest *reviewed* version is approved (`check_admin`); submitted, awaiting review or checked
 *   without approval is not done, and revoking the approval undoes it;
 * - an exam or pass quiz: a finished attempt passes by the quiz's evaluation type as the quiz is set now
 *   (`score`: percent ≥ passing percentage and score ≥ minimum score; `credit`: percent ≥ passing percentage);
 * - a poll: answered (a finished attempt); a poll has no pass mark.
 * - a SCORM package: the learner's latest attempt is passed, or completed and not failed (the package says so through
 *   the run-time; server/modules/scorm, `attemptDone` there is the same rule); opening it is not enough.
 * A program is `done` when every item is done, `not_started` when nothing is done (nor tried), else `in_process`.
 * `passed` follows the same rule: true exactly when the program is done (null for a program without items).
 *
 * Nothing is stored: completion is computed from the facts each time it is asked, so a revoked approval, a new
 * failed attempt, a quiz's pass mark changed or a view removed count at once.
 *
 * `db` is the school-bound handle (`req.db`, `app.schoolDb(id)`): every table read here is the school's.
 */

export type ProgressState = 'not_started' | 'in_process' | 'done';

/**
 * An item's state: todo (nothing yet), viewed, answered (poll), passed, failed (quiz tried, not passed), awaiting (project
 * sent, not reviewed), checked (reviewed, not approved), approved; a SCORM package also incomplete (begun) and completed.
 */
export type ItemStatus = 'todo' | 'viewed' | 'answered' | 'passed' | 'failed' | 'awaiting' | 'checked' | 'approved' | 'incomplete' | 'completed';

export interface QuizRule {
  kind: string;
  evaluation: string;
  passing_percentage: number;
  min_score: number;
}

/** Whether an attempt passes a quiz by its evaluation type (a poll: answered is enough). */
export function attemptPassed(quiz: QuizRule, attempt: { percent: number | null; score: number | null }) {
  if (quiz.kind === 'poll') return true;
  const percent = attempt.percent ?? 0;
  const score = attempt.score ?? 0;
  return quiz.evaluation === 'score' ? percent >= quiz.passing_percentage && score >= quiz.min_score : percent >= quiz.passing_percentage;
}

export interface ChapterView {
  id: number;
  title: string;
  media: {
    id: number;
    title: string;
    kind: string;
    deadline: string | null;
    viewed: boolean;
    /** Projects: a version was sent (null for other materials). */
    submitted: boolean | null;
    /** Projects: the latest reviewed version is approved (null for other materials). */
    approved: boolean | null;
    status: ItemStatus;
    done: boolean;
  }[];
  quizzes: { id: number; title: string; kind: string; evaluation: string; result: { passed: boolean; percent: number; score: number } | null; status: ItemStatus; done: boolean }[];
}

export interface Progress {
  state: ProgressState;
  done: number;
  total: number;
  percent: number;
  /** True exactly when the program is done; null for a program without items. */
  passed: boolean | null;
}

export interface Completion extends Progress {
  user_id: number;
  program_id: number;
}

interface Structure {
  chs: (typeof chapters.$inferSelect)[];
  mediaRows: { chapter_id: number; id: number; title: string; kind: string; deadline: string | null }[];
  quizRows: { chapter_id: number; id: number; title: string; kind: string; evaluation: string; passing_percentage: number; min_score: number }[];
}

async function structure(db: Db, programIds: number[]): Promise<Structure> {
  const chs = await db.select().from(chapters).where(inArray(chapters.program_id, programIds)).orderBy(chapters.sort, chapters.id);
  const chIds = chs.map((c) => c.id);
  const mediaRows = chIds.length
    ? await db
        .select({ chapter_id: chapterMedia.chapter_id, id: media.id, title: media.title, kind: media.kind, deadline: media.deadline })
        .from(chapterMedia)
        .innerJoin(media, eq(media.id, chapterMedia.media_id))
        .where(inArray(chapterMedia.chapter_id, chIds))
        .orderBy(chapterMedia.sort)
    : [];
  const quizRows = chIds.length
    ? await db
        .select({
          chapter_id: chapterQuizzes.chapter_id,
          id: quizzes.id,
          title: quizzes.title,
          kind: quizzes.kind,
          evaluation: quizzes.evaluation,
          passing_percentage: quizzes.passing_percentage,
          min_score: quizzes.min_score,
        })
        .from(chapterQuizzes)
        .innerJoin(quizzes, eq(quizzes.id, chapterQuizzes.quiz_id))
        // a quiz the back office marked inactive is not part of the program for learners
        .leftJoin(quizSettings, eq(quizSettings.quiz_id, quizzes.id))
        .where(and(inArray(chapterQuizzes.chapter_id, chIds), or(isNull(quizSettings.status), ne(quizSettings.status, 'inactive'))))
        .orderBy(chapterQuizzes.sort)
    : [];
  return { chs, mediaRows, quizRows };
}

interface Facts {
  viewed: Set<string>;
  submitted: Set<string>;
  /** `${user}:${media}` → whether the latest reviewed version is approved. */
  reviewed: Map<string, boolean>;
  best: Map<string, { passed: boolean; percent: number; score: number }>;
  /** `${user}:${media}` → the latest SCORM attempt's statuses. */
  scorm: Map<string, { completion: string; success: string }>;
}
const k = (userId: number, itemId: number) => `${userId}:${itemId}`;

async function facts(db: Db, userIds: number[], s: Structure): Promise<Facts> {
  const mediaIds = [...new Set(s.mediaRows.map((m) => m.id))];
  const projectIds = [...new Set(s.mediaRows.filter((m) => m.kind === 'project').map((m) => m.id))];
  const quizIds = [...new Set(s.quizRows.map((q) => q.id))];
  const viewed = new Set(
    mediaIds.length
      ? (
          await db
            .selectDistinct({ u: events.user_id, id: events.subject_id })
            .from(events)
            .where(and(inArray(events.user_id, userIds), eq(events.kind, 'media_view'), inArray(events.subject_id, mediaIds)))
        ).map((r) => k(r.u!, r.id!))
      : [],
  );
  const versions = projectIds.length
    ? await db
        .select({ u: submittedProjects.user_id, id: submittedProjects.media_id, version: submittedProjects.version, status: submittedProjects.status, approved: submittedProjects.check_admin })
        .from(submittedProjects)
        .where(and(inArray(submittedProjects.user_id, userIds), inArray(submittedProjects.media_id, projectIds)))
    : [];
  const submitted = new Set(versions.map((v) => k(v.u, v.id)));
  const reviewed = new Map<string, boolean>();
  const latest = new Map<string, number>();
  for (const v of versions) {
    if (v.status === 'awaiting') continue;
    const key = k(v.u, v.id);
    if ((latest.get(key) ?? 0) < v.version) {
      latest.set(key, v.version);
      reviewed.set(key, !!v.approved);
    }
  }
  const rules = new Map(s.quizRows.map((q) => [q.id, q]));
  const attempts = quizIds.length
    ? await db
        .select({ u: quizAttempts.user_id, id: quizAttempts.quiz_id, percent: quizAttempts.percent, score: quizAttempts.score })
        .from(quizAttempts)
        .where(and(inArray(quizAttempts.user_id, userIds), eq(quizAttempts.status, 'FINISHED'), inArray(quizAttempts.quiz_id, quizIds)))
    : [];
  const best = new Map<string, { passed: boolean; percent: number; score: number }>();
  for (const a of attempts) {
    const key = k(a.u, a.id);
    const prev = best.get(key);
    const passed = attemptPassed(rules.get(a.id)!, a);
    const percent = a.percent ?? 0;
    if (!prev || (passed && !prev.passed) || (passed === prev.passed && percent > prev.percent)) best.set(key, { passed, percent, score: a.score ?? 0 });
  }
  const scormIds = [...new Set(s.mediaRows.filter((m) => m.kind === 'scorm').map((m) => m.id))];
  const scormRows = scormIds.length
    ? await db
        .select({ u: scormAttempts.user_id, id: scormAttempts.media_id, attempt: scormAttempts.attempt, completion: scormAttempts.completion_status, success: scormAttempts.success_status })
        .from(scormAttempts)
        .where(and(inArray(scormAttempts.user_id, userIds), inArray(scormAttempts.media_id, scormIds)))
        .orderBy(scormAttempts.attempt)
    : [];
  // ordered by attempt: the latest wins, except that a new attempt after a done one does not undo the material
  const scorm = new Map<string, { completion: string; success: string }>();
  for (const r of scormRows) {
    const prev = scorm.get(k(r.u, r.id));
    const next = { completion: r.completion, success: r.success };
    if (!prev || scormState(next).done || !scormState(prev).done) scorm.set(k(r.u, r.id), next);
  }
  return { viewed, submitted, reviewed, best, scorm };
}

/** A SCORM material's state and whether it is done (the rule of server/modules/scorm `attemptDone`). */
function scormState(a: { completion: string; success: string } | undefined): { status: ItemStatus; done: boolean } {
  if (!a) return { status: 'todo', done: false };
  if (a.success === 'passed') return { status: 'passed', done: true };
  if (a.success === 'failed') return { status: 'failed', done: false };
  if (a.completion === 'completed') return { status: 'completed', done: true };
  return { status: a.completion === 'not attempted' ? 'todo' : 'incomplete', done: false };
}

function chaptersFor(s: Structure, f: Facts, programId: number, userId: number): ChapterView[] {
  return s.chs
    .filter((c) => c.program_id === programId)
    .map((c) => ({
      id: c.id,
      title: c.title,
      media: s.mediaRows
        .filter((m) => m.chapter_id === c.id)
        .map((m) => {
          const viewed = f.viewed.has(k(userId, m.id));
          if (m.kind === 'scorm') return { id: m.id, title: m.title, kind: m.kind, deadline: m.deadline, viewed, submitted: null, approved: null, ...scormState(f.scorm.get(k(userId, m.id))) };
          if (m.kind !== 'project')
            return { id: m.id, title: m.title, kind: m.kind, deadline: m.deadline, viewed, submitted: null, approved: null, status: (viewed ? 'viewed' : 'todo') as ItemStatus, done: viewed };
          const submitted = f.submitted.has(k(userId, m.id));
          const review = f.reviewed.get(k(userId, m.id));
          const approved = review === true;
          const status: ItemStatus = approved ? 'approved' : review === false ? 'checked' : submitted ? 'awaiting' : 'todo';
          return { id: m.id, title: m.title, kind: m.kind, deadline: m.deadline, viewed, submitted, approved, status, done: approved };
        }),
      quizzes: s.quizRows
        .filter((q) => q.chapter_id === c.id)
        .map((q) => {
          const result = f.best.get(k(userId, q.id)) ?? null;
          const status: ItemStatus = !result ? 'todo' : q.kind === 'poll' ? 'answered' : result.passed ? 'passed' : 'failed';
          return { id: q.id, title: q.title, kind: q.kind, evaluation: q.evaluation, result, status, done: !!result?.passed };
        }),
    }));
}

/**
 * Chapters of programs with their media and quizzes in order, and the user's state of each item (a fixed number of
 * queries).
 */
export async function programTree(db: Db, programIds: number[], userId: number) {
  const tree = new Map<number, ChapterView[]>();
  if (!programIds.length) return tree;
  const s = await structure(db, programIds);
  const f = await facts(db, [userId], s);
  for (const id of programIds) if (s.chs.some((c) => c.program_id === id)) tree.set(id, chaptersFor(s, f, id, userId));
  return tree;
}

/** The chapters of one program with each user's state of every item, for many users at once (a fixed number of queries): user id → chapters. */
export async function programTrees(db: Db, programId: number, userIds: number[]) {
  const trees = new Map<number, ChapterView[]>();
  if (!userIds.length) return trees;
  const s = await structure(db, [programId]);
  const f = await facts(db, userIds, s);
  for (const u of userIds) trees.set(u, chaptersFor(s, f, programId, u));
  return trees;
}

/** Progress of one program from its chapters (see the rule at the top of this file). */
export function progressOf(chs: ChapterView[]): Progress {
  const items = chs.flatMap((c) => [...c.media, ...c.quizzes]);
  const done = items.filter((i) => i.done).length;
  const touched = items.some((i) => i.status !== 'todo');
  const state: ProgressState = items.length && done === items.length ? 'done' : done === 0 && !touched ? 'not_started' : 'in_process';
  return {
    state,
    done,
    total: items.length,
    percent: items.length ? Math.round((done / items.length) * 100) : 0,
    passed: items.length ? state === 'done' : null,
  };
}

/**
 * Completion of programs for one user or many (a fixed number of queries whatever their count).
 * One user: a map program id → completion. Several: a map user id → (program id → completion).
 * Every program id asked is answered (a program without items: not_started, 0 of 0, passed null). Enrolment is not
 * checked here: callers ask for the programs they mean.
 */
export async function programCompletion(db: Db, userId: number, programIds: number[]): Promise<Map<number, Completion>>;
export async function programCompletion(db: Db, userIds: number[], programIds: number[]): Promise<Map<number, Map<number, Completion>>>;
export async function programCompletion(db: Db, who: number | number[], programIds: number[]) {
  const userIds = [...new Set(Array.isArray(who) ? who : [who])];
  const out = new Map<number, Map<number, Completion>>();
  const pids = [...new Set(programIds)];
  if (userIds.length && pids.length) {
    const s = await structure(db, pids);
    const f = await facts(db, userIds, s);
    for (const u of userIds) out.set(u, new Map(pids.map((p) => [p, { user_id: u, program_id: p, ...progressOf(chaptersFor(s, f, p, u)) }])));
  }
  if (Array.isArray(who)) return out;
  return out.get(who) ?? new Map<number, Completion>();
}

/** The programs a user has completed, among those asked. */
export async function completedProgramIds(db: Db, userId: number, programIds: number[]) {
  return [...(await programCompletion(db, userId, programIds)).values()].filter((c) => c.state === 'done').map((c) => c.program_id);
}
