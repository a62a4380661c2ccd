import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { programs, quizzes, savedReports } from '../db/schema/index.ts';
import type { Role } from '../db/schema/index.ts';

/**
 * Saved reports of a demo school (docs/reports.md), so that a newcomer finds them under Reports: the exam's score
 * results and the traffic light of the programs, both over all time. Runs after the learning content exists.
 */
export async function seedReports(db: Db, _tenant: { id: number; slug: string }, people: Record<Role, number>) {
  const [exam] = await db.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.kind, 'exam')).orderBy(asc(quizzes.id)).limit(1);
  const [program] = await db.select({ id: programs.id }).from(programs).orderBy(asc(programs.id)).limit(1);
  const rows: (typeof savedReports.$inferInsert)[] = [{ name: 'Светофор по программам', type: 'trafficLights', params: { period: 'all', step: 'program' }, created_by: people.moderator }];
  if (exam) rows.unshift({ name: 'Результаты экзамена', type: 'quizScoreResults', params: { period: 'all', quiz_id: exam.id }, created_by: people.moderator });
  if (program) rows.push({ name: 'Сводка по первой программе', type: 'learningPathSummary', params: { period: 'all', program_id: program.id }, created_by: people.admin });
  await db.insert(savedReports).values(rows);
}
