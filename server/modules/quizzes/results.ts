import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { questionAnswers, questionOptions, questions } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { Id, IdParams } from '../../core/schemas.ts';
import { dataOf } from '../../core/responses.ts';
import { reviewRules } from './engine.ts';
import { attemptsRead } from './store.ts';
import type { LearnerKit } from './kit.ts';
import { attemptView, publicQuiz } from './views.ts';
import { AttemptResult, AttemptReview, RevealedQuestion } from './responses.ts';

const tags = ['quizzes'];
const AttemptQuery = Type.Object({ id_quizAttemp: Type.Optional(Id), question_id: Type.Optional(Id) });

/** A finished attempt's result, the review of its questions and the key (docs/quizzes.md "Secrecy", "Review"). */
export function resultRoutes(fastify: FastifyInstance, kit: LearnerKit) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/quiz/:id/questionWithAnswer',
    {
      schema: {
        tags,
        summary: 'A question of a finished attempt with its correct options, only when the quiz shows correctness (an exam: on its last attempt) and the attempt has an answer; else 403',
        params: IdParams,
        querystring: AttemptQuery,
        // one question when question_id is given, else every question of the attempt in its order
        response: { 200: dataOf(Type.Union([RevealedQuestion, Type.Array(RevealedQuestion)])) },
      },
    },
    async (req) => {
      const quiz = await kit.loadQuiz(req, req.params.id);
      const a = await kit.loadAttempt(req, quiz, req.query.id_quizAttemp);
      const questionIds = req.query.question_id ? [req.query.question_id] : a.question_order;
      if (!questionIds.every((id) => a.question_order.includes(id))) throw notFound('question');
      const answers = await req.db.select().from(questionAnswers).where(eq(questionAnswers.attempt_id, a.id));
      // never during the attempt (issue 30: with navigation the key would let the answer be changed), nor for an empty one
      const reveal = a.status === 'FINISHED' && answers.length > 0 && (await kit.revealsCorrect(req, quiz));
      if (!reveal) throw new AppError(403, 'ERROR_ACCESS', 'The correct answers are not shown yet');
      const qs = await req.db.select().from(questions).where(inArray(questions.id, questionIds));
      const opts = await req.db.select().from(questionOptions).where(inArray(questionOptions.question_id, questionIds));
      const data = questionIds.map((qid) => {
        const q = qs.find((x) => x.id === qid)!;
        const mine = answers.find((x) => x.question_id === qid);
        const options = (a.option_order[qid] ?? []).map((oid) => opts.find((o) => o.id === oid)!).map((o) => ({ id: o.id, text: o.text, is_correct: o.is_correct }));
        const answer = mine ? { option_ids: mine.option_ids, text: mine.text, is_correct: mine.is_correct, score: mine.score } : null;
        // a text question's key is its accepted answers
        if (q.type === 'text') return { id: q.id, text: q.text, type: q.type, options, correct_texts: opts.filter((o) => o.question_id === qid && o.is_correct).map((o) => o.text), answer };
        return { id: q.id, text: q.text, type: q.type, options, answer };
      });
      return { data: req.query.question_id ? data[0] : data };
    },
  );

  app.get(
    '/api/quiz/:id/result',
    {
      schema: {
        tags,
        summary:
          'Result of a finished attempt; the per-question report (right or wrong, points) when show_report is on and correctness may be shown (an exam: after its last attempt), else report null',
        params: IdParams,
        querystring: AttemptQuery,
        response: { 200: dataOf(AttemptResult) },
      },
    },
    async (req) => {
      const quiz = await kit.loadQuiz(req, req.params.id);
      const a = await kit.loadAttempt(req, quiz, req.query.id_quizAttemp);
      if (a.status !== 'FINISHED') throw new AppError(409, 'ERROR_ATTEMPT_NOT_FINISHED', 'The attempt is still open');
      let report = null;
      // the report tells right from wrong per question, so it follows the rule of the key (docs/quizzes.md "Secrecy")
      if (quiz.show_report && (await kit.revealsCorrect(req, quiz))) {
        const answers = await req.db.select().from(questionAnswers).where(eq(questionAnswers.attempt_id, a.id));
        const qs = await req.db
          .select()
          .from(questions)
          .where(inArray(questions.id, a.question_order.length ? a.question_order : [0]));
        report = a.question_order.map((qid) => {
          const q = qs.find((x) => x.id === qid)!;
          const ans = answers.find((x) => x.question_id === qid);
          return { id: qid, text: q.text, answered: !!ans, is_correct: ans?.is_correct ?? null, score: ans?.score ?? 0 };
        });
      }
      return { data: { quiz: publicQuiz(quiz), attempt: attemptView(a), report } };
    },
  );

  app.get(
    '/api/quiz/:id/review',
    {
      schema: {
        tags,
        summary:
          "The review of a finished attempt as the quiz's settings say: its questions with the student's answers (show_report), points per question (show_report; an exam only after its last attempt), right or wrong and the correct answers (show_correct, the rule of the key); the verdict by the evaluation",
        params: IdParams,
        querystring: AttemptQuery,
        response: { 200: dataOf(AttemptReview) },
      },
    },
    async (req) => {
      const quiz = await kit.loadQuiz(req, req.params.id);
      const a = await kit.loadAttempt(req, quiz, req.query.id_quizAttemp);
      if (a.status !== 'FINISHED') throw new AppError(409, 'ERROR_ATTEMPT_NOT_FINISHED', 'The attempt is still open');
      const used = (await attemptsRead(req.db).execute({ quiz: quiz.id, user: currentUser(req).id })).length;
      const answers = await req.db.select().from(questionAnswers).where(eq(questionAnswers.attempt_id, a.id));
      const shows = reviewRules(quiz, used, answers.length);
      const verdict = {
        evaluation: quiz.evaluation,
        passed: a.passed,
        score: a.score,
        max_score: a.max_score,
        percent: a.percent,
        passing_percentage: quiz.passing_percentage,
        min_score: quiz.min_score,
      };
      let list = null;
      if (shows.answers && a.question_order.length) {
        const ids = a.question_order;
        const qs = await req.db.select().from(questions).where(inArray(questions.id, ids));
        const opts = await req.db.select().from(questionOptions).where(inArray(questionOptions.question_id, ids));
        list = ids.flatMap((qid) => {
          const q = qs.find((x) => x.id === qid);
          if (!q) return [];
          const mine = answers.find((x) => x.question_id === qid);
          const own = opts.filter((o) => o.question_id === qid);
          const ordered = (a.option_order[qid] ?? []).map((oid) => own.find((o) => o.id === oid)).filter((o) => !!o);
          return [
            {
              id: q.id,
              text: q.text,
              type: q.type,
              // a text question's options are its accepted answers: shown only as the key
              options: q.type === 'text' ? [] : ordered.map((o) => ({ id: o.id, text: o.text, chosen: !!mine?.option_ids?.includes(o.id), is_correct: shows.key ? o.is_correct : null })),
              answered: !!mine,
              given_text: q.type === 'text' ? (mine?.text ?? null) : null,
              score: shows.scores ? (mine?.score ?? 0) : null,
              is_correct: shows.correctness ? (mine?.is_correct ?? false) : null,
              correct_texts: shows.key && q.type === 'text' ? own.filter((o) => o.is_correct).map((o) => o.text) : null,
            },
          ];
        });
      }
      return { data: { quiz: publicQuiz(quiz), attempt: attemptView(a), verdict, shows, questions: list } };
    },
  );
}
