import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { diplomaDocuments, diplomas, documentTemplates, documents as documentsTable, programs, tenants } from '../../db/schema/index.ts';
import { notFound } from '../../core/errors.ts';
import { IdParams, nullable } from '../../core/schemas.ts';
import { DateTime, dataOf, fileAnswer } from '../../core/responses.ts';
import { webOrigin } from '../../mail/links.ts';
import { langOf } from '../../mail/texts.ts';
import { RECORD_ROLES } from '../templates/index.ts';
import { credentialIdOf, registerIssuedDocuments, signCredential, verifyCredential } from '../lifelong/index.ts';
import { documentView, type Db } from './store.ts';
import { DiplomaDocument } from './responses.ts';
import { apiBaseOf, verifyUrl } from './generate.ts';
import { verifyPage } from './verify-page.ts';

const tags = ['verification'];
/** Codes are typed from paper: case, spaces and dashes do not matter; letters that read like digits are read as them. */
export const normalCode = (raw: string) => raw.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');

export const VerifiedView = Type.Object({
  code: Type.String(),
  status: Type.Union([Type.Literal('valid'), Type.Literal('revoked')]),
  school: Type.String(),
  name: Type.String(),
  program: nullable(Type.String()),
  title: Type.String(),
  registration_number: Type.String(),
  date_issue: Type.String(),
  revoked_at: nullable(DateTime),
});
export type Verified = {
  code: string;
  status: 'valid' | 'revoked';
  school: string;
  name: string;
  program: string | null;
  title: string;
  registration_number: string;
  date_issue: string;
  revoked_at: Date | null;
};

/** What the public may know of an issued document: school, name, program, title, number, date, status. Nothing else. */
async function publicFacts(db: Db, code: string) {
  const [r] = await db
    .select({ link: diplomaDocuments, d: diplomas, program: programs.title, template: documentTemplates.title })
    .from(diplomaDocuments)
    .innerJoin(diplomas, eq(diplomas.id, diplomaDocuments.diploma_id))
    .leftJoin(programs, eq(programs.id, diplomas.program_id))
    .leftJoin(documentTemplates, eq(documentTemplates.id, diplomaDocuments.template_id))
    .where(eq(diplomaDocuments.verify_code, normalCode(code)));
  if (!r) return null;
  const [school] = await db.select({ title: tenants.title }).from(tenants);
  const facts: Verified = {
    code: r.link.verify_code ?? '',
    status: r.link.revoked_at ? 'revoked' : 'valid',
    school: school.title,
    name: r.d.name_nominative,
    program: r.program ?? null,
    title: r.template ?? r.d.registration_number,
    registration_number: r.d.registration_number,
    date_issue: (r.d.date_issue ?? r.link.created_at.toISOString()).slice(0, 10),
    revoked_at: r.link.revoked_at,
  };
  return { facts, link: r.link, diploma: r.d };
}

/** The facts of the document a credential id names (the achievements' verifier asks through lifelong's registry). */
const documentOfCredential = async (db: Db, credentialId: string) => {
  const [link] = await db.select({ code: diplomaDocuments.verify_code }).from(diplomaDocuments).where(eq(diplomaDocuments.credential_id, credentialId));
  return link?.code ? ((await publicFacts(db, link.code))?.facts ?? null) : null;
};

const wantsJson = (req: FastifyRequest) => (req.query as { format?: string }).format === 'json' || /application\/json/.test(req.headers.accept ?? '');
const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    // a page of its own: nothing but its inline style, no scripts, its one form posts here
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
    .header('cache-control', 'no-store')
    .send(html);

/** The public verification page (QR and short code), the document as a Verifiable Credential, and revocation. */
export function verifyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  registerIssuedDocuments(documentOfCredential);
  const publicConfig = { auth: 'public' as const, queryToken: true };
  const Query = Type.Object({ domain: Type.Optional(Type.String()), format: Type.Optional(Type.String()), lang: Type.Optional(Type.String()), code: Type.Optional(Type.String({ maxLength: 64 })) });
  const langFor = (req: FastifyRequest) => langOf((req.query as { lang?: string }).lang ?? req.headers['accept-language']);

  app.get(
    '/api/verify',
    {
      config: publicConfig,
      schema: {
        tags,
        summary: 'The verification page: a form for the short code printed on a document (public; `domain` names the school)',
        security: [],
        querystring: Query,
        response: { 200: fileAnswer('text/html', 'The page') },
      },
    },
    async (req, reply) => {
      const code = req.query.code?.trim();
      if (code) return reply.redirect(`/api/verify/${encodeURIComponent(normalCode(code))}?domain=${encodeURIComponent(req.tenant.slug)}`, 303);
      return sendPage(reply, 200, verifyPage({ lang: langFor(req), slug: req.tenant.slug, school: req.tenant.title, facts: null, asked: null }));
    },
  );

  app.get(
    '/api/verify/:code',
    {
      config: publicConfig,
      schema: {
        tags,
        summary:
          "An issued document's public page, reached by its QR code or its short code, without signing in: school, name, program, date, number and whether it is valid or revoked (HTML; asked with `format=json` or Accept: application/json, it sends the reader on to `/api/verify/{code}/status`)",
        security: [],
        params: Type.Object({ code: Type.String({ maxLength: 64 }) }),
        querystring: Query,
        response: { 200: fileAnswer('text/html', 'The page') },
      },
    },
    async (req, reply) => {
      if (wantsJson(req)) return reply.redirect(`/api/verify/${encodeURIComponent(req.params.code)}/status?domain=${encodeURIComponent(req.tenant.slug)}`, 303);
      const found = await publicFacts(req.db, req.params.code);
      return sendPage(reply, found ? 200 : 404, verifyPage({ lang: langFor(req), slug: req.tenant.slug, school: req.tenant.title, facts: found?.facts ?? null, asked: req.params.code }));
    },
  );

  app.get(
    '/api/verify/:code/status',
    {
      config: publicConfig,
      schema: {
        tags,
        summary: "An issued document's public facts as JSON, by its code (public): what its page shows, for a verifier or the credential's status link",
        security: [],
        params: Type.Object({ code: Type.String({ maxLength: 64 }) }),
        querystring: Query,
        response: { 200: dataOf(VerifiedView) },
      },
    },
    async (req, reply) => {
      const found = await publicFacts(req.db, req.params.code);
      if (!found) throw notFound('document');
      reply.header('cache-control', 'no-store');
      return { data: found.facts };
    },
  );

  async function credentialOf(req: FastifyRequest, code: string) {
    const found = await publicFacts(req.db, code);
    if (!found) throw notFound('document');
    const api = apiBaseOf(fastify, req);
    const q = `domain=${encodeURIComponent(req.tenant.slug)}`;
    const page = verifyUrl(api, req.tenant.slug, found.facts.code);
    return signCredential(req.db, {
      credentialId: found.link.credential_id,
      issuer: { id: `${api}/api/credential/issuer?${q}`, name: found.facts.school, url: webOrigin(fastify, req) },
      subject: { id: `urn:lms:${req.tenant.slug}:user:${found.diploma.user_id}`, name: found.facts.name },
      achievement: {
        id: `urn:lms:${req.tenant.slug}:document:${found.facts.registration_number}`,
        name: `${found.facts.title} № ${found.facts.registration_number}`,
        description: found.facts.program,
        criteria: found.facts.program ? `${found.facts.program}, ${found.diploma.hours ?? ''} h` : found.facts.title,
        image: null,
      },
      awardedAt: found.link.created_at,
      verifyUrl: page,
      statusUrl: page.replace('?', '/status?'),
    });
  }

  app.get(
    '/api/verify/:code/credential',
    {
      config: publicConfig,
      schema: {
        tags,
        summary:
          "The issued document as a W3C Verifiable Credential (Open Badges 3.0, vc+jwt) signed with the school's Ed25519 key, the same key and form as the achievements' credentials (public: the code is the capability)",
        security: [],
        params: Type.Object({ code: Type.String({ maxLength: 64 }) }),
        querystring: Query,
        response: { 200: { description: 'The credential (a JWT-VC)', content: { 'application/vc+jwt': { schema: Type.String() } } } },
      },
    },
    async (req, reply) => {
      const jwt = await credentialOf(req, req.params.code);
      return reply
        .header('content-type', 'application/vc+jwt')
        .header('content-disposition', `attachment; filename="document-${normalCode(req.params.code)}.jwt"`)
        .send(jwt);
    },
  );

  app.post(
    '/api/verify/credential',
    {
      config: publicConfig,
      schema: {
        tags,
        summary: "Checks a document's credential: the school's signature and the document's status now (valid, revoked); a credential that is not the school's answers valid: false",
        security: [],
        querystring: Query,
        body: Type.Object({ credential: Type.String({ maxLength: 20000 }) }),
        response: { 200: dataOf(Type.Object({ signature: Type.Boolean(), status: nullable(Type.Union([Type.Literal('valid'), Type.Literal('revoked')])), document: nullable(VerifiedView) })) },
      },
    },
    async (req) => {
      const payload = await verifyCredential(req.db, req.body.credential.trim());
      const id = payload ? credentialIdOf(payload.jti) : null;
      if (!id) return { data: { signature: false, status: null, document: null } };
      const found = await documentOfCredential(req.db, id);
      // a signed credential of the school whose document is gone (deleted): no longer valid
      return { data: { signature: true, status: found?.status ?? 'revoked', document: found } };
    },
  );

  app.put(
    '/admin/diploma_documents/:id/revocation',
    {
      config: { roles: RECORD_ROLES },
      schema: {
        tags: ['admin: diploma documents'],
        summary: 'Revoke an issued document (`revoked: true`, a `reason`) or restore it: its public page and credential status say so at once',
        params: IdParams,
        body: Type.Object({ revoked: Type.Boolean(), reason: Type.Optional(nullable(Type.String({ maxLength: 500 }))) }),
        response: { 200: dataOf(DiplomaDocument) },
      },
    },
    async (req) => {
      const [r] = await req.db.select().from(diplomaDocuments).where(eq(diplomaDocuments.id, req.params.id));
      if (!r) throw notFound('diploma_document');
      const [link] = await req.db
        .update(diplomaDocuments)
        .set(req.body.revoked ? { revoked_at: r.revoked_at ?? new Date(), revoked_reason: req.body.reason?.trim() || null } : { revoked_at: null, revoked_reason: null })
        .where(eq(diplomaDocuments.id, r.id))
        .returning();
      const [doc] = await req.db.select().from(documentsTable).where(eq(documentsTable.id, link.document_id));
      return { data: documentView(link, doc) };
    },
  );
}
