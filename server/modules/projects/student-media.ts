import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client.ts';
import { Type } from 'typebox';
import { events, media, mediaUserScores, submittedProjects, users } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { accessDenied, notFound } from '../../core/errors.ts';
import { mediaInScope } from './scope.ts';
import { Id } from '../../core/schemas.ts';
import { StudentMediaAnswer } from './responses.ts';
import { ACCESS } from '../../../common/access/roles.ts';

const tags = ['admin: projects'];
const REVIEWERS = ACCESS.projects.read;
const Params = Type.Object({ userId: Id, mediaId: Id });
/** Extra versions one student may be granted on one project at a time. */
export const MAX_EXTRA_ATTEMPTS = 20;

/**
 * One student and one material, as the back office sets them (docs/projects.md "Per student and material"):
 * a manual score, extra project versions (`count_attempts`) and the "viewed" mark the progress and reports read.
 */
export default async function studentMediaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  /** The student and the material of the school; a trainer only for materials of their programs (403 otherwise). */
  async function pair(req: FastifyRequest, userId: number, mediaId: number, projectOnly = false) {
    const [student] = await req.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.role, 'student')));
    if (!student) throw notFound('user');
    const [m] = await req.db.select().from(media).where(eq(media.id, mediaId));
    if (!m || (projectOnly && m.kind !== 'project')) throw notFound('media');
    if (!(await mediaInScope(req.db, currentUser(req), m.id))) throw accessDenied();
    return m;
  }

  async function state(db: Db, userId: number, m: typeof media.$inferSelect) {
    const [row] = await db
      .select()
      .from(mediaUserScores)
      .where(and(eq(mediaUserScores.user_id, userId), eq(mediaUserScores.media_id, m.id)));
    const [view] = await db
      .select({ at: events.created_at })
      .from(events)
      .where(and(eq(events.user_id, userId), eq(events.kind, 'media_view'), eq(events.subject_id, m.id)))
      .orderBy(events.created_at)
      .limit(1);
    const versions =
      m.kind === 'project'
        ? await db
            .select({ id: submittedProjects.id, version: submittedProjects.version, status: submittedProjects.status, score: submittedProjects.score, check_admin: submittedProjects.check_admin })
            .from(submittedProjects)
            .where(and(eq(submittedProjects.user_id, userId), eq(submittedProjects.media_id, m.id)))
            .orderBy(desc(submittedProjects.version))
        : [];
    return {
      user_id: userId,
      media_id: m.id,
      kind: m.kind,
      title: m.title,
      score: row?.score ?? null,
      count_attempts: row?.count_attempts ?? 0,
      viewed: !!view,
      viewed_at: view?.at ?? null,
      versions,
    };
  }

  async function upsert(req: FastifyRequest, userId: number, mediaId: number, set: Partial<typeof mediaUserScores.$inferInsert>) {
    const values = { user_id: userId, media_id: mediaId, updated_by: currentUser(req).id, updated_at: new Date(), ...set };
    await req.db
      .insert(mediaUserScores)
      .values(values)
      .onConflictDoUpdate({ target: [mediaUserScores.user_id, mediaUserScores.media_id], set: { ...set, updated_by: values.updated_by, updated_at: values.updated_at } });
  }

  app.get(
    '/admin/user/:userId/media/:mediaId',
    {
      config: { roles: [...REVIEWERS] },
      schema: {
        tags,
        summary: 'One student and one material: manual score, extra project versions (count_attempts), viewed, and the project versions',
        params: Params,
        response: { 200: StudentMediaAnswer },
      },
    },
    async (req) => {
      const m = await pair(req, req.params.userId, req.params.mediaId);
      return { data: await state(req.db, req.params.userId, m) };
    },
  );

  app.post(
    '/admin/user/:userId/media/:mediaId/updateScore',
    {
      config: { roles: [...REVIEWERS], noDemo: true },
      schema: {
        tags,
        summary: "Set the student's score (0–100, null clears) for a material; for a project it is also the score of the latest version (an awaiting one becomes checked)",
        params: Params,
        body: Type.Object({ score: Type.Union([Type.Null(), Type.Number({ minimum: 0, maximum: 100 })]) }),
        response: { 200: StudentMediaAnswer },
      },
    },
    async (req) => {
      const me = currentUser(req);
      const m = await pair(req, req.params.userId, req.params.mediaId);
      await upsert(req, req.params.userId, m.id, { score: req.body.score });
      if (m.kind === 'project' && req.body.score !== null) {
        const [last] = await req.db
          .select()
          .from(submittedProjects)
          .where(and(eq(submittedProjects.user_id, req.params.userId), eq(submittedProjects.media_id, m.id)))
          .orderBy(desc(submittedProjects.version))
          .limit(1);
        if (last) {
          await req.db
            .update(submittedProjects)
            .set({ score: req.body.score, status: last.status === 'awaiting' ? 'checked' : last.status, trainer_id: last.trainer_id ?? me.id, checked_at: new Date() })
            .where(eq(submittedProjects.id, last.id));
        }
      }
      return { data: await state(req.db, req.params.userId, m) };
    },
  );

  app.post(
    '/admin/user/:userId/media/:mediaId/updateCountAttempts',
    {
      config: { roles: [...REVIEWERS], noDemo: true },
      schema: {
        tags,
        summary: `Extra versions of a project granted to the student beyond the deadline rule (0–${MAX_EXTRA_ATTEMPTS}); each version the rule would refuse uses one up`,
        params: Params,
        body: Type.Object({ count_attempts: Type.Integer({ minimum: 0, maximum: MAX_EXTRA_ATTEMPTS }) }),
        response: { 200: StudentMediaAnswer },
      },
    },
    async (req) => {
      const m = await pair(req, req.params.userId, req.params.mediaId, true);
      await upsert(req, req.params.userId, m.id, { count_attempts: req.body.count_attempts });
      return { data: await state(req.db, req.params.userId, m) };
    },
  );

  app.post(
    '/admin/user/:userId/media/:mediaId/setViewMedia',
    {
      config: { roles: [...REVIEWERS], noDemo: true },
      schema: {
        tags,
        summary: "Mark a material viewed (or not) for the student: adds or removes the student's media_view record that progress and reports read",
        params: Params,
        body: Type.Object({ viewed: Type.Boolean() }),
        response: { 200: StudentMediaAnswer },
      },
    },
    async (req) => {
      const m = await pair(req, req.params.userId, req.params.mediaId);
      const where = and(eq(events.user_id, req.params.userId), eq(events.kind, 'media_view'), eq(events.subject_id, m.id));
      if (!req.body.viewed) await req.db.delete(events).where(where);
      else if (!(await req.db.select({ id: events.id }).from(events).where(where).limit(1)).length) {
        await req.db.insert(events).values({ user_id: req.params.userId, kind: 'media_view', subject_type: 'media', subject_id: m.id, data: { set_by: currentUser(req).id } });
      }
      return { data: await state(req.db, req.params.userId, m) };
    },
  );
}
