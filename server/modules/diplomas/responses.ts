import { Type } from 'typebox';
import { DateTime, Day, dataOf } from '../../core/responses.ts';
import { Id, nullable } from '../../core/schemas.ts';

/** Response schemas of the diplomas module (docs/api.md "Response contracts"). */

const diploma = {
  id: Id,
  user_id: Id,
  program_id: nullable(Id),
  template_id: nullable(Id),
  name_nominative: Type.String(),
  name_genitive: nullable(Type.String()),
  name_dative: nullable(Type.String()),
  date_start: nullable(Day),
  date_end: nullable(Day),
  date_issue: nullable(Day),
  hours: nullable(Type.Integer()),
  registration_number: Type.String(),
  chairman: nullable(Type.String()),
  director: nullable(Type.String()),
  secretary: nullable(Type.String()),
  created_at: DateTime,
  program_title: nullable(Type.String()),
};
/** A file attached to a diploma (store.ts `fileView`). */
export const DiplomaFile = Type.Object({ id: Id, file_name: Type.String(), mime: nullable(Type.String()), size: Type.Integer(), created_at: DateTime, download_url: Type.String() });
const document = {
  id: Id,
  diploma_id: Id,
  template_id: nullable(Id),
  document_id: Id,
  user_id: Id,
  kind: Type.Union([Type.Literal('document'), Type.Literal('certificate'), Type.Literal('uploaded')]),
  title: Type.String(),
  file_name: Type.String(),
  size: Type.Integer(),
  created_at: DateTime,
  download_url: Type.String(),
  /** The public verification page's short code (null on documents made before issue 31). */
  verify_code: nullable(Type.String()),
  revoked_at: nullable(DateTime),
  revoked_reason: nullable(Type.String()),
};
/** A document generated for a diploma (store.ts `documentView`). */
export const DiplomaDocument = Type.Object(document);
/** … as the list of generated documents shows it. */
export const DiplomaDocumentRow = Type.Object({ ...document, registration_number: Type.String(), user_login: Type.String() });
/** A diploma as the list shows it. */
export const DiplomaRow = Type.Object({ ...diploma, user_login: Type.String(), documents_count: Type.Integer(), files_count: Type.Integer() });
/** A diploma with its student, files and generated documents (store.ts `fullDiploma`). */
export const FullDiplomaAnswer = dataOf(
  Type.Object({
    ...diploma,
    tenant_id: Id,
    user: nullable(Type.Object({ id: Id, login: Type.String(), name: Type.String(), surname: Type.String(), email: Type.String() })),
    files: Type.Array(DiplomaFile),
    documents: Type.Array(DiplomaDocument),
  }),
);
