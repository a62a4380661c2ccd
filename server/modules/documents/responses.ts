import { Type } from 'typebox';
import { DateTime, dataOf } from '../../core/responses.ts';
import { Id, nullable } from '../../core/schemas.ts';

/** Response schemas of the documents' portal routes (docs/api.md "Response contracts"); the portal's types derive from them. */

/** A document as its student sees it (`view`). */
export const MyDocument = Type.Object({
  id: Id,
  kind: Type.Union([Type.Literal('document'), Type.Literal('certificate'), Type.Literal('uploaded')]),
  title: Type.String(),
  title_en: nullable(Type.String()),
  file_name: Type.String(),
  size: Type.Integer(),
  created_at: DateTime,
  download_url: Type.String(),
});
export const MyDocuments = dataOf(Type.Array(MyDocument));
