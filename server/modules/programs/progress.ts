import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chapterMedia, chapterQuizzes, chapters, events, media, quizAttempts, quizSettings, quizzes, submittedProjects } from '../../db/schema/index.ts';

export type ProgressState = 'not_started' | 'in_process' | 'done';

/** Chapters of programs with their media and quizzes in order, and the user's state of each item (a fixed number of queries). */
export async function programTree(db: Db, tenantId: number, programIds: number[], userId: number) {
  if (!programIds.length) return new Map<number, ChapterView[]>();
  const chs = await db.select().from(chapters).where(and(eq(chapters.tenant_id, tenantId), inArray(chapters.program_id, programIds))).orderBy(chapters.sort, chapters.id);
  const chIds = chs.map((c) => c.id);
  const mediaRows = chIds.length
    ? await db
        .select({ chapter_id: chapterMedia.chapter_id, sort: chapterMedia.sort, id: media.id, title: media.title, kind: media.kind, deadline: media.deadline })
        .from(chapterMedia)
        .innerJoin(media, eq(media.id, chapterMedia.media_id))
        .where(inArray(chapterMedia.chapter_id, chIds))
        .orderBy(chapterMedia.sort)
    : [];
  const quizRows = chIds.length
    ? await db
        .select({ chapter_id: chapterQuizzes.chapter_id, sort: chapterQuizzes.sort, id: quizzes.id, title: quizzes.title, kind: quizzes.kind })
        .from(chapterQuizzes)
        .innerJoin(quizzes, eq(quizzes.id, chapterQuizzes.quiz_id))
        // a quiz the back office marked inactive is not part of the program for learners
        .leftJoin(quizSettings, eq(quizSettings.quiz_id, quizzes.id))
        .where(and(inArray(chapterQuizzes.chapter_id, chIds), or(isNull(quizSettings.status), ne(quizSettings.status, 'inactive'))))
        .orderBy(chapterQuizzes.sort)
    : [];
  const viewed = new Set(
    mediaRows.length
      ? (await db.selectDistinct({ id: events.subject_id }).from(events).where(and(eq(events.user_id, userId), eq(events.kind, 'media_view'), inArray(events.subject_id, mediaRows.map((m) => m.id))))).map((r) => r.id)
      : [],
  );
  const projectIds = mediaRows.filter((m) => m.kind === 'project').map((m) => m.id);
  const submitted = new Set(
    projectIds.length
      ? (await db.selectDistinct({ id: submittedProjects.media_id }).from(submittedProjects).where(and(eq(submittedProjects.tenant_id, tenantId), eq(submittedProjects.user_id, userId), inArray(submittedProjects.media_id, projectIds)))).map((r) => r.id)
      : [],
  );
  const attempts = quizRows.length
    ? await db
        .select({ quiz_id: quizAttempts.quiz_id, passed: quizAttempts.passed, percent: quizAttempts.percent, score: quizAttempts.score })
        .from(quizAttempts)
        .where(and(eq(quizAttempts.user_id, userId), eq(quizAttempts.status, 'FINISHED'), inArray(quizAttempts.quiz_id, quizRows.map((q) => q.id))))
    : [];
  const best = new Map<number, { passed: boolean; percent: number; score: number }>();
  for (const a of attempts) {
    const prev = best.get(a.quiz_id);
    if (!prev || (a.percent ?? 0) > prev.percent || (!prev.passed && a.passed)) best.set(a.quiz_id, { passed: !!a.passed, percent: a.percent ?? 0, score: a.score ?? 0 });
  }
  const tree = new Map<number, ChapterView[]>();
  for (const c of chs) {
    const list = tree.get(c.program_id) ?? [];
    list.push({
      id: c.id,
      title: c.title,
      media: mediaRows.filter((m) => m.chapter_id === c.id).map((m) => ({ id: m.id, title: m.title, kind: m.kind, deadline: m.deadline, viewed: viewed.has(m.id), submitted: m.kind === 'project' ? submitted.has(m.id) : null })),
      quizzes: quizRows.filter((q) => q.chapter_id === c.id).map((q) => ({ id: q.id, title: q.title, kind: q.kind, result: best.get(q.id) ?? null })),
    });
    tree.set(c.program_id, list);
  }
  return tree;
}

export interface ChapterView {
  id: number;
  title: string;
  media: { id: number; title: string; kind: string; deadline: string | null; viewed: boolean; submitted: boolean | null }[];
  quizzes: { id: number; title: string; kind: string; result: { passed: boolean; percent: number; score: number } | null }[];
}

/** Not started / in process / done by items done (a material seen, a project submitted, a quiz tried); passed when every quiz is passed. */
export function progressOf(chapters: ChapterView[]) {
  const items = chapters.flatMap((c) => [...c.media.map((m) => (m.kind === 'project' ? !!m.submitted : m.viewed)), ...c.quizzes.map((q) => !!q.result)]);
  const done = items.filter(Boolean).length;
  const quizzesAll = chapters.flatMap((c) => c.quizzes);
  const state: ProgressState = done === 0 ? 'not_started' : done === items.length ? 'done' : 'in_process';
  return {
    state,
    done,
    total: items.length,
    percent: items.length ? Math.round((done / items.length) * 100) : 0,
    passed: quizzesAll.length ? quizzesAll.every((q) => q.result?.passed) : null,
  };
}
