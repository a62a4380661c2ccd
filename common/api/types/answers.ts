import type { TSchema } from 'typebox';
import type { dataOf, listOf } from '../../../server/core/responses.ts';
import type { ListMeta } from '../../../server/core/pagination.ts';
import type { Wire } from './wire.ts';

/**
 * The API's two envelopes (server/core/responses.ts) around a schema, as the apps receive them:
 * `{ data }` (`dataOf`) and a page of a list, `{ data: [], meta }` (`listOf`).
 */
export type DataAnswer<S extends TSchema> = Wire<ReturnType<typeof dataOf<S>>>;
export type ListAnswer<S extends TSchema> = Wire<ReturnType<typeof listOf<S>>>;
/** The `meta` of every list page (server/core/pagination.ts `ListMeta`). */
export type ListPageMeta = Wire<typeof ListMeta>;
