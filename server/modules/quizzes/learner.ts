import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { quizAttempts, settings, users } from '../../db/schema/index.ts';
import { currentUser, type User } from '../../core/context.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { seesAllPrograms } from '../programs/index.ts';
import { isTimeUp, mayShowCorrect, scoreAnswer, startAttempt, type Attempt, type Quiz } from './engine.ts';
import { langOf } from '../../mail/texts.ts';
import { Id, IdParams } from '../../core/schemas.ts';
import { createQuizCaches, finishOpenAttempt, finishWithAnswers, storeAnswer, type AttemptFacts, type QuizContent } from './answer-path.ts';
import { achievementsSoon } from '../lifelong/index.ts';
import { attemptExists, attemptRead, attemptStateRead, attemptsRead, learnerQuizRead } from './store.ts';
import { dataOf } from '../../core/responses.ts';
import { AnswerOutcome, AttemptView, QuestionStep, QuizStart } from './responses.ts';
import type { LearnerKit } from './kit.ts';
import { resultRoutes } from './results.ts';
import { navigationRoutes } from './navigation.ts';
import { attemptView, publicQuiz } from './views.ts';

const tags = ['quizzes'];
const AttemptQuery = Type.Object({ id_quizAttemp: Type.Optional(Id), question_id: Type.Optional(Id) });

/** The learner's routes of the quiz engine: the server's clock and records are the only authority on time, attempts and scores. */
export function learnerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  // the answer path's caches (answer-path.ts): quiz content by version, attempts' fixed facts once their right was checked
  const caches = createQuizCaches();

  /**
   * The attempt's fixed facts and its quiz's content: from the caches, or read once (the attempt, the quiz and the
   * caller's right to take it) and remembered. 404 for an attempt that is not the caller's.
   */
  async function attemptContext(req: FastifyRequest, attemptId: number): Promise<{ facts: AttemptFacts; content: QuizContent }> {
    const me = currentUser(req);
    const known = caches.attempt(req.tenant.id, attemptId);
    const cached = known && known.userId === me.id ? caches.cached(req.tenant.id, known.quizId) : undefined;
    if (known && cached) return { facts: known, content: cached };
    const [raw] = await attemptRead(req.db).execute({ id: attemptId, user: me.id });
    if (!raw) {
      if (await attemptExists(req.db, attemptId)) throw new AppError(404, 'NOT_FIND_ATTEMPT', 'The attempt is not yours');
      throw new AppError(404, 'ERROR_FIND_ATTEMPT', 'No such attempt');
    }
    const quiz = await loadQuiz(req, raw.quiz_id);
    return { facts: caches.remember(req.tenant.id, raw), content: await caches.content(req.db, req.tenant.id, quiz) };
  }

  /** An open attempt as the cache knows it (its changing parts are the statement's to say). */
  const openAttempt = (f: AttemptFacts, deadline_at: Date | null): Attempt =>
    ({
      id: f.id,
      quiz_id: f.quizId,
      user_id: f.userId,
      number: f.number,
      status: 'IN_PROCESS',
      started_at: f.started_at,
      deadline_at,
      finished_at: null,
      question_order: f.question_order,
      option_order: f.option_order,
      score: null,
      max_score: null,
      percent: null,
      passed: null,
    }) as Attempt;

  /** The attempt's next unanswered question from the cached content, options in the attempt's order, no correctness. */
  function nextFrom(content: QuizContent, f: AttemptFacts, a: Attempt, answered: Set<number>) {
    const nextId = f.question_order.find((id) => !answered.has(id) && content.byId.has(id));
    if (!nextId) return null;
    const q = content.byId.get(nextId)!;
    const opts = content.options.get(q.id) ?? [];
    const options =
      q.type === 'text'
        ? []
        : (f.option_order[q.id] ?? [])
            .map((id) => opts.find((o) => o.id === id))
            .filter(Boolean)
            .map((o) => ({ id: o!.id, text: o!.text }));
    return { status: a.status, attempt: attemptView(a), index: answered.size + 1, total: f.question_order.length, question: { id: q.id, text: q.text, type: q.type, options } };
  }

  /** After an attempt finished (its event was written with it): the achievements, after the answer; the admin mail. */
  async function afterFinished(req: FastifyRequest, quiz: Quiz, done: Attempt) {
    achievementsSoon(req, done.user_id);
    if (quiz.notify_admin && !req.actorId && fastify.hasDecorator('mailer')) await notifyAdmins(req, quiz, done, currentUser(req)).catch((err) => req.log.warn({ err }, 'quiz notification failed'));
  }

  /** The quiz changed under the attempt: its content and the caller's right are read again. */
  async function refreshContent(req: FastifyRequest, facts: AttemptFacts) {
    return caches.content(req.db, req.tenant.id, await loadQuiz(req, facts.quizId));
  }

  /**
   * A quiz of the school that the caller may take, in one prepared statement (store.ts `learnerQuizRead`): the rule of
   * `assertItemVisible` (server/modules/programs/access.ts): staff take any quiz of their school; a student only an
   * active one held by a program they are enrolled in.
   */
  async function loadQuiz(req: FastifyRequest, id: number) {
    const me = currentUser(req);
    const [row] = await learnerQuizRead(req.db).execute({ id, user: me.id });
    if (!row) throw notFound('quiz');
    if (!seesAllPrograms(me)) {
      if (row.status === 'inactive') throw new AppError(403, 'ERROR_ACCESS', 'The quiz is inactive');
      if (row.enrolled !== true) throw new AppError(403, 'ERROR_ACCESS', 'Not enrolled');
    }
    return row.quiz;
  }

  /** The caller's attempt of this quiz, finished on the spot when its time is up. */
  async function loadAttempt(req: FastifyRequest, quiz: Quiz, id: number | undefined) {
    if (!id) throw new AppError(422, 'NOT_ISSET_ATTEMPT_ID', 'id_quizAttemp is required');
    const [a] = await attemptRead(req.db).execute({ id, user: currentUser(req).id });
    if (!a) {
      if (await attemptExists(req.db, id)) throw new AppError(404, 'NOT_FIND_ATTEMPT', 'The attempt is not yours or not of this quiz');
      throw new AppError(404, 'ERROR_FIND_ATTEMPT', 'No such attempt');
    }
    if (a.quiz_id !== quiz.id) throw new AppError(404, 'NOT_FIND_ATTEMPT', 'The attempt is not yours or not of this quiz');
    if (a.status === 'IN_PROCESS' && isTimeUp(a, new Date(), quiz.grace_seconds)) return finish(req, quiz, a);
    return a;
  }

  async function finish(req: FastifyRequest, quiz: Quiz, a: Attempt) {
    const content = await caches.content(req.db, req.tenant.id, quiz);
    // the event goes with the finishing statement, as the last answer's does (recordEvent's rule: not in demo mode)
    const { attempt: done, finishedNow } = await finishOpenAttempt(req.db, quiz, a, content, req.actorId || !req.user ? undefined : req.user.id);
    caches.forget(req.tenant.id, a.id);
    // achievements and the admin mail only from the request that actually finished it (not from a concurrent one)
    if (finishedNow) await afterFinished(req, quiz, done);
    return done;
  }

  async function notifyAdmins(req: FastifyRequest, quiz: Quiz, a: Attempt, student: User) {
    const [row] = await req.db.select().from(settings).where(eq(settings.key, 'admin_emails'));
    const to = (row?.value as string[] | undefined) ?? (await req.db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'))).map((u) => u.email);
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

  async function attemptsOf(req: FastifyRequest, quizId: number, userId: number) {
    return attemptsRead(req.db).execute({ quiz: quizId, user: userId });
  }

  /** Whether the caller may see correctness of this quiz now (engine.ts mayShowCorrect: show_correct, and an exam only with no attempt left). */
  async function revealsCorrect(req: FastifyRequest, quiz: Quiz) {
    if (!quiz.show_correct) return false;
    const [{ n }] = await req.db
      .select({ n: count() })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quiz_id, quiz.id), eq(quizAttempts.user_id, currentUser(req).id)));
    return mayShowCorrect(quiz, Number(n));
  }

  app.get(
    '/api/quiz/:id',
    {
      schema: {
        tags,
        summary: 'Quiz start page: rules, attempts used and left, best result, the open attempt; is_new=true starts (or continues) an attempt',
        params: IdParams,
        querystring: Type.Object({ is_new: Type.Optional(Type.Boolean()) }),
        response: { 200: dataOf(QuizStart) },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const quiz = await loadQuiz(req, req.params.id);
      let list = await attemptsOf(req, quiz.id, me.id);
      let open = list.find((a) => a.status === 'IN_PROCESS');
      if (open && isTimeUp(open, new Date(), quiz.grace_seconds)) {
        await finish(req, quiz, open);
        list = await attemptsOf(req, quiz.id, me.id);
        open = undefined;
      }
      // the quiz's content, cached for the attempt's answers (answer-path.ts): a new attempt's order is fixed from it
      const content = await caches.content(req.db, req.tenant.id, quiz);
      if (req.query.is_new && !open) {
        const now = new Date();
        if ((quiz.opens_at && now < quiz.opens_at) || (quiz.closes_at && now > quiz.closes_at)) {
          throw new AppError(409, 'ERROR_QUIZ_CLOSED', 'The quiz is not open now', { opens_at: quiz.opens_at, closes_at: quiz.closes_at });
        }
        if (quiz.max_attempts && list.length >= quiz.max_attempts) throw new AppError(409, 'ERROR_MAX_ATTEMPT', 'No attempts left', { max: quiz.max_attempts });
        try {
          open = await startAttempt(req.db, quiz, content, me.id, list.length + 1, !!req.actorId);
          // the list read just before, with the attempt this request inserted (its number was the next free one)
          list = [...list, open];
        } catch {
          // Another request started it at the same moment: continue that one.
          list = await attemptsOf(req, quiz.id, me.id);
          open = list.find((a) => a.status === 'IN_PROCESS');
          if (!open) throw new AppError(409, 'ERROR_FIND_ATTEMPT', 'Could not start an attempt');
        }
      }
      const finished = list.filter((a) => a.status === 'FINISHED');
      const best = finished.reduce<Attempt | undefined>((b, a) => (!b || (a.percent ?? 0) > (b.percent ?? 0) ? a : b), undefined);
      // the open attempt's facts are cached for its answers too
      if (open) caches.remember(req.tenant.id, open);
      return {
        data: {
          quiz: { ...publicQuiz(quiz), questions_count: content.questions.length },
          attempts_used: list.length,
          attempts_left: quiz.max_attempts ? Math.max(0, quiz.max_attempts - list.length) : null,
          best: best ? attemptView(best) : null,
          last: finished.length ? attemptView(finished[finished.length - 1]) : null,
          attempt: open ? attemptView(open) : null,
        },
      };
    },
  );

  app.get(
    '/api/quiz/:id/question',
    {
      schema: {
        tags,
        summary: 'The next unanswered question of the attempt, in its fixed order, without the correct answers',
        params: IdParams,
        querystring: AttemptQuery,
        response: { 200: dataOf(QuestionStep) },
      },
    },
    async (req) => {
      // with the attempt and its quiz cached: the token's read and one statement (the attempt, its answers, the quiz's version)
      if (!req.query.id_quizAttemp) throw new AppError(422, 'NOT_ISSET_ATTEMPT_ID', 'id_quizAttemp is required');
      const ctx = await attemptContext(req, req.query.id_quizAttemp);
      const { facts } = ctx;
      let content = ctx.content;
      if (facts.quizId !== req.params.id) throw new AppError(404, 'NOT_FIND_ATTEMPT', 'The attempt is not yours or not of this quiz');
      const [state] = await attemptStateRead(req.db).execute({ id: facts.id, user: facts.userId });
      if (!state) {
        caches.forget(req.tenant.id, facts.id);
        throw new AppError(404, 'ERROR_FIND_ATTEMPT', 'No such attempt');
      }
      if (state.version !== content.version) content = await refreshContent(req, facts);
      let a = state.attempt;
      if (a.status === 'IN_PROCESS' && isTimeUp(a, new Date(), content.quiz.grace_seconds)) a = await finish(req, content.quiz, a);
      if (a.status === 'FINISHED') {
        caches.forget(req.tenant.id, facts.id);
        return { data: { status: 'FINISHED' as const, attempt: attemptView(a), question: null } };
      }
      const next = nextFrom(content, facts, a, new Set((typeof state.answered === 'string' ? JSON.parse(state.answered) : state.answered).map(Number)));
      if (next) return { data: next };
      const done = await finish(req, content.quiz, a);
      return { data: { status: 'FINISHED' as const, attempt: attemptView(done), question: null } };
    },
  );

  app.post(
    '/api/QuestionUserAnswer',
    {
      // an exam's surge: the caller may come from the sign-in cache like a read (docs/security.md "The sign-in cache")
      config: { cachedSignIn: true },
      schema: {
        tags,
        summary: 'Answer a question of the open attempt (option id, option ids or text); refused after the time is up',
        body: Type.Object({
          id_quizAttemp: Type.Optional(Id),
          question_id: Id,
          answer: Type.Union([Id, Type.Array(Id, { maxItems: 100 }), Type.String({ maxLength: 5000 })]),
          keep_open: Type.Optional(Type.Boolean({ description: 'The navigation (issue 30): the answer may be changed until the attempt is finished, which only POST /finish (or the time) does' })),
        }),
        response: { 200: dataOf(AnswerOutcome) },
      },
    },
    async (req) => {
      // The answer path (docs/performance.md): with the attempt and its quiz cached, the token's read, one statement
      // storing the answer (storeAnswer) and, after the last answer, one finishing the attempt (finishWithAnswers).
      const b = req.body;
      if (!b.id_quizAttemp) throw new AppError(422, 'NOT_ISSET_ATTEMPT_ID', 'id_quizAttemp is required');
      const me = currentUser(req);
      const ctx = await attemptContext(req, b.id_quizAttemp);
      const { facts } = ctx;
      let content = ctx.content;
      const optionIds = typeof b.answer === 'number' ? [b.answer] : Array.isArray(b.answer) ? b.answer : undefined;
      const text = typeof b.answer === 'string' ? b.answer : undefined;
      for (let round = 0; ; round++) {
        const { quiz } = content;
        const q = facts.question_order.includes(b.question_id) ? content.byId.get(b.question_id) : undefined;
        const opts = q ? (content.options.get(q.id) ?? []) : [];
        const fits = !q || (q.type === 'text' ? text !== undefined : !!optionIds?.length && optionIds.every((id) => opts.some((o) => o.id === id)) && (q.type !== 'radio' || optionIds.length === 1));
        const result = !q || !fits ? { is_correct: null, score: 0 } : quiz.kind === 'poll' ? { is_correct: null, score: 0 } : scoreAnswer(q, opts, { optionIds, text });
        // immediate feedback (right or wrong) locks the question: its number is the attempts started, the open one counted
        const feedback = mayShowCorrect(quiz, facts.number);
        // a question that is not the attempt's, or an answer that does not fit, is stored by nobody (version -1 matches no quiz)
        const out = await storeAnswer(req.db, {
          attemptId: facts.id,
          userId: me.id,
          quizId: quiz.id,
          version: q && fits ? content.version : -1,
          questionId: b.question_id,
          optionIds: q?.type === 'text' ? null : (optionIds ?? null),
          text: q?.type === 'text' ? (text ?? null) : null,
          is_correct: result.is_correct,
          score: result.score,
          // batched (app.recordEventSoon below) unless ACTIVITY_BATCH_MS=0: then written by the answer's statement
          event: !req.actorId && !fastify.eventsBatched,
          keepOpen: b.keep_open === true,
          mayChange: !feedback,
        });
        if (!out) {
          caches.forget(req.tenant.id, facts.id);
          throw new AppError(404, 'ERROR_FIND_ATTEMPT', 'No such attempt');
        }
        if (!out.inserted && out.status === 'IN_PROCESS' && out.deadline_at && out.deadline_at.getTime() + out.grace_seconds * 1000 <= Date.now()) {
          const [raw] = await req.db.select().from(quizAttempts).where(eq(quizAttempts.id, facts.id));
          const done = await finish(req, quiz, raw);
          throw new AppError(409, 'ERROR_TIME_IS_UP', 'The time is up; the attempt is finished', { attempt_id: done.id });
        }
        if (out.status === 'FINISHED') {
          caches.forget(req.tenant.id, facts.id);
          throw new AppError(409, 'ERROR_ATTEMPT_FINISHED', 'The attempt is finished');
        }
        if (out.version !== content.version) {
          // staff changed the quiz since it was cached: read it (and the right to take it) again, score again
          if (round >= 5) throw new AppError(409, 'ERROR_FIND_ATTEMPT', 'The quiz is being changed; try again');
          content = await refreshContent(req, facts);
          continue;
        }
        if (!q) throw notFound('question');
        if (!fits) throw fieldError('answer', 'validation.choice');
        if (b.keep_open) {
          // the same answer again (the browser's queue sending what already arrived) counts once and is not an error
          if (!out.inserted && !out.same) throw new AppError(409, 'ERROR_ANSWER_LOCKED', 'Correctness of this answer was shown; it cannot be changed');
          if (out.inserted && fastify.eventsBatched)
            fastify.recordEventSoon(req, 'quiz_answer', { type: 'question', id: q.id }, { attempt_id: facts.id, quiz_id: quiz.id, is_correct: result.is_correct });
          const a = openAttempt(facts, out.deadline_at);
          return { data: { status: a.status, attempt: attemptView(a), next: null, ...(feedback ? { is_correct: result.is_correct } : {}), locked: feedback } };
        }
        if (!out.inserted) throw new AppError(409, 'ISSET_ANSWER_QUESTION', 'This question is already answered');
        if (fastify.eventsBatched) fastify.recordEventSoon(req, 'quiz_answer', { type: 'question', id: q.id }, { attempt_id: facts.id, quiz_id: quiz.id, is_correct: result.is_correct });
        // the attempt's own count says whether this was the last answer (concurrent answers are ordered by its row)
        const last = out.answered_count >= facts.question_order.length;
        let a: Attempt = { ...openAttempt(facts, out.deadline_at) };
        if (last) {
          // a finished attempt is not answered again: its facts leave the cache, which holds the attempts under way
          caches.forget(req.tenant.id, facts.id);
          const done = await finishWithAnswers(req.db, quiz, facts.id, facts.userId, out.answered_score, content.max, req.actorId ? undefined : me.id);
          if (done) {
            a = done;
            await afterFinished(req, quiz, done);
          } else {
            [a] = await req.db.select().from(quizAttempts).where(eq(quizAttempts.id, facts.id));
          }
        }
        const answered = new Set([...out.answered, q.id]);
        return {
          data: {
            status: a.status,
            attempt: attemptView(a),
            // the next question travels with the answer, so the portal makes one call per question
            next: last ? null : nextFrom(content, facts, a, answered),
            // correctness reaches the browser only when the quiz shows it (an exam: on its last attempt); during the
            // attempt right or wrong at most, the correct options only with the answer that finished it (issue 30)
            ...(mayShowCorrect(quiz, out.used) ? { is_correct: result.is_correct, ...(a.status === 'FINISHED' ? { correct_option_ids: opts.filter((o) => o.is_correct).map((o) => o.id) } : {}) } : {}),
          },
        };
      }
    },
  );

  app.post(
    '/api/quiz/:id/finish',
    {
      schema: { tags, summary: 'Finish the attempt now', params: IdParams, querystring: AttemptQuery, response: { 200: dataOf(AttemptView) } },
    },
    async (req) => {
      const quiz = await loadQuiz(req, req.params.id);
      const a = await loadAttempt(req, quiz, req.query.id_quizAttemp);
      return { data: attemptView(await finish(req, quiz, a)) };
    },
  );

  const kit: LearnerKit = { loadQuiz, loadAttempt, finish, revealsCorrect, content: (req, quiz) => caches.content(req.db, req.tenant.id, quiz) };
  resultRoutes(app, kit);
  navigationRoutes(app, kit);
}
