import { and, asc, eq, ilike, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { questionOptions, questions } from '../../db/schema/index.ts';
import { fieldError } from '../../core/errors.ts';
import { ListQuery, orderFor, paginate } from '../../core/pagination.ts';
import type { Question } from './engine.ts';
import { ADMINS, IdList, OptionInline, QuestionFields, flag, tags } from './admin-schemas.ts';
import { issetAnswer, keepOneCorrect, loadQuestion, loadQuiz, questionAnswersCount, questionView, questionViews, reorder, settingsOf } from './store.ts';
import { Id, IdParams, isId } from '../../core/schemas.ts';
import { containsPattern } from '../../core/search.ts';
import { dataOf, listOf } from '../../core/responses.ts';
import { AdminQuestion } from './responses.ts';

const QuestionAnswer = dataOf(AdminQuestion);

/** Questions of quizzes: CRUD in the quiz's order, and the order of a question's options. */
export function questionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: ADMINS };

  app.get(
    '/admin/question',
    {
      config,
      schema: {
        tags,
        summary: "Questions with their options; filter[quiz_id] gives one quiz's questions in order; q searches the text",
        querystring: ListQuery,
        response: { 200: listOf(AdminQuestion) },
      },
    },
    async (req) => {
      const f = (req.query.filter ?? {}) as Record<string, unknown>;
      let quizId: number | undefined;
      if (f.quiz_id !== undefined && f.quiz_id !== '') {
        quizId = Number(f.quiz_id);
        if (!isId(quizId)) throw fieldError('filter.quiz_id', 'validation.format');
        await loadQuiz(req.db, quizId);
      }
      const where = and(quizId ? eq(questions.quiz_id, quizId) : undefined, req.query.q ? ilike(questions.text, containsPattern(req.query.q)) : undefined);
      const page = await paginate<Question>(req.db, req.query, {
        table: questions,
        where,
        query: req.db.select().from(questions).where(where).$dynamic(),
        orderBy: [...orderFor(req.query, { id: questions.id, sort: questions.sort, text: questions.text, type: questions.type }, asc(questions.quiz_id)), asc(questions.sort), asc(questions.id)],
      });
      return { data: await questionViews(req.db, page.data), meta: page.meta };
    },
  );

  app.get(
    '/admin/question/:id',
    { config, schema: { tags, summary: 'A question with its options in order and the most it can give', params: IdParams, response: { 200: QuestionAnswer } } },
    async (req) => ({
      data: await questionView(req.db, await loadQuestion(req.db, req.params.id)),
    }),
  );

  app.post(
    '/admin/question',
    {
      config,
      schema: {
        tags,
        summary: "Add a question at the end of a quiz; type defaults to the quiz's question type; options may come along",
        body: Type.Object({
          quiz_id: Id,
          text: QuestionFields.text,
          type: Type.Optional(QuestionFields.type),
          options: Type.Optional(Type.Array(OptionInline, { maxItems: 100 })),
        }),
        response: { 201: QuestionAnswer },
      },
    },
    async (req, reply) => {
      const quiz = await loadQuiz(req.db, req.body.quiz_id);
      const type = req.body.type ?? (await settingsOf(req.db, quiz.id)).question_type;
      const data = await req.db.transaction(async (tx) => {
        const [{ last }] = await tx
          .select({ last: max(questions.sort) })
          .from(questions)
          .where(eq(questions.quiz_id, quiz.id));
        const [q] = await tx
          .insert(questions)
          .values({ quiz_id: quiz.id, text: req.body.text, type, sort: (last ?? 0) + 1 })
          .returning();
        const opts = req.body.options ?? [];
        if (opts.length) {
          await tx.insert(questionOptions).values(
            // the options of a text question are its accepted answers: correct unless said otherwise
            opts.map((o, i) => ({ question_id: q.id, text: o.text, is_correct: flag(o.is_correct) ?? type === 'text', score: o.score ?? 0, sort: i + 1 })),
          );
          if (type === 'radio') await keepOneCorrect(tx, q.id);
        }
        return questionView(tx, q);
      });
      return reply.status(201).send({ data });
    },
  );

  app.put(
    '/admin/question/:id',
    {
      config,
      schema: {
        tags,
        summary: "Edit a question's text or type (turning it into radio keeps only the first correct option)",
        params: IdParams,
        body: Type.Partial(Type.Object(QuestionFields)),
        response: { 200: QuestionAnswer },
      },
    },
    async (req) => {
      const before = await loadQuestion(req.db, req.params.id);
      const data = await req.db.transaction(async (tx) => {
        const [q] = Object.keys(req.body).length ? await tx.update(questions).set(req.body).where(eq(questions.id, before.id)).returning() : [before];
        if (q.type === 'radio') await keepOneCorrect(tx, q.id);
        return questionView(tx, q);
      });
      return { data };
    },
  );

  app.delete(
    '/admin/question/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a question with its options; refused (409 ISSET_ANSWER) once a student answered it',
        params: IdParams,
        response: { 200: dataOf(Type.Object({ id: Id, quiz_id: Id })) },
      },
    },
    async (req) => {
      const q = await loadQuestion(req.db, req.params.id);
      if (await questionAnswersCount(req.db, q.id)) throw issetAnswer('question', { question_id: q.id });
      await req.db.delete(questions).where(eq(questions.id, q.id));
      return { data: { id: q.id, quiz_id: q.quiz_id } };
    },
  );

  app.post(
    '/admin/question/:id/sort',
    {
      config,
      schema: {
        tags,
        summary: "Order the question's options ({ options: [ids] }): listed first in that order, the others after",
        params: IdParams,
        body: Type.Object({ options: IdList(200) }),
        response: { 200: QuestionAnswer },
      },
    },
    async (req) => {
      const q = await loadQuestion(req.db, req.params.id);
      const data = await req.db.transaction(async (tx) => {
        const current = (
          await tx.select({ id: questionOptions.id }).from(questionOptions).where(eq(questionOptions.question_id, q.id)).orderBy(asc(questionOptions.sort), asc(questionOptions.id))
        ).map((o) => o.id);
        const order = reorder(current, req.body.options);
        if (!order) throw fieldError('options', 'validation.choice');
        for (const [i, id] of order.entries())
          await tx
            .update(questionOptions)
            .set({ sort: i + 1 })
            .where(eq(questionOptions.id, id));
        return questionView(tx, q);
      });
      return { data };
    },
  );
}
