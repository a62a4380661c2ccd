import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { mediaUserScores, scormAttempts } from '../../db/schema/index.ts';
import { currentUser } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { IdParams } from '../../core/schemas.ts';
import { dataOf } from '../../core/responses.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { assertItemVisible } from '../programs/index.ts';
import { ELEMENTS, applyCommit, attemptDone, initialValues, percentOf } from './cmi.ts';
import { ScormAttempt, ScormLaunch } from './responses.ts';
import { LAUNCH_HOURS, createLaunch, fieldsOf, latestAttempt, openAttempt, packageOf, scormMaterial, type AttemptRow } from './store.ts';

const tags = ['SCORM'];

/** Every element a commit may carry (both versions'), each a string of at most 64,000 characters (2004's suspend_data). */
const Values = Type.Object(Object.fromEntries([...new Set([...ELEMENTS['1.2'], ...ELEMENTS['2004']])].map((k) => [k, Type.Optional(Type.String({ maxLength: 64000 }))])), {
  additionalProperties: false,
});
const CommitBody = Type.Object({
  values: Values,
  /** The session ended (LMSFinish / Terminate, or the page was left): its time joins the total. */
  finish: Type.Optional(Type.Boolean()),
});

/** `new_attempt`: a fresh attempt (n + 1) when the latest is completed or passed; otherwise the latest is resumed. */
const LaunchQuery = Type.Object({ new_attempt: Type.Optional(Type.Boolean()) });

const attemptView = (a: AttemptRow | undefined) => {
  const f = fieldsOf(a);
  return { attempt: a?.attempt ?? 0, ...f, done: attemptDone(f), updated_at: a?.updated_at ?? null };
};

/**
 * The portal's side: a launch (the package's address under a key of its own and the run-time's starting values), the
 * learner's attempt read and committed. Only a user who may see the material (an enrolled student, staff) gets here.
 */
export function learnerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const READ = ACCESS.learning.read;

  async function visible(req: Parameters<typeof currentUser>[0], id: number) {
    const me = currentUser(req);
    const m = await scormMaterial(req.db, id);
    await assertItemVisible(req.db, me, { mediaId: m.id });
    return { me, m };
  }

  app.post(
    '/api/scorm/:id/launch',
    {
      config: { roles: READ },
      schema: {
        tags,
        summary:
          "Launch a SCORM material: the package's address under a key of this launch (no session token), the run-time's starting values from the latest attempt (made when none); new_attempt=true starts the next attempt when the latest is done",
        params: IdParams,
        querystring: LaunchQuery,
        response: { 200: dataOf(ScormLaunch) },
      },
    },
    async (req) => {
      const { me, m } = await visible(req, req.params.id);
      const pkg = await packageOf(req.db, m.id);
      if (!pkg) throw new AppError(404, 'ERROR_SCORM_NO_PACKAGE', 'The material has no package');
      const attempt = await openAttempt(req.db, m.id, me.id, req.query.new_attempt === true);
      const origin = typeof req.headers.origin === 'string' && /^https?:\/\/[^/\s]+$/.test(req.headers.origin) ? req.headers.origin : null;
      const key = await createLaunch(req.db, attempt, pkg, origin);
      const name = [me.surname, me.name].filter(Boolean).join(', ') || me.login;
      const launch = pkg.launch
        .split('/')
        .map((s, i, all) => (i === all.length - 1 ? s.replace(/[^?#]+/, (p) => encodeURIComponent(p)) : encodeURIComponent(s)))
        .join('/');
      return {
        data: {
          material: { id: m.id, title: m.title },
          package: { title: pkg.title, version: pkg.version },
          launch_url: `/api/scorm/content/${req.tenant.id}/${key}/${launch}`,
          expires_at: new Date(Date.now() + LAUNCH_HOURS * 3600_000),
          attempt: attemptView(attempt),
          values: initialValues(pkg.version, fieldsOf(attempt), { id: me.id, name }),
        },
      };
    },
  );

  app.get(
    '/api/scorm/:id/attempt',
    { config: { roles: READ }, schema: { tags, summary: "The learner's latest attempt at a SCORM material (attempt 0: none yet)", params: IdParams, response: { 200: dataOf(ScormAttempt) } } },
    async (req) => {
      const { me, m } = await visible(req, req.params.id);
      return { data: attemptView(await latestAttempt(req.db, m.id, me.id)) };
    },
  );

  app.put(
    '/api/scorm/:id/attempt',
    {
      config: { roles: READ },
      schema: {
        tags,
        summary:
          "Commit the run-time's data to the learner's latest attempt (LMSCommit/Commit; finish: LMSFinish/Terminate or the page left): the package version's element names, status, score, time, bookmark, suspend data",
        params: IdParams,
        body: CommitBody,
        response: { 200: dataOf(ScormAttempt) },
      },
    },
    async (req) => {
      const { me, m } = await visible(req, req.params.id);
      const pkg = await packageOf(req.db, m.id);
      if (!pkg) throw new AppError(404, 'ERROR_SCORM_NO_PACKAGE', 'The material has no package');
      const attempt = await openAttempt(req.db, m.id, me.id);
      const next = applyCommit(pkg.version, req.body.values, fieldsOf(attempt), req.body.finish === true);
      const [row] = await req.db
        .update(scormAttempts)
        .set({ ...next, updated_at: new Date(), completed_at: attemptDone(next) ? (attempt.completed_at ?? new Date()) : null })
        .where(eq(scormAttempts.id, attempt.id))
        .returning();
      // the score as the grades and the materials report show a material's result (media_user_scores, 0–100; its extra
      // attempts are the back office's, left as they are)
      const percent = percentOf(next);
      if (percent !== null && percent !== percentOf(fieldsOf(attempt)))
        await req.db
          .insert(mediaUserScores)
          .values({ user_id: me.id, media_id: m.id, score: percent, updated_at: new Date() })
          .onConflictDoUpdate({ target: [mediaUserScores.user_id, mediaUserScores.media_id], set: { score: percent, updated_at: new Date() } });
      return { data: attemptView(row) };
    },
  );
}
