import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { questionAnswers, questionOptions, questions, quizAttempts, quizzes, settings, users } from '../../db/schema/index.ts';
import { currentUser, type User } from '../../core/context.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { assertItemVisible } from '../programs/access.ts';
import { finishAttempt, isTimeUp, scoreAnswer, secondsLeft, startAttempt, type Attempt, type Quiz } from './engine.ts';
import { langOf } from '../../mail/texts.ts';

const tags = ['quizzes'];
const Id = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const AttemptQuery = Type.Object({ id_quizAttemp: Type.Optional(Type.Integer({ minimum: 1 })), question_id: Type.Optional(Type.Integer({ minimum: 1 })) });

const publicQuiz = (q: Quiz) => ({
  id: q.id, title: q.title, kind: q.kind, sort_type: q.sort_type, evaluation: q.evaluation, max_attempts: q.max_attempts,
  response_time_minutes: q.response_time_minutes, show_report: q.show_report, show_correct: q.show_correct,
  passing_percentage: q.passing_percentage, min_score: q.min_score, opens_at: q.opens_at, closes_at: q.closes_at,
});

const attemptView = (a: Attempt) => ({
  id: a.id, number: a.number, status: a.status, started_at: a.started_at, finished_at: a.finished_at, seconds_left: a.status === 'FINISHED' ? 0 : secondsLeft(a),
  score: a.status === 'FINISHED' ? a.score : null, max_score: a.status === 'FINISHED' ? a.max_score : null, percent: a.status === 'FINISHED' ? a.percent : null, passed: a.status === 'FINISHED' ? a.passed : null,
});

/** The quiz engine: the server's clock and records are the only authority on time, attempts and scores. */
export default async function quizzesModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  async function loadQuiz(req: FastifyRequest, id: number) {
    const [q] = await app.db.select().from(quizzes).where(and(eq(quizzes.id, id), eq(quizzes.tenant_id, req.tenant.id)));
    if (!q) throw notFound('quiz');
    await assertItemVisible(app.db, req.tenant.id, currentUser(req), { quizId: q.id });
    return q;
  }

  /** The caller's attempt of this quiz, finished on the spot when its time is up. */
  async function loadAttempt(req: FastifyRequest, quiz: Quiz, id: number | undefined) {
    if (!id) throw new AppError(422, 'NOT_ISSET_ATTEMPT_ID', 'id_quizAttemp is required');
    const [a] = await app.db.select().from(quizAttempts).where(and(eq(quizAttempts.id, id), eq(quizAttempts.tenant_id, req.tenant.id)));
    if (!a) throw new AppError(404, 'ERROR_FIND_ATTEMPT', 'No such attempt');
    if (a.user_id !== currentUser(req).id || a.quiz_id !== quiz.id) throw new AppError(404, 'NOT_FIND_ATTEMPT', 'The attempt is not yours or not of this quiz');
    if (a.status === 'IN_PROCESS' && isTimeUp(a)) return finish(req, quiz, a);
    return a;
  }

  async function finish(req: FastifyRequest, quiz: Quiz, a: Attempt) {
    const { attempt: done, finishedNow } = await finishAttempt(app.db, quiz, a);
    // events and the admin mail only from the request that actually finished it (not from a concurrent one)
    if (finishedNow) {
      await fastify.recordEvent(req, 'quiz_attempt', { type: 'quiz', id: quiz.id }, { attempt_id: a.id, score: done.score, percent: done.percent, passed: done.passed });
      if (quiz.notify_admin && !req.actorId && fastify.hasDecorator('mailer')) await notifyAdmins(req, quiz, done, currentUser(req)).catch((err) => req.log.warn({ err }, 'quiz notification failed'));
    }
    return done;
  }

  async function notifyAdmins(req: FastifyRequest, quiz: Quiz, a: Attempt, student: User) {
    const [row] = await app.db.select().from(settings).where(and(eq(settings.tenant_id, req.tenant.id), eq(settings.key, 'admin_emails')));
    const to = (row?.value as string[] | undefined) ?? (await app.db.select({ email: users.email }).from(users).where(and(eq(users.tenant_id, req.tenant.id), eq(users.role, 'admin')))).map((u) => u.email);
    if (!to.length) return;
    const en = langOf(req.headers['accept-language']) === 'en';
    const who = `${student.surname} ${student.name}`.trim();
    await fastify.mailer.send(req.tenant, {
      to,
      subject: en ? `${who} finished "${quiz.title}"` : `${who} завершил(а) тест «${quiz.title}»`,
      text: en
        ? `Attempt ${a.number}: ${a.score} of ${a.max_score} points (${a.percent}%), ${a.passed ? 'passed' : 'not passed'}.`
        : `Попытка ${a.number}: ${a.score} из ${a.max_score} баллов (${a.percent}%), ${a.passed ? 'пройден' : 'не пройден'}.`,
    });
  }

  async function attemptsOf(quizId: number, userId: number) {
    return app.db.select().from(quizAttempts).where(and(eq(quizAttempts.quiz_id, quizId), eq(quizAttempts.user_id, userId))).orderBy(asc(quizAttempts.number));
  }

  app.get('/api/quiz/:id', {
    schema: { tags, summary: 'Quiz start page: rules, attempts used and left, best result, the open attempt; is_new=true starts (or continues) an attempt', params: Id, querystring: Type.Object({ is_new: Type.Optional(Type.Boolean()) }) },
  }, async (req) => {
    const me = currentUser(req);
    const quiz = await loadQuiz(req, req.params.id);
    let list = await attemptsOf(quiz.id, me.id);
    let open = list.find((a) => a.status === 'IN_PROCESS');
    if (open && isTimeUp(open)) {
      await finish(req, quiz, open);
      list = await attemptsOf(quiz.id, me.id);
      open = undefined;
    }
    if (req.query.is_new && !open) {
      const now = new Date();
      if ((quiz.opens_at && now < quiz.opens_at) || (quiz.closes_at && now > quiz.closes_at)) {
        throw new AppError(409, 'ERROR_QUIZ_CLOSED', 'The quiz is not open now', { opens_at: quiz.opens_at, closes_at: quiz.closes_at });
      }
      if (quiz.max_attempts && list.length >= quiz.max_attempts) throw new AppError(409, 'ERROR_MAX_ATTEMPT', 'No attempts left', { max: quiz.max_attempts });
      try {
        open = await startAttempt(app.db, req.tenant.id, quiz, me.id, list.length + 1);
      } catch {
        // Another request started it at the same moment: continue that one.
        open = (await attemptsOf(quiz.id, me.id)).find((a) => a.status === 'IN_PROCESS');
        if (!open) throw new AppError(409, 'ERROR_FIND_ATTEMPT', 'Could not start an attempt');
      }
      list = await attemptsOf(quiz.id, me.id);
    }
    const finished = list.filter((a) => a.status === 'FINISHED');
    const best = finished.reduce<Attempt | undefined>((b, a) => (!b || (a.percent ?? 0) > (b.percent ?? 0) ? a : b), undefined);
    const [{ n }] = await app.db.select({ n: count() }).from(questions).where(eq(questions.quiz_id, quiz.id));
    return {
      data: {
        quiz: { ...publicQuiz(quiz), questions_count: Number(n) },
        attempts_used: list.length,
        attempts_left: quiz.max_attempts ? Math.max(0, quiz.max_attempts - list.length) : null,
        best: best ? attemptView(best) : null,
        last: finished.length ? attemptView(finished[finished.length - 1]) : null,
        attempt: open ? attemptView(open) : null,
      },
    };
  });

  app.get('/api/quiz/:id/question', {
    schema: { tags, summary: 'The next unanswered question of the attempt, in its fixed order, without the correct answers', params: Id, querystring: AttemptQuery },
  }, async (req) => {
    const quiz = await loadQuiz(req, req.params.id);
    const a = await loadAttempt(req, quiz, req.query.id_quizAttemp);
    if (a.status === 'FINISHED') return { data: { status: 'FINISHED', attempt: attemptView(a), question: null } };
    const answered = new Set((await app.db.select({ id: questionAnswers.question_id }).from(questionAnswers).where(eq(questionAnswers.attempt_id, a.id))).map((r) => r.id));
    const nextId = a.question_order.find((id) => !answered.has(id));
    if (!nextId) {
      const done = await finish(req, quiz, a);
      return { data: { status: 'FINISHED', attempt: attemptView(done), question: null } };
    }
    const [q] = await app.db.select().from(questions).where(eq(questions.id, nextId));
    const opts = await app.db.select({ id: questionOptions.id, text: questionOptions.text }).from(questionOptions).where(eq(questionOptions.question_id, q.id));
    const order = a.option_order[q.id] ?? [];
    const options = q.type === 'text' ? [] : order.map((id) => opts.find((o) => o.id === id)).filter(Boolean);
    return {
      data: {
        status: a.status,
        attempt: attemptView(a),
        index: answered.size + 1,
        total: a.question_order.length,
        question: { id: q.id, text: q.text, type: q.type, options },
      },
    };
  });

  app.get('/api/quiz/:id/questionWithAnswer', {
    schema: { tags, summary: 'A question with its correct options: after it was answered when show-correct is on, or once the attempt has ended', params: Id, querystring: AttemptQuery },
  }, async (req) => {
    const quiz = await loadQuiz(req, req.params.id);
    const a = await loadAttempt(req, quiz, req.query.id_quizAttemp);
    const questionIds = req.query.question_id ? [req.query.question_id] : a.question_order;
    if (!questionIds.every((id) => a.question_order.includes(id))) throw notFound('question');
    const answers = await app.db.select().from(questionAnswers).where(eq(questionAnswers.attempt_id, a.id));
    const allowed = (qid: number) => a.status === 'FINISHED' || (quiz.show_correct && answers.some((x) => x.question_id === qid));
    if (!questionIds.every(allowed)) throw new AppError(403, 'ERROR_ACCESS', 'The correct answers are not shown yet');
    const qs = await app.db.select().from(questions).where(inArray(questions.id, questionIds));
    const opts = await app.db.select().from(questionOptions).where(inArray(questionOptions.question_id, questionIds));
    const data = questionIds.map((qid) => {
      const q = qs.find((x) => x.id === qid)!;
      const mine = answers.find((x) => x.question_id === qid);
      return {
        id: q.id, text: q.text, type: q.type,
        options: (a.option_order[qid] ?? []).map((oid) => opts.find((o) => o.id === oid)!).map((o) => ({ id: o.id, text: o.text, is_correct: o.is_correct })),
        correct_texts: q.type === 'text' ? opts.filter((o) => o.question_id === qid && o.is_correct).map((o) => o.text) : undefined,
        answer: mine ? { option_ids: mine.option_ids, text: mine.text, is_correct: mine.is_correct, score: mine.score } : null,
      };
    });
    return { data: req.query.question_id ? data[0] : data };
  });

  app.post('/api/QuestionUserAnswer', {
    schema: {
      tags,
      summary: 'Answer a question of the open attempt (option id, option ids or text); refused after the time is up',
      body: Type.Object({
        id_quizAttemp: Type.Optional(Type.Integer({ minimum: 1 })),
        question_id: Type.Integer({ minimum: 1 }),
        answer: Type.Union([Type.Integer(), Type.Array(Type.Integer(), { maxItems: 100 }), Type.String({ maxLength: 5000 })]),
      }),
    },
  }, async (req) => {
    const b = req.body;
    if (!b.id_quizAttemp) throw new AppError(422, 'NOT_ISSET_ATTEMPT_ID', 'id_quizAttemp is required');
    const [raw] = await app.db.select().from(quizAttempts).where(and(eq(quizAttempts.id, b.id_quizAttemp), eq(quizAttempts.tenant_id, req.tenant.id)));
    if (!raw) throw new AppError(404, 'ERROR_FIND_ATTEMPT', 'No such attempt');
    if (raw.user_id !== currentUser(req).id) throw new AppError(404, 'NOT_FIND_ATTEMPT', 'The attempt is not yours');
    const quiz = await loadQuiz(req, raw.quiz_id);
    if (raw.status === 'IN_PROCESS' && isTimeUp(raw)) {
      const done = await finish(req, quiz, raw);
      throw new AppError(409, 'ERROR_TIME_IS_UP', 'The time is up; the attempt is finished', { attempt_id: done.id });
    }
    if (raw.status === 'FINISHED') throw new AppError(409, 'ERROR_ATTEMPT_FINISHED', 'The attempt is finished');
    if (!raw.question_order.includes(b.question_id)) throw notFound('question');
    const [q] = await app.db.select().from(questions).where(eq(questions.id, b.question_id));
    const opts = await app.db.select().from(questionOptions).where(eq(questionOptions.question_id, q.id));
    const optionIds = typeof b.answer === 'number' ? [b.answer] : Array.isArray(b.answer) ? b.answer : undefined;
    const text = typeof b.answer === 'string' ? b.answer : undefined;
    if (q.type === 'text' ? text === undefined : !optionIds?.length || !optionIds.every((id) => opts.some((o) => o.id === id)) || (q.type === 'radio' && optionIds.length !== 1)) {
      throw fieldError('answer', 'validation.choice');
    }
    const result = quiz.kind === 'poll' ? { is_correct: null, score: 0 } : scoreAnswer(q, opts, { optionIds, text });
    const inserted = await app.db
      .insert(questionAnswers)
      .values({ tenant_id: req.tenant.id, attempt_id: raw.id, question_id: q.id, option_ids: optionIds ?? null, text: text ?? null, is_correct: result.is_correct, score: result.score })
      .onConflictDoNothing()
      .returning({ id: questionAnswers.id });
    if (!inserted.length) throw new AppError(409, 'ISSET_ANSWER_QUESTION', 'This question is already answered');
    await fastify.recordEvent(req, 'quiz_answer', { type: 'question', id: q.id }, { attempt_id: raw.id, quiz_id: quiz.id, is_correct: result.is_correct });
    const [{ n }] = await app.db.select({ n: count() }).from(questionAnswers).where(eq(questionAnswers.attempt_id, raw.id));
    const last = Number(n) >= raw.question_order.length;
    const a = last ? await finish(req, quiz, raw) : raw;
    return {
      data: {
        status: a.status,
        attempt: attemptView(a),
        // correctness reaches the browser only when the quiz shows it
        ...(quiz.show_correct ? { is_correct: result.is_correct, correct_option_ids: opts.filter((o) => o.is_correct).map((o) => o.id) } : {}),
      },
    };
  });

  app.post('/api/quiz/:id/finish', {
    schema: { tags, summary: 'Finish the attempt now', params: Id, querystring: AttemptQuery },
  }, async (req) => {
    const quiz = await loadQuiz(req, req.params.id);
    const a = await loadAttempt(req, quiz, req.query.id_quizAttemp);
    return { data: attemptView(await finish(req, quiz, a)) };
  });

  app.get('/api/quiz/:id/result', {
    schema: { tags, summary: 'Result of a finished attempt, with the per-question report when the quiz shows it', params: Id, querystring: AttemptQuery },
  }, async (req) => {
    const quiz = await loadQuiz(req, req.params.id);
    const a = await loadAttempt(req, quiz, req.query.id_quizAttemp);
    if (a.status !== 'FINISHED') throw new AppError(409, 'ERROR_ATTEMPT_NOT_FINISHED', 'The attempt is still open');
    let report = null;
    if (quiz.show_report) {
      const answers = await app.db.select().from(questionAnswers).where(eq(questionAnswers.attempt_id, a.id));
      const qs = await app.db.select().from(questions).where(inArray(questions.id, a.question_order.length ? a.question_order : [0]));
      report = a.question_order.map((qid) => {
        const q = qs.find((x) => x.id === qid)!;
        const ans = answers.find((x) => x.question_id === qid);
        return { id: qid, text: q.text, answered: !!ans, is_correct: ans?.is_correct ?? null, score: ans?.score ?? 0 };
      });
    }
    return { data: { quiz: publicQuiz(quiz), attempt: attemptView(a), report } };
  });
  void sql;
}
