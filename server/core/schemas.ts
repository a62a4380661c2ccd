import { Type, type TSchema } from 'typebox';

/**
 * Shared TypeBox pieces for route schemas (docs/security.md "Bad input"). Every id and every integer a route reads
 * (path, query or body) is bounded to what its PostgreSQL `integer` column holds, so that a value such as 2147483648
 * or 99999999999999999999 is a 422 `Validation Error` from the schema, never a database error. Use these instead of
 * a bare `Type.Integer()`; `server/test/bad-input.test.ts` walks the OpenAPI document and fails on any integer or
 * number a route accepts without both bounds.
 */

/** Largest value of a PostgreSQL `integer` (and `serial` id). */
export const INT_MAX = 2_147_483_647;
export const INT_MIN = -2_147_483_648;

/** An id of a row: an integer from 1 to 2147483647. */
export const Id = Type.Integer({ minimum: 1, maximum: INT_MAX });

/** Whether a value read by hand (a list filter, a form field) is an id. */
export const isId = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= INT_MAX;

/** `params: IdParams` for routes `/…/:id`. */
export const IdParams = Type.Object({ id: Id });

/** A list of ids (`users[]=3&users[]=7`, `[3, 7]`). */
export const IdList = (opts: { maxItems: number; minItems?: number }) => Type.Array(Id, opts);

/** An integer inside the `integer` column's range; narrower bounds may be given (never wider). */
export function Int(bounds: { minimum?: number; maximum?: number; default?: number } = {}) {
  const minimum = Math.max(bounds.minimum ?? INT_MIN, INT_MIN);
  const maximum = Math.min(bounds.maximum ?? INT_MAX, INT_MAX);
  return Type.Integer({ ...bounds, minimum, maximum });
}

/** `T | null`. */
export const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
