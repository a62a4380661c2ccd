import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { chapterMedia, chapters, programTrainers } from '../../db/schema/index.ts';

/**
 * Trainer scoping of the review (docs/projects.md "Trainers see their programs only"): a trainer works only with
 * materials that sit in a chapter of a program assigned to them (`program_trainers`); admins see the whole school.
 */
export function inTrainerPrograms(trainerId: number, tenantId: number, mediaId: AnyPgColumn | SQL | number): SQL {
  return sql`exists (select 1 from ${chapterMedia} join ${chapters} on ${chapters.id} = ${chapterMedia.chapter_id} join ${programTrainers} on ${programTrainers.program_id} = ${chapters.program_id} where ${chapterMedia.media_id} = ${mediaId} and ${programTrainers.user_id} = ${trainerId} and ${programTrainers.tenant_id} = ${tenantId})`;
}

/** The condition a caller's queries on a material column add: none for admins, the assigned programs for a trainer. */
export function reviewScope(me: { id: number; role: string }, tenantId: number, mediaId: AnyPgColumn | SQL | number): SQL | undefined {
  return me.role === 'trainer' ? inTrainerPrograms(me.id, tenantId, mediaId) : undefined;
}

/** Whether a material is within the caller's review scope. */
export async function mediaInScope(db: Db, me: { id: number; role: string }, tenantId: number, mediaId: number): Promise<boolean> {
  if (me.role !== 'trainer') return true;
  const rows = await db
    .select({ id: chapterMedia.media_id })
    .from(chapterMedia)
    .innerJoin(chapters, eq(chapters.id, chapterMedia.chapter_id))
    .innerJoin(programTrainers, eq(programTrainers.program_id, chapters.program_id))
    .where(and(eq(chapterMedia.media_id, mediaId), eq(programTrainers.user_id, me.id), eq(programTrainers.tenant_id, tenantId)))
    .limit(1);
  return rows.length > 0;
}
