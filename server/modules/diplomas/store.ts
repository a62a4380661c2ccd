import { rm } from 'node:fs/promises';
import { asc, desc, eq } from 'drizzle-orm';
import { Type, type TSchema } from 'typebox';
import type { Db } from '../../db/client.ts';
import { diplomaDocuments, diplomaFiles, diplomas, documents, programs, users } from '../../db/schema/index.ts';
import { notFound } from '../../core/errors.ts';
import { storedPath } from '../../core/storage.ts';
import { Id } from '../../core/schemas.ts';

export const tags = ['admin: diplomas'];
export type { Db };
export type Diploma = typeof diplomas.$inferSelect;

const opt = <T extends TSchema>(t: T) => Type.Union([t, Type.Literal(''), Type.Null()]);
const person = opt(Type.String({ maxLength: 255 }));
const day = opt(Type.String({ format: 'date' }));

/** Every diploma field the API takes (files travel beside them as form data). */
export const DiplomaFields = {
  user_id: Id,
  program_id: Type.Union([Id, Type.Null()]),
  template_id: Type.Union([Id, Type.Null()]),
  /** ФИО в именительном падеже («Иванов Иван Иванович»). */
  name_nominative: Type.String({ minLength: 1, maxLength: 255 }),
  /** В родительном («Иванова Ивана Ивановича»). */
  name_genitive: person,
  /** В дательном («Иванову Ивану Ивановичу»). */
  name_dative: person,
  date_start: day,
  date_end: day,
  date_issue: day,
  hours: Type.Union([Type.Integer({ minimum: 1, maximum: 100000 }), Type.Null()]),
  registration_number: Type.String({ minLength: 1, maxLength: 64 }),
  chairman: person,
  director: person,
  secretary: person,
};

export const fileView = (diplomaId: number) => (f: typeof diplomaFiles.$inferSelect) => ({
  id: f.id,
  file_name: f.file_name,
  mime: f.mime,
  size: f.size,
  created_at: f.created_at,
  download_url: `/admin/diploma/${diplomaId}/files/${f.id}`,
});

export const documentView = (d: typeof diplomaDocuments.$inferSelect, doc: typeof documents.$inferSelect) => ({
  id: d.id,
  diploma_id: d.diploma_id,
  template_id: d.template_id,
  document_id: doc.id,
  user_id: doc.user_id,
  kind: doc.kind,
  title: doc.title,
  file_name: doc.file_name,
  size: doc.size,
  created_at: d.created_at,
  download_url: `/api/documents/${doc.id}/download`,
  verify_code: d.verify_code,
  revoked_at: d.revoked_at,
  revoked_reason: d.revoked_reason,
});

export async function loadDiploma(db: Db, id: number) {
  const [d] = await db.select().from(diplomas).where(eq(diplomas.id, id));
  if (!d) throw notFound('diploma');
  return d;
}

/** A diploma with its student, program, files and generated documents. */
export async function fullDiploma(db: Db, d: Diploma) {
  const [user] = await db.select({ id: users.id, login: users.login, name: users.name, surname: users.surname, email: users.email }).from(users).where(eq(users.id, d.user_id));
  const [program] = d.program_id ? await db.select({ id: programs.id, title: programs.title }).from(programs).where(eq(programs.id, d.program_id)) : [];
  const files = await db.select().from(diplomaFiles).where(eq(diplomaFiles.diploma_id, d.id)).orderBy(asc(diplomaFiles.id));
  const docs = await db
    .select()
    .from(diplomaDocuments)
    .innerJoin(documents, eq(documents.id, diplomaDocuments.document_id))
    .where(eq(diplomaDocuments.diploma_id, d.id))
    .orderBy(desc(diplomaDocuments.id));
  return {
    ...d,
    user: user ?? null,
    program_title: program?.title ?? null,
    files: files.map(fileView(d.id)),
    documents: docs.map((r) => documentView(r.diploma_documents, r.documents)),
  };
}

/** Removes stored files quietly (a file already gone is not an error). */
export async function dropFiles(dataDir: string, tenantSlug: string, paths: (string | null | undefined)[]) {
  for (const p of paths) if (p) await rm(storedPath(dataDir, tenantSlug, p), { force: true }).catch(() => undefined);
}
