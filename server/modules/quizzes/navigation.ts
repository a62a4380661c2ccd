import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { questionAnswers, quizAttempts, quizzes } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { Id, IdParams } from '../../core/schemas.ts';
import { dataOf } from '../../core/responses.ts';
import { isTimeUp, mayShowCorrect } from './engine.ts';
import type { LearnerKit } from './kit.ts';
import { attemptView } from './views.ts';
import { AttemptSheet, QuizStates } from './responses.ts';

const tags = ['quizzes'];
const AttemptQuery = Type.Object({ id_quizAttemp: Type.Optional(Id) });

/**
 * The navigation of an attempt (issue 30): the whole attempt at once (every question in the attempt's order, the
 * student's answers, flags and the summary), flags for review, and each quiz's state for the course page. Answers
 * and their changes go through the answer path (`POST /api/QuestionUserAnswer` with `keep_open`).
 */
export function navigationRoutes(fastify: FastifyInstance, kit: LearnerKit) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/quiz/:id/attempt',
    {
      schema: {
        tags,
        summary:
          "The open attempt as a whole, for the question map: every question in the attempt's order (no correctness), the answers given, flags, which questions are locked, and the summary of unanswered and flagged ones",
        params: IdParams,
        querystring: AttemptQuery,
        response: { 200: dataOf(AttemptSheet) },
      },
    },
    async (req) => {
      const quiz = await kit.loadQuiz(req, req.params.id);
      const a = await kit.loadAttempt(req, quiz, req.query.id_quizAttemp);
      const base = { status: a.status, attempt: attemptView(a), grace_seconds: quiz.grace_seconds };
      if (a.status === 'FINISHED') return { data: { ...base, questions: [], summary: { total: a.question_order.length, answered: 0, unanswered: [], flagged: [] } } };
      const content = await kit.content(req, quiz);
      const answers = await req.db.select().from(questionAnswers).where(eq(questionAnswers.attempt_id, a.id));
      // immediate feedback was given for every answer of this attempt, so each answered question is locked
      const feedback = mayShowCorrect(quiz, a.number);
      const flagged = a.flagged.filter((id) => a.question_order.includes(id));
      const list = a.question_order.flatMap((qid) => {
        const q = content.byId.get(qid);
        if (!q) return [];
        const opts = content.options.get(qid) ?? [];
        const options = q.type === 'text' ? [] : (a.option_order[qid] ?? []).map((oid) => opts.find((o) => o.id === oid)).flatMap((o) => (o ? [{ id: o.id, text: o.text }] : []));
        const mine = answers.find((x) => x.question_id === qid);
        const answer = mine ? { option_ids: mine.option_ids, text: mine.text, answered_at: mine.answered_at } : null;
        return [
          {
            id: q.id,
            text: q.text,
            type: q.type,
            options,
            answer,
            flagged: flagged.includes(qid),
            locked: !!mine && feedback,
            ...(mine && feedback ? { is_correct: mine.is_correct } : {}),
          },
        ];
      });
      const unanswered = list.filter((q) => !q.answer).map((q) => q.id);
      return { data: { ...base, questions: list, summary: { total: list.length, answered: list.length - unanswered.length, unanswered, flagged } } };
    },
  );

  app.post(
    '/api/quiz/:id/flag',
    {
      schema: {
        tags,
        summary: 'Flag a question of the open attempt for review, or take the flag off',
        params: IdParams,
        body: Type.Object({ id_quizAttemp: Type.Optional(Id), question_id: Id, flagged: Type.Boolean() }),
        response: { 200: dataOf(Type.Object({ flagged: Type.Array(Id) })) },
      },
    },
    async (req) => {
      const quiz = await kit.loadQuiz(req, req.params.id);
      const a = await kit.loadAttempt(req, quiz, req.body.id_quizAttemp);
      if (a.status === 'FINISHED') throw new AppError(409, 'ERROR_ATTEMPT_FINISHED', 'The attempt is finished');
      if (!a.question_order.includes(req.body.question_id)) throw notFound('question');
      const others = a.flagged.filter((id) => id !== req.body.question_id);
      const flagged = req.body.flagged ? [...others, req.body.question_id] : others;
      const [row] = await req.db
        .update(quizAttempts)
        .set({ flagged })
        .where(and(eq(quizAttempts.id, a.id), eq(quizAttempts.user_id, currentUser(req).id), eq(quizAttempts.status, 'IN_PROCESS')))
        .returning({ flagged: quizAttempts.flagged });
      if (!row) throw new AppError(409, 'ERROR_ATTEMPT_FINISHED', 'The attempt is finished');
      return { data: { flagged: row.flagged } };
    },
  );

  app.get(
    '/api/quiz/states',
    {
      schema: {
        tags,
        summary:
          "The caller's state of each listed quiz of the school (the course page): not_started, in_progress, passed, not_passed, no_attempts_left or answered (a poll), with attempts used and left and the best percent",
        querystring: Type.Object({ ids: Type.String({ pattern: '^[0-9]{1,10}(,[0-9]{1,10}){0,199}$' }) }),
        response: { 200: dataOf(QuizStates) },
      },
    },
    async (req) => {
      const ids = [...new Set(req.query.ids.split(',').map(Number))].filter((n) => n >= 1 && n <= 2_147_483_647);
      if (!ids.length) return { data: [] };
      const me = currentUser(req);
      const rows = await req.db.select({ id: quizzes.id, kind: quizzes.kind, max_attempts: quizzes.max_attempts, grace_seconds: quizzes.grace_seconds }).from(quizzes).where(inArray(quizzes.id, ids));
      const attempts = await req.db
        .select()
        .from(quizAttempts)
        .where(and(eq(quizAttempts.user_id, me.id), inArray(quizAttempts.quiz_id, ids)));
      const now = new Date();
      return {
        data: rows.map((q) => {
          const mine = attempts.filter((a) => a.quiz_id === q.id);
          const finished = mine.filter((a) => a.status === 'FINISHED');
          // an open attempt past its time counts as finished once it is opened; until then it is still under way
          const open = mine.some((a) => a.status === 'IN_PROCESS' && !isTimeUp(a, now, q.grace_seconds));
          const best = finished.reduce<number | null>((b, a) => (b === null || (a.percent ?? 0) > b ? (a.percent ?? 0) : b), null);
          const left = q.max_attempts ? Math.max(0, q.max_attempts - mine.length) : null;
          const state = open
            ? 'in_progress'
            : q.kind === 'poll' && finished.length
              ? 'answered'
              : finished.some((a) => a.passed)
                ? 'passed'
                : left === 0
                  ? 'no_attempts_left'
                  : finished.length
                    ? 'not_passed'
                    : 'not_started';
          return { quiz_id: q.id, state: state as 'not_started', attempts_used: mine.length, attempts_left: left, best_percent: best };
        }),
      };
    },
  );
}
