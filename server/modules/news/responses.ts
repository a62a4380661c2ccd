import { Type } from 'typebox';
import { dataOf, DateTime } from '../../core/responses.ts';
import { Id, nullable } from '../../core/schemas.ts';

/** Response schemas of the news module (docs/api.md "Response contracts"). */

export const Audience = Type.Union([Type.Literal('all'), Type.Literal('curators')]);
const fields = {
  id: Id,
  title: Type.String(),
  title_en: nullable(Type.String()),
  body: Type.String(),
  required: Type.Boolean(),
  audience: Audience,
  published_at: DateTime,
};
/** A news item as a reader gets it, with whether they have read it. */
export const ReadNews = Type.Object({ ...fields, is_read: Type.Boolean() });
/** A news item as the back office stores it. */
export const NewsRow = Type.Object({ tenant_id: Id, ...fields });
/** … with how many people have read it. */
export const NewsWithReads = Type.Object({ tenant_id: Id, ...fields, read_count: Type.Integer() });
/** The required news a user has not read yet (`GET /api/news/unread/required`). */
export const UnreadRequired = dataOf(Type.Array(Type.Object({ id: Id, title: Type.String(), title_en: nullable(Type.String()) })));
