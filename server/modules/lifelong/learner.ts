import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { achievementAwards, achievements, tenants, users } from '../../db/schema/index.ts';
import { notFound } from '../../core/errors.ts';
import { currentUser } from '../../core/context.ts';
import { IdParams } from '../../core/schemas.ts';
import { webOrigin } from '../../mail/links.ts';
import { aprogramDone, factsOf, judge, moduleDone, recomputeAchievements, structure, titlesOf, type Achievement, type Award, type Structure } from './awards.ts';
import { achievementView, branchView } from './images.ts';
import { credentialIdOf, jwks, laterCredentialIds, signCredential, verifyCredential } from './credentials.ts';
import { issuedDocumentState } from './issued-documents.ts';
import { CredentialCheck, CredentialFile, CredentialVerification, IssuerAnswer, Jwks, MyAchievements, MyBranch, MyBranches } from './responses.ts';

const tags = ['lifelong learning'];
const config = { flag: 'lifelong_learning' as const };
/** The reason a superseded credential shows: the award was withdrawn, then granted again as a new credential. */
const SUPERSEDED = 'Withdrawn; the achievement was granted again later as a new credential';
const Uuid = Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$', maxLength: 36 });

/** Where a module leads in the portal: its program, its material or its quiz. */
function linkOf(m: Structure['mods'][number]) {
  if (m.kind === 'program' && m.program_id) return `/courses/${m.program_id}`;
  if (m.kind === 'quiz' && m.quiz_id) return `/quizzes/${m.quiz_id}`;
  if (m.kind === 'media' && m.media_id) return `/content/info/${m.media_id}`;
  return null;
}

/** The student's lifelong learning: branches with progress, achievements earned and to earn; credentials and their public check. */
export default async function lifelongLearner(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  /** Everything the student's screens show, recomputed first for students (materials seen count without a hook). */
  async function overview(req: FastifyRequest) {
    const me = currentUser(req);
    if (me.role === 'student') await recomputeAchievements(req.db, me.id);
    const s = await structure(req.db);
    const [f, t] = [await factsOf(req.db, me.id, s), await titlesOf(req.db, s)];
    const awards = new Map((await req.db.select().from(achievementAwards).where(eq(achievementAwards.user_id, me.id))).map((w) => [w.achievement_id, w]));
    const achView = (a: Achievement) => {
      const w = awards.get(a.id);
      const earned = !!w && !w.revoked_at;
      const branch = s.branches.find((b) => b.id === a.abranch_id);
      return {
        ...achievementView(a, req.tenant.slug),
        branch_title: branch?.title ?? null,
        branch_title_en: branch?.title_en ?? null,
        earned,
        awarded_at: earned ? w.awarded_at : null,
        reason: earned ? w.reason : null,
        credential_id: earned ? w.credential_id : null,
        missing: earned ? [] : a.rule === 'manual' ? [] : judge(a, s, f, t).missing,
      };
    };
    const branchOf = (b: Structure['branches'][number]) => {
      const progs = s.progs
        .filter((p) => p.abranch_id === b.id)
        .map((p) => {
          const modules = s.mods.filter((m) => m.aprogram_id === p.id).map((m) => ({ id: m.id, title: m.title, title_en: m.title_en, kind: m.kind, done: moduleDone(m, f, t), link: linkOf(m) }));
          return {
            id: p.id,
            title: p.title,
            title_en: p.title_en,
            description: p.description,
            done: aprogramDone(p, s, f, t),
            modules_total: modules.length,
            modules_done: modules.filter((m) => m.done).length,
            modules,
          };
        });
      const total = progs.reduce((n, p) => n + p.modules_total, 0);
      const done = progs.reduce((n, p) => n + p.modules_done, 0);
      const achs = s.achs.filter((a) => a.abranch_id === b.id).map(achView);
      return {
        ...branchView(b, req.tenant.slug),
        modules_total: total,
        modules_done: done,
        percent: total ? Math.round((done / total) * 100) : 0,
        achievements_total: achs.length,
        achievements_earned: achs.filter((a) => a.earned).length,
        programs: progs,
        achievements: achs,
      };
    };
    return { s, achView, branchOf };
  }

  app.get(
    '/api/abranch',
    { config, schema: { tags, summary: 'Branches of lifelong learning with my progress (modules done) and achievements earned', response: { 200: MyBranches } } },
    async (req) => {
      const { s, branchOf } = await overview(req);
      return {
        data: s.branches.map((b) => {
          const { programs, achievements: _a, ...rest } = branchOf(b);
          return { ...rest, programs_total: programs.length, programs_done: programs.filter((p) => p.done).length };
        }),
      };
    },
  );

  app.get(
    '/api/abranch/:id',
    { config, schema: { tags, summary: 'One branch: its programs with modules (done, link), its achievements (earned, or what is missing)', params: IdParams, response: { 200: MyBranch } } },
    async (req) => {
      const { s, branchOf } = await overview(req);
      const b = s.branches.find((x) => x.id === req.params.id);
      if (!b) throw notFound('abranch');
      return { data: branchOf(b) };
    },
  );

  app.get(
    '/api/achievement',
    { config, schema: { tags, summary: "Every achievement of the school: earned (when, why, the credential's id) or still to earn (what is missing)", response: { 200: MyAchievements } } },
    async (req) => {
      const { s, achView } = await overview(req);
      return { data: s.achs.map(achView) };
    },
  );

  /** The signed credential of an award, with the links it carries. */
  async function credentialOf(req: FastifyRequest, db: Db, w: Award) {
    const [a] = await db.select().from(achievements).where(eq(achievements.id, w.achievement_id));
    const [u] = await db.select({ name: users.name, surname: users.surname }).from(users).where(eq(users.id, w.user_id));
    const [school] = await db.select({ title: tenants.title }).from(tenants);
    const web = webOrigin(app, req);
    const api = app.config.apiUrl ?? `${req.protocol}://${req.host}`;
    const q = `domain=${encodeURIComponent(req.tenant.slug)}`;
    const view = achievementView(a, req.tenant.slug);
    return signCredential(db, {
      credentialId: w.credential_id,
      issuer: { id: `${api}/api/credential/issuer?${q}`, name: school.title, url: web },
      subject: { id: `urn:lms:${req.tenant.slug}:user:${w.user_id}`, name: `${u.surname} ${u.name}`.trim() },
      achievement: { id: `urn:lms:${req.tenant.slug}:achievement:${a.id}`, name: a.title, description: a.description, criteria: w.reason, image: view.image ? `${api}${view.image}` : null },
      awardedAt: w.awarded_at,
      verifyUrl: `${web}/credential/${w.credential_id}`,
      statusUrl: `${api}/api/credential/${w.credential_id}?${q}`,
    });
  }

  app.get(
    '/api/achievement/:id/credential',
    {
      config,
      schema: {
        tags,
        summary: "My earned achievement as an Open Badges 3.0 credential: a JWT-VC (vc+jwt) signed with the school's Ed25519 key, as a file",
        params: IdParams,
        response: { 200: { description: 'The credential (a JWT-VC)', content: { 'application/vc+jwt': { schema: CredentialFile } } } },
      },
    },
    async (req, reply) => {
      const [w] = await req.db
        .select()
        .from(achievementAwards)
        .where(and(eq(achievementAwards.achievement_id, req.params.id), eq(achievementAwards.user_id, currentUser(req).id), isNull(achievementAwards.revoked_at)));
      if (!w) throw notFound('award');
      const jwt = await credentialOf(req, req.db, w);
      return reply.header('content-type', 'application/vc+jwt').header('content-disposition', `attachment; filename*=UTF-8''achievement-${req.params.id}.jwt`).send(jwt);
    },
  );

  /** The public state of an award: who earned what, when, from which school, and whether it still holds. */
  async function publicState(req: FastifyRequest, credentialId: string) {
    const [current] = await req.db.select().from(achievementAwards).where(eq(achievementAwards.credential_id, credentialId));
    // not an award's credential now: one withdrawn before its award was granted again (a later id is the award's)
    const [later] = current
      ? []
      : await req.db
          .select()
          .from(achievementAwards)
          .where(inArray(achievementAwards.credential_id, laterCredentialIds(credentialId)));
    const w = current ?? later;
    if (!w) throw notFound('credential');
    const [a] = await req.db.select().from(achievements).where(eq(achievements.id, w.achievement_id));
    const [u] = await req.db.select({ name: users.name, surname: users.surname }).from(users).where(eq(users.id, w.user_id));
    const [school] = await req.db.select({ title: tenants.title }).from(tenants);
    const facts = {
      student: `${u.surname} ${u.name}`.trim(),
      achievement: { title: a.title, title_en: a.title_en, description: a.description, image: achievementView(a, req.tenant.slug).image },
      school: school.title,
    };
    // a superseded credential stays revoked; when it was given and withdrawn is not kept (its own JWT says when given)
    if (!current) return { credential_id: credentialId, status: 'revoked' as const, revoked_at: null, ...facts, awarded_at: null, reason: SUPERSEDED, award: null };
    return {
      credential_id: w.credential_id,
      status: w.revoked_at ? ('revoked' as const) : ('valid' as const),
      revoked_at: w.revoked_at,
      ...facts,
      awarded_at: w.awarded_at,
      reason: w.reason,
      award: w,
    };
  }

  const publicConfig = { auth: 'public' as const, queryToken: true };

  app.get(
    '/api/credential/keys',
    {
      config: publicConfig,
      schema: {
        tags,
        summary: "The school's public keys (a JWK Set) that credentials are signed with (public; `domain` may be in the query)",
        security: [],
        response: { 200: Jwks },
      },
    },
    async (req) => jwks(req.db),
  );

  app.get(
    '/api/credential/issuer',
    {
      config: publicConfig,
      schema: { tags, summary: "The issuer profile of the school's credentials: name, web address, public keys (public)", security: [], response: { 200: IssuerAnswer } },
    },
    async (req) => {
      const [school] = await req.db.select({ title: tenants.title }).from(tenants);
      return { data: { type: ['Profile' as const], name: school.title, url: webOrigin(app, req), keys: (await jwks(req.db)).keys } };
    },
  );

  app.get(
    '/api/credential/:uuid',
    {
      config: publicConfig,
      schema: {
        tags,
        summary: 'Public check of a credential by its id: who earned what, when, from which school; status valid or revoked; the signed credential (public)',
        security: [],
        params: Type.Object({ uuid: Uuid }),
        querystring: Type.Object({ domain: Type.Optional(Type.String({ maxLength: 100 })) }),
        response: { 200: CredentialCheck },
      },
    },
    async (req) => {
      const { award, ...state } = await publicState(req, req.params.uuid.toLowerCase());
      return { data: { ...state, credential: award ? await credentialOf(req, req.db, award) : null } };
    },
  );

  app.post(
    '/api/credential/verify',
    {
      config: publicConfig,
      schema: {
        tags,
        summary: "Verify a credential (the JWT): signature against the school's key, then its status (valid, revoked); a bad signature is signature: false (public)",
        security: [],
        body: Type.Object({ credential: Type.String({ minLength: 1, maxLength: 20000 }) }),
        response: { 200: CredentialVerification },
      },
    },
    async (req) => {
      const payload = await verifyCredential(req.db, req.body.credential.trim());
      const id = payload ? credentialIdOf(payload.jti) : null;
      if (!payload || !id) return { data: { signature: false as const, status: 'invalid' as const } };
      const found = await publicState(req, id).catch(() => null);
      if (!found) {
        // not an award's: a diploma the school issued and signed with the same key (issue 31), else unknown
        const document = await issuedDocumentState(req.db, id);
        return { data: document ? { signature: true as const, status: document.status, document, payload } : { signature: true as const, status: 'unknown' as const, payload } };
      }
      const { award: _w, ...state } = found;
      // a superseded credential: when it was given is in the credential itself
      if ('awarded_at' in state && state.awarded_at === null) return { data: { signature: true as const, ...state, awarded_at: new Date(payload.validFrom), payload } };
      return { data: { signature: true as const, ...state, payload } };
    },
  );
}
