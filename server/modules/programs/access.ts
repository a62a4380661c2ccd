import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chapterMedia, chapterQuizzes, chapters, groupUsers, programGroups, programUsers, programs, quizSettings } from '../../db/schema/index.ts';
import type { User } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';

// `db` in this file is the school-bound handle (`req.db`): a program, chapter or quiz of another school is not found.

/** Staff see every program of their school; a student sees those enrolled in directly or through a group. */
export const seesAllPrograms = (u: User) => u.role !== 'student';

/** Ids of the programs a student is enrolled in, directly or through a group. */
export async function enrolledProgramIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: programs.id })
    .from(programs)
    .leftJoin(programUsers, and(eq(programUsers.program_id, programs.id), eq(programUsers.user_id, userId)))
    .leftJoin(programGroups, eq(programGroups.program_id, programs.id))
    .leftJoin(groupUsers, and(eq(groupUsers.group_id, programGroups.group_id), eq(groupUsers.user_id, userId)))
    .where(or(sql`${programUsers.user_id} is not null`, sql`${groupUsers.user_id} is not null`));
  return rows.map((r) => r.id);
}

/** 404 when the program is not the school's; 403 ERROR_ACCESS when the student is not enrolled. */
export async function assertProgramVisible(db: Db, user: User, programId: number) {
  const [p] = await db.select().from(programs).where(eq(programs.id, programId));
  if (!p) throw new AppError(404, 'NOT_FOUND_PROGRAM', 'Program not found');
  if (!seesAllPrograms(user) && !(await enrolledProgramIds(db, user.id)).includes(programId)) throw new AppError(403, 'ERROR_ACCESS', 'Not enrolled');
  return p;
}

/** Programs that hold an item (a media or a quiz) through their chapters. */
async function programsHolding(db: Db, item: { mediaId?: number; quizId?: number }) {
  const q = item.mediaId
    ? db.select({ id: chapters.program_id }).from(chapterMedia).innerJoin(chapters, eq(chapters.id, chapterMedia.chapter_id)).where(eq(chapterMedia.media_id, item.mediaId))
    : db.select({ id: chapters.program_id }).from(chapterQuizzes).innerJoin(chapters, eq(chapters.id, chapterQuizzes.chapter_id)).where(eq(chapterQuizzes.quiz_id, item.quizId!));
  return (await q).map((r) => r.id);
}

/** A student may open a media or quiz only inside a program they are enrolled in. */
export async function assertItemVisible(db: Db, user: User, item: { mediaId?: number; quizId?: number }) {
  if (seesAllPrograms(user)) return;
  if (item.quizId) {
    const [settings] = await db.select({ status: quizSettings.status }).from(quizSettings).where(eq(quizSettings.quiz_id, item.quizId));
    if (settings?.status === 'inactive') throw new AppError(403, 'ERROR_ACCESS', 'The quiz is inactive');
  }
  const holders = await programsHolding(db, item);
  const mine = await enrolledProgramIds(db, user.id);
  if (!holders.some((id) => mine.includes(id))) throw new AppError(403, 'ERROR_ACCESS', 'Not enrolled');
}
