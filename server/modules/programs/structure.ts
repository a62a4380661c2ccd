import { asc, eq, inArray, max } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { chapterMedia, chapterQuizzes, chapters, media, programTrainers, programs, quizzes } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { accessDenied, fieldError, notFound } from '../../core/errors.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Conn = Db | Tx;

export interface AttachedItem {
  id: number;
  title: string;
  kind: string;
  sort: number;
}
export interface ChapterWithItems {
  id: number;
  program_id: number;
  title: string;
  sort: number;
  media: AttachedItem[];
  quizzes: AttachedItem[];
}

/**
 * A program's structure as the back office builds it, and the reads both halves of `programs` share: the program and
 * chapter with the trainer rule (`programOf`, `chapterOf`: the list, CRUD, enrolment and builder routes), a material
 * (`mediaOf`: the learner's view, file and stream, and the builder's attach), chapters with their media and quizzes in
 * order, and new orders. The learner's tree with each item's state is `progress.ts`; enrolment and visibility
 * `access.ts`.
 *
 * `db` in this file is the school-bound handle (`req.db`) or a transaction opened on it: what another school owns is
 * not found.
 */

/** Ids of the programs a trainer is assigned to (the only ones a trainer may read in the builder). */
export async function assignedProgramIds(db: Conn, userId: number) {
  return (await db.select({ id: programTrainers.program_id }).from(programTrainers).where(eq(programTrainers.user_id, userId))).map((r) => r.id);
}

/** The school's program (404 NOT_FOUND_PROGRAM otherwise); a trainer not assigned to it gets 403 ERROR_ACCESS. */
export async function programOf(db: Conn, req: FastifyRequest, id: number) {
  const [p] = await db.select().from(programs).where(eq(programs.id, id));
  if (!p) throw notFound('program');
  const me = currentUser(req);
  if (me.role === 'trainer' && !(await assignedProgramIds(db, me.id)).includes(p.id)) throw accessDenied();
  return p;
}

/** The school's chapter (404 NOT_FOUND_CHAPTER otherwise), with the same trainer rule as its program. */
export async function chapterOf(db: Conn, req: FastifyRequest, id: number) {
  const [c] = await db.select().from(chapters).where(eq(chapters.id, id));
  if (!c) throw notFound('chapter');
  await programOf(db, req, c.program_id);
  return c;
}

/** The school's material (404 NOT_FOUND_MEDIA otherwise): the learner's view, file and stream, and the builder's attach. */
export async function mediaOf(db: Conn, id: number) {
  const [m] = await db.select().from(media).where(eq(media.id, id));
  if (!m) throw notFound('media');
  return m;
}

export async function quizOf(db: Conn, id: number) {
  const [q] = await db.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.id, id));
  if (!q) throw notFound('quiz');
  return q.id;
}

/** Media and quizzes of some chapters, each list in its order (sort, then id). */
async function itemsOf(db: Conn, chapterIds: number[]) {
  if (!chapterIds.length) return { m: [], q: [] };
  const m = await db
    .select({ chapter_id: chapterMedia.chapter_id, id: media.id, title: media.title, kind: media.kind, sort: chapterMedia.sort })
    .from(chapterMedia)
    .innerJoin(media, eq(media.id, chapterMedia.media_id))
    .where(inArray(chapterMedia.chapter_id, chapterIds))
    .orderBy(asc(chapterMedia.sort), asc(media.id));
  const q = await db
    .select({ chapter_id: chapterQuizzes.chapter_id, id: quizzes.id, title: quizzes.title, kind: quizzes.kind, sort: chapterQuizzes.sort })
    .from(chapterQuizzes)
    .innerJoin(quizzes, eq(quizzes.id, chapterQuizzes.quiz_id))
    .where(inArray(chapterQuizzes.chapter_id, chapterIds))
    .orderBy(asc(chapterQuizzes.sort), asc(quizzes.id));
  return { m, q };
}

const strip = ({ chapter_id: _c, ...rest }: AttachedItem & { chapter_id: number }): AttachedItem => (void _c, rest);

/** Chapters with their media and quizzes, in order. */
export async function withItems(db: Conn, list: (typeof chapters.$inferSelect)[]): Promise<ChapterWithItems[]> {
  const { m, q } = await itemsOf(
    db,
    list.map((c) => c.id),
  );
  return list.map((c) => ({
    id: c.id,
    program_id: c.program_id,
    title: c.title,
    sort: c.sort,
    media: m.filter((x) => x.chapter_id === c.id).map(strip),
    quizzes: q.filter((x) => x.chapter_id === c.id).map(strip),
  }));
}

export async function chaptersOfProgram(db: Conn, programId: number) {
  return db.select().from(chapters).where(eq(chapters.program_id, programId)).orderBy(asc(chapters.sort), asc(chapters.id));
}

export async function chapterView(db: Conn, chapter: typeof chapters.$inferSelect): Promise<ChapterWithItems> {
  return (await withItems(db, [chapter]))[0];
}

/** The program's chapters → media + quizzes, in order. */
export async function structureOf(db: Conn, program: { id: number; title: string }) {
  return { id: program.id, title: program.title, chapters: await withItems(db, await chaptersOfProgram(db, program.id)) };
}

export async function nextChapterSort(db: Conn, programId: number) {
  const [{ n }] = await db
    .select({ n: max(chapters.sort) })
    .from(chapters)
    .where(eq(chapters.program_id, programId));
  return (n ?? 0) + 1;
}

/**
 * A new order: `ids` must all be among `current` (else 422 on `ids`); they take positions 1..n in the given
 * order, and anything not listed keeps its relative order after them.
 */
export function newOrder(current: number[], ids: number[]) {
  const asked = [...new Set(ids)];
  if (asked.some((id) => !current.includes(id))) throw fieldError('ids', 'validation.choice');
  return [...asked, ...current.filter((id) => !asked.includes(id))];
}
