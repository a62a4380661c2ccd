import { and, eq, exists, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { chapterMedia, chapters, programTrainers } from '../../db/schema/index.ts';

/**
 * Trainer scoping of the review (docs/projects.md "Trainers see their programs only"): a trainer works only with
 * materials that sit in a chapter of a program assigned to them (`program_trainers`); admins see the whole school.
 * `db` is the school-bound handle: the subquery is bound to the school like any other statement on it.
 */
export function inTrainerPrograms(db: Db, trainerId: number, mediaId: AnyPgColumn | SQL | number): SQL {
  return exists(
    db
      .select({ x: sql`1` })
      .from(chapterMedia)
      .innerJoin(chapters, eq(chapters.id, chapterMedia.chapter_id))
      .innerJoin(programTrainers, eq(programTrainers.program_id, chapters.program_id))
      .where(and(eq(chapterMedia.media_id, mediaId), eq(programTrainers.user_id, trainerId))),
  );
}

/** The condition a caller's queries on a material column add: none for admins, the assigned programs for a trainer. */
export function reviewScope(db: Db, me: { id: number; role: string }, mediaId: AnyPgColumn | SQL | number): SQL | undefined {
  return me.role === 'trainer' ? inTrainerPrograms(db, me.id, mediaId) : undefined;
}

/** Whether a material is within the caller's review scope. */
export async function mediaInScope(db: Db, me: { id: number; role: string }, mediaId: number): Promise<boolean> {
  if (me.role !== 'trainer') return true;
  const rows = await db
    .select({ id: chapterMedia.media_id })
    .from(chapterMedia)
    .innerJoin(chapters, eq(chapters.id, chapterMedia.chapter_id))
    .innerJoin(programTrainers, eq(programTrainers.program_id, chapters.program_id))
    .where(and(eq(chapterMedia.media_id, mediaId), eq(programTrainers.user_id, me.id)))
    .limit(1);
  return rows.length > 0;
}
