import { and, count, desc, eq, ilike, inArray, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { questionOptions, questions, quizAttempts, quizSettings, quizzes } from '../../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../../core/errors.ts';
import { ListQuery, orderFor, paginate } from '../../core/pagination.ts';
import { langOf } from '../../mail/texts.ts';
import { quizKinds } from '../../db/schema/learning.ts';
import { quizStatuses, type QuestionType, type QuizStatus } from '../../db/schema/quiz-settings.ts';
import { ADMINS, IdList, QuizCreate, QuizUpdate, tags, withFlags } from './admin-schemas.ts';
import { attemptsCount, issetAnswer, loadQuiz, questionViews, questionsOfQuiz, questionsWithOptions, reorder, saveSettings, settingsOf, type Tx } from './store.ts';
import type { Quiz } from './engine.ts';
import { Id, IdParams } from '../../core/schemas.ts';
import { containsPattern } from '../../core/search.ts';
import { IdAnswer, dataOf, listOf } from '../../core/responses.ts';
import { AdminQuestion, AdminQuiz, AdminQuizRow, DeleteQuizzesAnswer } from './responses.ts';

const SETTINGS = ['status', 'question_type'] as const;
const QUIZ_FLAGS = ['show_report', 'notify_admin', 'show_correct'];
type Body = Record<string, unknown>;

/** Splits a body into the engine's columns (`quizzes`) and the back office's (`quiz_settings`); instants become Dates. */
function split(raw: Body) {
  const quiz: Body = {};
  const settings: Body = {};
  for (const [k, v] of Object.entries(withFlags(raw, QUIZ_FLAGS))) {
    if ((SETTINGS as readonly string[]).includes(k)) settings[k] = v;
    else quiz[k] = (k === 'opens_at' || k === 'closes_at') && typeof v === 'string' ? new Date(v) : v;
  }
  return { quiz, settings };
}

/** The window must not close before it opens. */
function checkWindow(opens: Date | null | undefined, closes: Date | null | undefined) {
  if (opens && closes && closes <= opens) throw fieldError('closes_at', 'validation.date');
}

/** Quizzes: every setting, list with search/filters/sort, duplicate, bulk delete, question order. */
export function quizRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: ADMINS };

  /** A quiz as the back office shows it: every setting, counts, and (one quiz) its questions. */
  async function view(db: Tx, q: Quiz) {
    const [settings, attempts, list] = [await settingsOf(db, q.id), await attemptsCount(db, q.id), await questionsOfQuiz(db, q.id)];
    return {
      ...q,
      ...settings,
      questions_count: list.length,
      attempts_count: attempts,
      has_answers: attempts > 0,
      questions: await questionViews(db, list),
    };
  }

  /** Quizzes marked inactive (a subquery of the bound handle: bound too). */
  const inactiveIds = (db: Tx) => db.select({ id: quizSettings.quiz_id }).from(quizSettings).where(eq(quizSettings.status, 'inactive'));

  app.get(
    '/admin/quiz',
    {
      config,
      schema: {
        tags,
        summary: 'Quizzes of the school: search q in the title, filter[kind], filter[status], sort by id, title, kind, status, created_at…',
        querystring: ListQuery,
        response: { 200: listOf(AdminQuizRow) },
      },
    },
    async (req) => {
      const f = (req.query.filter ?? {}) as Record<string, unknown>;
      const kind = f.kind === undefined || f.kind === '' ? undefined : String(f.kind);
      const status = f.status === undefined || f.status === '' ? undefined : String(f.status);
      if (kind && !(quizKinds as readonly string[]).includes(kind)) throw fieldError('filter.kind', 'validation.choice');
      if (status && !(quizStatuses as readonly string[]).includes(status)) throw fieldError('filter.status', 'validation.choice');
      const where = and(
        req.query.q ? ilike(quizzes.title, containsPattern(req.query.q)) : undefined,
        kind ? eq(quizzes.kind, kind as Quiz['kind']) : undefined,
        // a quiz without a settings row is active, so "active" is "not marked inactive"
        status === 'inactive' ? inArray(quizzes.id, inactiveIds(req.db)) : status === 'active' ? notInArray(quizzes.id, inactiveIds(req.db)) : undefined,
      );
      const questionsCount = req.db.select({ n: count() }).from(questions).where(eq(questions.quiz_id, quizzes.id));
      const attemptsCount = req.db.select({ n: count() }).from(quizAttempts).where(eq(quizAttempts.quiz_id, quizzes.id));
      const statusCol = sql<string>`coalesce(${quizSettings.status}, 'active')`;
      const page = await paginate<{ quiz: Quiz; status: QuizStatus; question_type: QuestionType; questions_count: number; attempts_count: number }>(req.db, req.query, {
        table: quizzes,
        where,
        query: req.db
          .select({
            quiz: quizzes,
            status: statusCol,
            question_type: sql<string>`coalesce(${quizSettings.question_type}, 'radio')`,
            questions_count: sql<number>`(${questionsCount})::int`,
            attempts_count: sql<number>`(${attemptsCount})::int`,
          })
          .from(quizzes)
          .leftJoin(quizSettings, eq(quizSettings.quiz_id, quizzes.id))
          .where(where)
          .$dynamic(),
        orderBy: orderFor(
          req.query,
          {
            id: quizzes.id,
            title: quizzes.title,
            kind: quizzes.kind,
            status: statusCol,
            created_at: quizzes.created_at,
            max_attempts: quizzes.max_attempts,
            passing_percentage: quizzes.passing_percentage,
            questions_count: sql`(${questionsCount})`,
          },
          desc(quizzes.id),
        ),
      });
      return {
        data: page.data.map(({ quiz, ...rest }) => ({ ...quiz, ...rest, has_answers: Number(rest.attempts_count) > 0 })),
        meta: page.meta,
      };
    },
  );

  app.get(
    '/admin/quiz/:id',
    { config, schema: { tags, summary: 'A quiz with every setting, its questions and their options in order', params: IdParams, response: { 200: dataOf(AdminQuiz) } } },
    async (req) => ({
      data: await view(req.db, await loadQuiz(req.db, req.params.id)),
    }),
  );

  app.post('/admin/quiz', { config, schema: { tags, summary: 'Create a quiz', body: QuizCreate, response: { 201: dataOf(AdminQuiz) } } }, async (req, reply) => {
    const { quiz, settings } = split(req.body as Body);
    checkWindow(quiz.opens_at as Date | null, quiz.closes_at as Date | null);
    const data = await req.db.transaction(async (tx) => {
      const [q] = await tx
        .insert(quizzes)
        .values({ ...(quiz as Partial<Quiz>), title: req.body.title })
        .returning();
      // every quiz made here gets its settings row, so its status and question type are explicit
      await tx.insert(quizSettings).values({ quiz_id: q.id, ...settings });
      return view(tx, q);
    });
    return reply.status(201).send({ data });
  });

  app.put('/admin/quiz/:id', { config, schema: { tags, summary: "Edit a quiz's settings (any subset)", params: IdParams, body: QuizUpdate, response: { 200: dataOf(AdminQuiz) } } }, async (req) => {
    const before = await loadQuiz(req.db, req.params.id);
    const { quiz, settings } = split(req.body as Body);
    checkWindow('opens_at' in quiz ? (quiz.opens_at as Date | null) : before.opens_at, 'closes_at' in quiz ? (quiz.closes_at as Date | null) : before.closes_at);
    const data = await req.db.transaction(async (tx) => {
      const [q] = Object.keys(quiz).length ? await tx.update(quizzes).set(quiz).where(eq(quizzes.id, before.id)).returning() : [before];
      await saveSettings(tx, q.id, settings);
      return view(tx, q);
    });
    return { data };
  });

  app.delete(
    '/admin/quiz/:id',
    { config, schema: { tags, summary: 'Delete a quiz with its questions; refused (409 ISSET_ANSWER) once a student has an attempt', params: IdParams, response: { 200: IdAnswer } } },
    async (req) => {
      const q = await loadQuiz(req.db, req.params.id);
      if (await attemptsCount(req.db, q.id)) throw issetAnswer('quiz', { quiz_id: q.id });
      await req.db.delete(quizzes).where(eq(quizzes.id, q.id));
      return { data: { id: q.id } };
    },
  );

  app.post(
    '/admin/delete/quiz',
    {
      config,
      schema: {
        tags,
        summary: 'Delete many quizzes ({ quizzes: [ids] }); quizzes with attempts are kept and reported as refused; all refused: 409 ISSET_ANSWER',
        body: Type.Object({ quizzes: Type.Optional(Type.Array(Id, { maxItems: 1000 })) }),
        response: { 200: DeleteQuizzesAnswer },
      },
    },
    async (req) => {
      const ids = [...new Set(req.body.quizzes ?? [])];
      if (!ids.length) throw new AppError(422, 'NOT_CHECK_ID_QUIZ', 'No quiz selected');
      const own = (await req.db.select({ id: quizzes.id }).from(quizzes).where(inArray(quizzes.id, ids))).map((r) => r.id);
      if (!own.length) throw notFound('quiz');
      const answered = new Set((await req.db.selectDistinct({ id: quizAttempts.quiz_id }).from(quizAttempts).where(inArray(quizAttempts.quiz_id, own))).map((r) => r.id));
      const refused = own.filter((id) => answered.has(id));
      const deletable = own.filter((id) => !answered.has(id));
      if (!deletable.length) throw issetAnswer('quizzes', { refused });
      await req.db.delete(quizzes).where(inArray(quizzes.id, deletable));
      return { data: { count: deletable.length, deleted: deletable, refused } };
    },
  );

  app.post(
    '/admin/quiz/:id/duplicate',
    {
      config,
      schema: {
        tags,
        summary: "Copy a quiz with its settings, questions and options (not its attempts or chapters); the copy's title says it is a copy",
        params: IdParams,
        response: { 201: dataOf(AdminQuiz) },
      },
    },
    async (req, reply) => {
      const source = await loadQuiz(req.db, req.params.id);
      const suffix = langOf(req.headers['accept-language']) === 'en' ? ' (copy)' : ' (копия)';
      const data = await req.db.transaction(async (tx) => {
        // the copy's school is stamped by the handle, not carried over from the source row
        const { id: _id, created_at: _c, tenant_id: _school, ...fields } = source;
        const [copy] = await tx
          .insert(quizzes)
          .values({ ...fields, title: `${source.title}${suffix}`.slice(0, 255) })
          .returning();
        await tx.insert(quizSettings).values({ quiz_id: copy.id, ...(await settingsOf(tx, source.id)) });
        const { questions: list, options } = await questionsWithOptions(tx, source.id);
        for (const q of list) {
          const [nq] = await tx.insert(questions).values({ quiz_id: copy.id, text: q.text, type: q.type, sort: q.sort }).returning();
          const own = options.get(q.id)!;
          if (own.length) await tx.insert(questionOptions).values(own.map((o) => ({ question_id: nq.id, text: o.text, is_correct: o.is_correct, score: o.score, sort: o.sort })));
        }
        return view(tx, copy);
      });
      return reply.status(201).send({ data });
    },
  );

  app.post(
    '/admin/quiz/:id/sort',
    {
      config,
      schema: {
        tags,
        summary: "Order the quiz's questions ({ questions: [ids] }): listed first in that order, the others after in their order; an in-order quiz serves them so",
        params: IdParams,
        body: Type.Object({ questions: IdList() }),
        response: { 200: dataOf(Type.Array(AdminQuestion)) },
      },
    },
    async (req) => {
      const q = await loadQuiz(req.db, req.params.id);
      const data = await req.db.transaction(async (tx) => {
        const current = (await questionsOfQuiz(tx, q.id)).map((x) => x.id);
        const order = reorder(current, req.body.questions);
        if (!order) throw fieldError('questions', 'validation.choice');
        for (const [i, id] of order.entries())
          await tx
            .update(questions)
            .set({ sort: i + 1 })
            .where(eq(questions.id, id));
        return questionViews(tx, await questionsOfQuiz(tx, q.id));
      });
      return { data };
    },
  );
}
