import { createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import archiver from 'archiver';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { type BatchFailure, diplomaBatches, diplomaDocuments, diplomas, documents, groupUsers, groups, programUsers, programs, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { sendDownload } from '../../core/file-types.ts';
import { absolutePath, storedPath } from '../../core/storage.ts';
import { Id, IdParams, nullable } from '../../core/schemas.ts';
import { DateTime, dataOf, fileAnswer } from '../../core/responses.ts';
import { currentUser } from '../../core/context.ts';
import type { MailTenant } from '../../mail/mailer.ts';
import { RECORD_ROLES, fillTemplate, loadTemplate } from '../templates/index.ts';
import { programCompletion } from '../programs/index.ts';
import { declineName } from './declension.ts';
import { apiBaseOf, generateDiplomaDocument } from './generate.ts';
import { takeNumbers } from './numbering.ts';
import { type Db, type Diploma, DiplomaFields } from './store.ts';
import { markInterrupted, pendingOf } from './batch-state.ts';

const tags = ['admin: diplomas'];
type Batch = typeof diplomaBatches.$inferSelect;

const BatchView = Type.Object({
  id: Id,
  template_id: nullable(Id),
  /** interrupted: its worker stopped mid-run (a server stop); `pending` lists who got nothing yet; POST …/restart goes on */
  status: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('interrupted')]),
  total: Type.Integer(),
  done: Type.Integer(),
  failed: Type.Integer(),
  failures: Type.Array(Type.Object({ user_id: Id, name: Type.String(), code: Type.String(), message: Type.String() })),
  diploma_ids: Type.Array(Id),
  pending: Type.Array(Type.Object({ user_id: Id, name: Type.String() })),
  zip_url: nullable(Type.String()),
  zip_size: nullable(Type.Integer()),
  created_at: DateTime,
  finished_at: nullable(DateTime),
});
export { BatchView };
const view = (b: Batch, pending: { user_id: number; name: string }[] = []) => ({
  id: b.id,
  template_id: b.template_id,
  status: b.status,
  total: b.total,
  done: b.done,
  failed: b.failed,
  failures: b.failures,
  diploma_ids: b.diploma_ids,
  pending,
  zip_url: b.zip_path ? `/admin/diploma_batch/${b.id}/zip` : null,
  zip_size: b.zip_size,
  created_at: b.created_at,
  finished_at: b.finished_at,
});

const { chairman, director, secretary, date_start, date_end, date_issue } = DiplomaFields;
/** A case form as the admin corrected it: printed as typed (trimmed), never blank. */
const CaseForm = Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' });
const IssueBody = Type.Object({
  template_id: Id,
  /** Who: a group's students, a program's students, chosen students; together, each once. */
  group_id: Type.Optional(Id),
  program_id: Type.Optional(Id),
  user_ids: Type.Optional(Type.Array(Id, { maxItems: 2000 })),
  /** Only those of them who completed `program_id` (its graduates); the others are left out, not failed. */
  graduates_only: Type.Optional(Type.Boolean()),
  hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  chairman: Type.Optional(chairman),
  director: Type.Optional(director),
  secretary: Type.Optional(secretary),
  date_start: Type.Optional(date_start),
  date_end: Type.Optional(date_end),
  date_issue: Type.Optional(date_issue),
  /** The cases as the admin corrected them; the others are proposed by the declension library. */
  names: Type.Optional(Type.Array(Type.Object({ user_id: Id, name_genitive: CaseForm, name_dative: CaseForm }), { maxItems: 2000 })),
});
const Who = Type.Object({
  group_id: Type.Optional(Id),
  program_id: Type.Optional(Id),
  user_ids: Type.Optional(Type.Array(Id, { maxItems: 2000 })),
  graduates_only: Type.Optional(Type.Boolean()),
});
const ProposedName = Type.Object({ user_id: Id, nominative: Type.String(), genitive: Type.String(), dative: Type.String(), declined: Type.Boolean() });
export { ProposedName };

/** The corrected cases name only students of the issue, each once; otherwise nothing is issued (422 ERROR_ISSUE_NAMES). */
function checkNames(names: { user_id: number }[] | undefined, students: { id: number }[]) {
  const seen = new Set<number>();
  const wrong = (names ?? []).filter((n) => !students.some((s) => s.id === n.user_id) || seen.has(n.user_id) || !seen.add(n.user_id)).map((n) => n.user_id);
  if (wrong.length) throw new AppError(422, 'ERROR_ISSUE_NAMES', `Corrected cases of students not in the issue, or twice: ${wrong.join(', ')}`, { ids: wrong.join(', ') });
}

const fullName = (u: { surname: string; name: string; patronymic: string | null }) => [u.surname, u.name, u.patronymic].filter((p) => p?.trim()).join(' ');

/** A PDF's name in the ZIP: its number and the student's name, without the characters file systems refuse. */
const zipName = (d: Diploma) => `${d.registration_number} ${d.name_nominative}.pdf`.replace(/[\\/:*?"<>|]/g, ' ');

/**
 * Makes each diploma's PDF (a failure is listed, the others go on), mails the student, then zips every PDF to disk.
 * A diploma that already has its document (a restarted batch) is not made nor mailed again, only zipped. Each step
 * beats (`beat_at`): a batch whose beat stops is marked interrupted by the next reader (batch-state.ts). Each beat is
 * written only over the run's own last one while the batch is running: a worker too slow for the stale time, whose
 * batch was marked interrupted (and perhaps restarted by another run) meanwhile, stops at its next step instead of
 * making the same documents twice. Between steps a timer beats too (four times per stale time), so one slow document
 * on a busy machine does not get a live run marked interrupted; the beats are written one after the other, each over
 * the one before.
 */
async function runBatch(app: FastifyInstance, tenant: MailTenant, batchId: number, apiBase: string) {
  const db = app.schoolDb(tenant.id);
  let beat = new Date();
  const [batch] = await db
    .update(diplomaBatches)
    .set({ beat_at: beat })
    .where(and(eq(diplomaBatches.id, batchId), eq(diplomaBatches.status, 'running')))
    .returning();
  if (!batch) return;
  /** Writes the progress with a new beat if the batch is still this run's; false: it is not (stop). */
  const write = async (values: Partial<Batch>) => {
    const next = new Date();
    const mine = and(eq(diplomaBatches.id, batchId), eq(diplomaBatches.status, 'running'), eq(diplomaBatches.beat_at, beat));
    const [still] = await db
      .update(diplomaBatches)
      .set({ ...values, beat_at: next })
      .where(mine)
      .returning({ id: diplomaBatches.id });
    if (!still) app.log.warn({ batch: batchId }, 'diploma batch: taken over or marked interrupted meanwhile; this run stops');
    beat = next;
    return !!still;
  };
  let ours: Promise<boolean> = Promise.resolve(true);
  let ended = false; // the final status is on its way: a timer beat after it would find the batch no longer running
  const step = (values: Partial<Batch>) => {
    if (values.status && values.status !== 'running') ended = true;
    ours = ours.then((still) => (still ? write(values) : false));
    return ours;
  };
  // a timer beat that fails (a passing database error) changed nothing: the run goes on and the next beat tries again
  const beatBetweenSteps = () => {
    ours = ours.then((still) =>
      still
        ? write({}).catch((err: unknown) => {
            app.log.warn({ err, batch: batchId }, 'diploma batch: a beat failed');
            return true;
          })
        : false,
    );
  };
  const timer = setInterval(() => ended || beatBetweenSteps(), Math.max(250, (app.config.diplomaBatchStaleSeconds * 1000) / 4));
  try {
    await makeDocuments(app, tenant, db, batch, step, apiBase);
  } finally {
    clearInterval(timer);
  }
}

/** The batch's documents, mails and ZIP; `step` writes progress and says whether the run is still this one's. */
async function makeDocuments(app: FastifyInstance, tenant: MailTenant, db: Db, batch: Batch, step: (values: Partial<Batch>) => Promise<boolean>, apiBase: string) {
  const batchId = batch.id;
  const made: { path: string; name: string }[] = [];
  let done = 0;
  const failures: BatchFailure[] = [];
  const already = new Map(
    (
      await db
        .select({ id: diplomaDocuments.diploma_id, path: documents.path })
        .from(diplomaDocuments)
        .innerJoin(documents, eq(documents.id, diplomaDocuments.document_id))
        .where(and(inArray(diplomaDocuments.diploma_id, batch.diploma_ids), batch.template_id ? eq(diplomaDocuments.template_id, batch.template_id) : undefined))
    ).map((r) => [r.id, r.path]),
  );
  for (const id of batch.diploma_ids) {
    const [d] = await db.select().from(diplomas).where(eq(diplomas.id, id));
    if (!d) continue;
    const before = already.get(id);
    if (before) {
      made.push({ path: before, name: zipName(d) });
      done++;
      continue;
    }
    try {
      const issued = await generateDiplomaDocument(db, app.config.dataDir, tenant, d, { templateId: batch.template_id ?? undefined, apiBase });
      made.push({ path: issued.path, name: zipName(d) });
      done++;
      await mailReady(app, db, tenant, d, issued.document.title, issued.template.lang);
    } catch (err) {
      const e = err as AppError;
      failures.push({ user_id: d.user_id, name: d.name_nominative, code: e.code ?? 'SERVER_ERROR', message: e.message });
      app.log.warn({ err, diploma: d.id }, 'diploma batch: one document failed');
    }
    if (!(await step({ done, failed: failures.length, failures }))) return;
  }
  const zipRel = `batches/${batchId}-${Date.now()}.zip`;
  const zipAbs = absolutePath(app.config.dataDir, tenant.slug, zipRel);
  await mkdir(dirname(zipAbs), { recursive: true });
  await zipFiles(
    zipAbs,
    made.map((m) => ({ abs: storedPath(app.config.dataDir, tenant.slug, m.path), name: m.name })),
  );
  const { size } = await stat(zipAbs);
  await step({ status: 'done', zip_path: zipRel, zip_size: size, finished_at: new Date() });
}

/** Streams files into a ZIP on disk (stored, not deflated: PDFs are compressed already); one file is open at a time. */
export function zipFiles(dest: string, files: { abs: string; name: string }[]) {
  return new Promise<void>((resolve, reject) => {
    const out = createWriteStream(dest);
    const zip = archiver('zip', { store: true });
    out.on('close', () => resolve());
    out.on('error', reject);
    zip.on('error', reject);
    zip.pipe(out);
    for (const f of files) zip.file(f.abs, { name: f.name });
    void zip.finalize();
  });
}

const READY = {
  ru: {
    subject: (school: string) => `${school}: ваш документ готов`,
    body: (name: string, title: string, school: string) => `Здравствуйте, ${name}!\n\n${school} выдал(а) вам документ «${title}». Он в разделе «Документы» вашего личного кабинета.`,
  },
  en: {
    subject: (school: string) => `${school}: your document is ready`,
    body: (name: string, title: string, school: string) => `Hello, ${name}!\n\n${school} has issued your document "${title}". You will find it under Documents in your account.`,
  },
};

/** "Your document is ready" through the school's mail; a mail that fails is logged (the document stays issued). */
async function mailReady(app: FastifyInstance, db: Db, tenant: MailTenant, d: Diploma, title: string, lang: 'ru' | 'en') {
  const [u] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, d.user_id));
  if (!u?.email) return;
  const t = READY[lang];
  await app.mailer
    .send(tenant, { to: u.email, subject: t.subject(tenant.title), text: t.body(u.name || d.name_nominative, title, tenant.title) })
    .catch((err: unknown) => app.log.warn({ err }, 'diploma ready mail failed'));
}

/** The students a bulk issue names: a group's, a program's, chosen ones; every one must be a student of this school. */
async function studentsOf(db: Db, body: { group_id?: number; program_id?: number; user_ids?: number[]; graduates_only?: boolean }) {
  const ids = new Set<number>(body.user_ids ?? []);
  if (body.user_ids?.length) {
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, body.user_ids), eq(users.role, 'student')));
    const foreign = body.user_ids.filter((id) => !found.some((f) => f.id === id));
    if (foreign.length) throw new AppError(422, 'ERROR_ISSUE_OTHER_SCHOOL', `Not students of the school: ${foreign.join(', ')}`, { ids: foreign.join(', ') });
  }
  if (body.group_id) {
    const [g] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, body.group_id));
    if (!g) throw notFound('group');
    const rows = await db
      .select({ id: users.id })
      .from(groupUsers)
      .innerJoin(users, eq(users.id, groupUsers.user_id))
      .where(and(eq(groupUsers.group_id, g.id), eq(users.role, 'student')));
    for (const r of rows) ids.add(r.id);
  }
  if (body.program_id && !body.group_id && !body.user_ids?.length) {
    const rows = await db
      .select({ id: users.id })
      .from(programUsers)
      .innerJoin(users, eq(users.id, programUsers.user_id))
      .where(and(eq(programUsers.program_id, body.program_id), eq(users.role, 'student')));
    for (const r of rows) ids.add(r.id);
  }
  if (body.graduates_only) {
    // the program's graduates: the completion rule every screen shows (materials, quizzes, polls, projects all done)
    if (!body.program_id) throw new AppError(422, 'ERROR_ISSUE_GRADUATES', 'Graduates of which program?');
    const completion = await programCompletion(db, [...ids], [body.program_id]);
    const chosen = ids.size;
    for (const id of ids) if (completion.get(id)?.get(body.program_id)?.state !== 'done') ids.delete(id);
    if (chosen && !ids.size) throw new AppError(422, 'ERROR_ISSUE_NO_GRADUATES', 'Nobody in the selection completed the program');
  }
  if (!ids.size) throw new AppError(422, 'ERROR_ISSUE_STUDENTS', 'No students chosen');
  return db
    .select({ id: users.id, surname: users.surname, name: users.name, patronymic: users.patronymic, sex: users.sex })
    .from(users)
    .where(inArray(users.id, [...ids]))
    .orderBy(users.surname, users.name, users.id);
}

/** `/admin/diploma_batch`: issue in bulk (numbers, PDFs, mail, ZIP in the background) and follow its progress. */
export function batchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const config = { roles: RECORD_ROLES };

  async function loadBatch(db: Db, id: number) {
    const [b] = await db.select().from(diplomaBatches).where(eq(diplomaBatches.id, id));
    if (!b) throw notFound('diploma_batch');
    return b;
  }

  app.post(
    '/admin/diploma_batch',
    {
      config,
      schema: {
        tags,
        summary:
          "Issue a template's document to a group, a program's students or chosen students: checks everything first (nothing issued on bad input), takes the numbers from the template's register and makes a diploma each, then generates the PDFs, mails the students and zips them in the background (202; follow GET /admin/diploma_batch/:id)",
        body: IssueBody,
        response: { 202: dataOf(BatchView) },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const template = await loadTemplate(req.db, b.template_id);
      const [program] = b.program_id ? await req.db.select().from(programs).where(eq(programs.id, b.program_id)) : [];
      if (b.program_id && !program) throw notFound('program');
      const students = await studentsOf(req.db, b);
      checkNames(b.names, students);
      const hours = b.hours ?? (program?.duration && /^\d+$/.test(program.duration.trim()) ? Number(program.duration.trim()) : undefined);
      if (!hours) throw new AppError(422, 'ERROR_GENERATION_DURATION', 'No hours for the diplomas');
      const blank = (v: string | null | undefined) => (typeof v === 'string' ? v.trim() || null : null);
      const common = {
        chairman: blank(b.chairman),
        director: blank(b.director),
        secretary: blank(b.secretary),
        date_start: blank(b.date_start),
        date_end: blank(b.date_end),
        date_issue: blank(b.date_issue),
      };
      // a placeholder the batch leaves empty is refused now, for all, rather than failing every student in the background
      const probe = {
        name: 'x',
        name_genitive: 'x',
        name_dative: 'x',
        program: program ? 'x' : null,
        hours: 'x',
        registration_number: 'x',
        date: 'x',
        date_start: common.date_start,
        date_end: common.date_end,
        chairman: common.chairman,
        director: common.director,
        secretary: common.secretary,
        company: 'x',
        verify_code: 'x',
      };
      for (const text of [template.layout ? '' : template.body, ...(template.layout?.blocks ?? []).map((x) => (x.type === 'text' ? x.text : ''))]) fillTemplate(text, probe);
      const year = Number((common.date_issue ?? new Date().toISOString()).slice(0, 4));
      const typed = new Map((b.names ?? []).map((n) => [n.user_id, n]));
      const batch = await req.db.transaction(async (tx) => {
        const numbers = await takeNumbers(tx, template, year, students.length);
        const rows = await tx
          .insert(diplomas)
          .values(
            students.map((s, i) => {
              const cases = declineName({ surname: s.surname, name: s.name, patronymic: s.patronymic, sex: s.sex }, { genitive: typed.get(s.id)?.name_genitive, dative: typed.get(s.id)?.name_dative });
              const own = typed.get(s.id);
              return {
                user_id: s.id,
                program_id: program?.id ?? null,
                template_id: template.id,
                name_nominative: fullName(s) || s.name,
                name_genitive: own?.name_genitive.trim() || cases.genitive,
                name_dative: own?.name_dative.trim() || cases.dative,
                hours,
                registration_number: numbers[i],
                ...common,
              };
            }),
          )
          .returning({ id: diplomas.id });
        const [made] = await tx
          .insert(diplomaBatches)
          .values({ template_id: template.id, created_by: currentUser(req).id, diploma_ids: rows.map((r) => r.id), total: rows.length })
          .returning();
        return made;
      });
      const tenant = { id: req.tenant.id, slug: req.tenant.slug, title: req.tenant.title };
      void app.background(runBatch(app, tenant, batch.id, apiBaseOf(app, req))).catch((err: unknown) => app.log.error({ err, batch: batch.id }, 'diploma batch failed'));
      return reply.status(202).send({ data: view(batch) });
    },
  );

  app.post(
    '/admin/diploma_batch/names',
    {
      config,
      schema: {
        tags,
        summary:
          "The students a bulk issue would name (a group's, a program's, chosen ones: the same rules as the issue) with the genitive and dative petrovich proposes for each; the dialog shows them editable and sends the corrections as the issue's `names`",
        body: Who,
        response: { 200: dataOf(Type.Array(ProposedName)) },
      },
    },
    async (req) => {
      if (req.body.program_id) {
        const [p] = await req.db.select({ id: programs.id }).from(programs).where(eq(programs.id, req.body.program_id));
        if (!p) throw notFound('program');
      }
      const students = await studentsOf(req.db, req.body);
      return { data: students.map((s) => ({ user_id: s.id, ...declineName({ surname: s.surname, name: s.name, patronymic: s.patronymic, sex: s.sex }) })) };
    },
  );

  app.get(
    '/admin/diploma_batch',
    {
      config,
      schema: { tags, summary: 'The latest bulk issues, newest first (a running one whose worker stopped is marked interrupted first)', response: { 200: dataOf(Type.Array(BatchView)) } },
    },
    async (req) => {
      await markInterrupted(req.db, app.config.diplomaBatchStaleSeconds);
      const rows = await req.db.select().from(diplomaBatches).orderBy(desc(diplomaBatches.id)).limit(20);
      return { data: await Promise.all(rows.map(async (b) => view(b, await pendingOf(req.db, b)))) };
    },
  );

  app.get(
    '/admin/diploma_batch/:id',
    {
      config,
      schema: {
        tags,
        summary: 'A bulk issue: its progress (done, failed of total), the failures and the ZIP once made; interrupted (its worker stopped) with the students still pending',
        params: IdParams,
        response: { 200: dataOf(BatchView) },
      },
    },
    async (req) => {
      await markInterrupted(req.db, app.config.diplomaBatchStaleSeconds);
      const b = await loadBatch(req.db, req.params.id);
      return { data: view(b, await pendingOf(req.db, b)) };
    },
  );

  app.post(
    '/admin/diploma_batch/:id/restart',
    {
      config,
      schema: {
        tags,
        summary:
          'Go on with an interrupted bulk issue in the background: the students without their document get it (and the mail), the failures are tried again, the ZIP is made of all; a batch that is not interrupted: 409 ERROR_BATCH_NOT_INTERRUPTED',
        params: IdParams,
        response: { 202: dataOf(BatchView) },
      },
    },
    async (req, reply) => {
      await markInterrupted(req.db, app.config.diplomaBatchStaleSeconds);
      await loadBatch(req.db, req.params.id);
      // one restart wins: the status moves from interrupted to running in one statement
      const [b] = await req.db
        .update(diplomaBatches)
        .set({ status: 'running', beat_at: new Date(), failures: [], failed: 0, finished_at: null })
        .where(and(eq(diplomaBatches.id, req.params.id), eq(diplomaBatches.status, 'interrupted')))
        .returning();
      if (!b) throw new AppError(409, 'ERROR_BATCH_NOT_INTERRUPTED', 'Only an interrupted bulk issue can be restarted');
      const tenant = { id: req.tenant.id, slug: req.tenant.slug, title: req.tenant.title };
      void app.background(runBatch(app, tenant, b.id, apiBaseOf(app, req))).catch((err: unknown) => app.log.error({ err, batch: b.id }, 'diploma batch failed'));
      return reply.status(202).send({ data: view(b) });
    },
  );

  app.get(
    '/admin/diploma_batch/:id/zip',
    { config, schema: { tags, summary: "The ZIP of a bulk issue's PDFs", params: IdParams, response: { 200: fileAnswer('application/zip', 'The ZIP') } } },
    async (req, reply) => {
      const b = await loadBatch(req.db, req.params.id);
      if (!b.zip_path) throw notFound('file');
      return sendDownload(reply, storedPath(app.config.dataDir, req.tenant.slug, b.zip_path), { name: `diplomas-${b.id}.zip`, stored: b.zip_path, size: b.zip_size });
    },
  );
}
