// The exam the surge benchmarks take (bench/run.ts with BENCH_QUESTIONS, bench/surge-ab.ts) and the enrolment of
// their students in it.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { chapterQuizzes, chapters, programUsers, questionOptions, questions, quizzes } from '../server/db/schema/index.ts';

/** The demo school's pass quiz (two questions), as the demo seed makes it. */
export async function demoQuiz(db: Db) {
  const [quiz] = await db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.tenant_id, 1), eq(quizzes.title, 'Зачёт по отчётности')));
  return quiz;
}

/**
 * An exam of `n` one-choice questions of four options (the first right), in the demo quiz's chapter, without a limit
 * of attempts, so that a surge's answers go on for minutes as in a real exam (the demo quiz has two questions).
 */
export async function createExam(db: Db, n: number) {
  const [exam] = await db
    .insert(quizzes)
    .values({ tenant_id: 1, title: `Bench exam of ${n} questions`, max_attempts: null })
    .returning();
  for (let i = 0; i < n; i++) {
    const [q] = await db
      .insert(questions)
      .values({ tenant_id: 1, quiz_id: exam.id, text: `Question ${i + 1}`, type: 'radio', sort: i })
      .returning();
    await db.insert(questionOptions).values([0, 1, 2, 3].map((k) => ({ tenant_id: 1, question_id: q.id, text: `Option ${k + 1}`, is_correct: k === 0, score: k === 0 ? 1 : 0, sort: k })));
  }
  const [place] = await db
    .select()
    .from(chapterQuizzes)
    .where(eq(chapterQuizzes.quiz_id, (await demoQuiz(db)).id))
    .limit(1);
  await db.insert(chapterQuizzes).values({ tenant_id: 1, chapter_id: place.chapter_id, quiz_id: exam.id, sort: 99 });
  return exam;
}

/** Enrols the users directly in every program whose chapters hold the quiz. */
export async function enrolForQuiz(db: Db, quizId: number, userIds: number[]) {
  const holders = await db.select({ id: chapters.program_id }).from(chapterQuizzes).innerJoin(chapters, eq(chapters.id, chapterQuizzes.chapter_id)).where(eq(chapterQuizzes.quiz_id, quizId));
  for (const h of holders)
    await db
      .insert(programUsers)
      .values(userIds.map((id) => ({ tenant_id: 1, program_id: h.id, user_id: id })))
      .onConflictDoNothing();
}
