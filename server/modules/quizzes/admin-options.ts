import { asc, eq, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { questionOptions } from '../../db/schema/index.ts';
import { fieldError } from '../../core/errors.ts';
import { ListQuery, orderFor, paginate } from '../../core/pagination.ts';
import type { Option, Question } from './engine.ts';
import { ADMINS, OptionFields, Score, flag, tags, withFlags } from './admin-schemas.ts';
import { issetAnswer, keepOneCorrect, loadOption, loadQuestion, optionAnswersCount, optionView, type Tx } from './store.ts';
import { Id, IdParams, isId } from '../../core/schemas.ts';
import { dataOf, listOf } from '../../core/responses.ts';
import { AdminOption } from './responses.ts';

const OptionAnswer = dataOf(AdminOption);

/** Options of questions (path `/admin/QuestionOption` as the spec spells it): CRUD, score, one correct option for radio. */
export function optionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: ADMINS };

  /** Saved as correct on a radio question: the others stop being correct. */
  async function afterSave(tx: Tx, q: Question, o: Option) {
    if (q.type === 'radio' && o.is_correct) await keepOneCorrect(tx, q.id, o.id);
  }

  app.get(
    '/admin/QuestionOption',
    {
      config,
      schema: { tags, summary: "Options; filter[question_id] gives one question's options in order", querystring: ListQuery, response: { 200: listOf(AdminOption) } },
    },
    async (req) => {
      const f = (req.query.filter ?? {}) as Record<string, unknown>;
      let questionId: number | undefined;
      if (f.question_id !== undefined && f.question_id !== '') {
        questionId = Number(f.question_id);
        if (!isId(questionId)) throw fieldError('filter.question_id', 'validation.format');
        await loadQuestion(req.db, questionId);
      }
      const where = questionId ? eq(questionOptions.question_id, questionId) : undefined;
      const page = await paginate<Option>(req.db, req.query, {
        table: questionOptions,
        where,
        query: req.db.select().from(questionOptions).where(where).$dynamic(),
        orderBy: [
          ...orderFor(req.query, { id: questionOptions.id, sort: questionOptions.sort, text: questionOptions.text, score: questionOptions.score }, asc(questionOptions.question_id)),
          asc(questionOptions.sort),
          asc(questionOptions.id),
        ],
      });
      return { data: page.data.map(optionView), meta: page.meta };
    },
  );

  app.get('/admin/QuestionOption/:id', { config, schema: { tags, summary: 'One option', params: IdParams, response: { 200: OptionAnswer } } }, async (req) => ({
    data: optionView(await loadOption(req.db, req.params.id)),
  }));

  app.post(
    '/admin/QuestionOption',
    {
      config,
      schema: {
        tags,
        summary: "Add an option at the end of a question (a text question's options are its accepted answers and are correct by default)",
        body: Type.Intersect([Type.Object({ question_id: Id, text: OptionFields.text }), Type.Partial(Type.Object({ is_correct: OptionFields.is_correct, score: OptionFields.score }))]),
        response: { 201: OptionAnswer },
      },
    },
    async (req, reply) => {
      const q = await loadQuestion(req.db, req.body.question_id);
      const data = await req.db.transaction(async (tx) => {
        const [{ last }] = await tx
          .select({ last: max(questionOptions.sort) })
          .from(questionOptions)
          .where(eq(questionOptions.question_id, q.id));
        const [o] = await tx
          .insert(questionOptions)
          .values({ question_id: q.id, text: req.body.text, is_correct: flag(req.body.is_correct) ?? q.type === 'text', score: req.body.score ?? 0, sort: (last ?? 0) + 1 })
          .returning();
        await afterSave(tx, q, o);
        return optionView(o);
      });
      return reply.status(201).send({ data });
    },
  );

  app.put(
    '/admin/QuestionOption/:id',
    {
      config,
      schema: {
        tags,
        summary: "Edit an option (the back office sends form data with _method=PUT); marking a radio question's option correct unmarks the others",
        params: IdParams,
        body: Type.Partial(Type.Object(OptionFields)),
        response: { 200: OptionAnswer },
      },
    },
    async (req) => {
      const before = await loadOption(req.db, req.params.id);
      const q = await loadQuestion(req.db, before.question_id);
      const data = await req.db.transaction(async (tx) => {
        const [o] = Object.keys(req.body).length
          ? await tx
              .update(questionOptions)
              .set(withFlags(req.body, ['is_correct']) as Partial<Option>)
              .where(eq(questionOptions.id, before.id))
              .returning()
          : [before];
        await afterSave(tx, q, o);
        return optionView(o);
      });
      return { data };
    },
  );

  app.delete(
    '/admin/QuestionOption/:id',
    {
      config,
      schema: { tags, summary: 'Delete an option; refused (409 ISSET_ANSWER) when a student chose it', params: IdParams, response: { 200: dataOf(Type.Object({ id: Id, question_id: Id })) } },
    },
    async (req) => {
      const o = await loadOption(req.db, req.params.id);
      if (await optionAnswersCount(req.db, o)) throw issetAnswer('option', { option_id: o.id });
      await req.db.delete(questionOptions).where(eq(questionOptions.id, o.id));
      return { data: { id: o.id, question_id: o.question_id } };
    },
  );

  app.post(
    '/admin/QuestionOption/:id/setScore',
    {
      config,
      schema: { tags, summary: 'Set the points of an option ({ score }: a whole number ≥ 0)', params: IdParams, body: Type.Object({ score: Score }), response: { 200: OptionAnswer } },
    },
    async (req) => {
      const o = await loadOption(req.db, req.params.id);
      const [saved] = await req.db.update(questionOptions).set({ score: req.body.score }).where(eq(questionOptions.id, o.id)).returning();
      return { data: optionView(saved) };
    },
  );
}
