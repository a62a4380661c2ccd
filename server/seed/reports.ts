import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { events, media, programs, quizzes, savedReports } from '../db/schema/index.ts';
import type { Role } from '../db/schema/index.ts';

const DAY = 86_400_000;

/**
 * Saved reports of a demo school (docs/reports.md), so that a newcomer finds them under Reports: the exam's score
 * results and the traffic light of the programs, both over all time. Runs after the learning content exists.
 * The demo student has watched the first lecture video on two days (35 %, then 80 %: the player's `video_progress`
 * events), so the media activity report's "Video watched" shows a figure; no `media_view` is seeded, so the student's
 * progress through the program stays as the other seeders leave it.
 */
export async function seedReports(db: Db, _tenant: { id: number; slug: string }, people: Record<Role, number>) {
  const [exam] = await db.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.kind, 'exam')).orderBy(asc(quizzes.id)).limit(1);
  const [program] = await db.select({ id: programs.id }).from(programs).orderBy(asc(programs.id)).limit(1);
  const [lecture] = await db.select({ id: media.id }).from(media).where(eq(media.kind, 'video')).orderBy(asc(media.id)).limit(1);
  const rows: (typeof savedReports.$inferInsert)[] = [{ name: 'Светофор по программам', type: 'trafficLights', params: { period: 'all', step: 'program' }, created_by: people.moderator }];
  if (exam) rows.unshift({ name: 'Результаты экзамена', type: 'quizScoreResults', params: { period: 'all', quiz_id: exam.id }, created_by: people.moderator });
  if (program) rows.push({ name: 'Сводка по первой программе', type: 'learningPathSummary', params: { period: 'all', program_id: program.id }, created_by: people.admin });
  if (lecture) {
    const progress = (daysAgo: number, percent: number) => ({
      user_id: people.student,
      kind: 'video_progress',
      subject_type: 'media',
      subject_id: lecture.id,
      data: { percent, position: Math.round(percent * 6), duration: 600 },
      created_at: new Date(Date.now() - daysAgo * DAY),
    });
    await db.insert(events).values([progress(9, 35), progress(2, 80)]);
    rows.push({ name: 'Просмотр видео за месяц', type: 'getMediaActivity', params: { period: 'month', media_id: lecture.id }, created_by: people.moderator });
  }
  await db.insert(savedReports).values(rows);
}
