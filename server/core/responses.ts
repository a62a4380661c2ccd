import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { Type, type Static, type TSchema } from 'typebox';
import { listResponse } from './pagination.ts';
import { Id } from './schemas.ts';

/**
 * Pieces for the response schema every route declares (docs/api.md "Response contracts"). A route states what its
 * success answer holds, `response: { 200: dataOf(Type.Object({ … })) }` or `response: { 200: listOf(Item) }`, and
 * Fastify serialises with it: a field the schema does not name is not sent. So that the schemas stay true,
 * `installResponseCheck` (on in the API tests, `CHECK_RESPONSES`) holds every answer against its schema made strict
 * (no field the schema does not name, every type as declared) and fails the call when they differ.
 */

/** `{ data: T }`, the envelope of every success answer that is not a list. */
export const dataOf = <T extends TSchema>(item: T) => Type.Object({ data: item });

/** `{ data: T[], meta }`, a page of a list (server/core/pagination.ts). */
export const listOf = <T extends TSchema>(item: T) => listResponse(item);

/**
 * `T | null` in a response, as OpenAPI's `nullable: true` on a schema with a `type`, rather than `anyOf [T, null]`
 * (`nullable` of server/core/schemas.ts, which request bodies use): the serialiser (fast-json-stringify) writes it
 * after a null check, where an `anyOf` makes it validate the value against each branch first. A page of 25 users is
 * written in a third of the time (docs/performance.md).
 */
export const orNull = <T extends TSchema>(schema: T) => {
  // an enum names null among its values too (JSON Schema validators hold the value against the enum as written)
  const values = (schema as { enum?: unknown[] }).enum;
  return Type.Unsafe<Static<T> | null>({ ...schema, ...(values ? { enum: [...values, null] } : {}), nullable: true });
};

/** One of some strings (`{ type: 'string', enum }`: written as a plain string, no branch to try). */
export const oneOf = <const T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });

/** A moment as the API writes it: ISO 8601 (a `Date` from the database is written so by the serialiser). */
export const DateTime = Type.Unsafe<string | Date>({ type: 'string', format: 'date-time' });
/** A moment that may be missing. */
export const MaybeDateTime = orNull(DateTime);
/** A calendar day, `YYYY-MM-DD`. */
export const Day = Type.String({ format: 'date' });
/** `{ data: { id } }`: what a deletion answers. */
export const IdAnswer = dataOf(Type.Object({ id: Id }));
/** `{ data: { success: true } }`. */
export const SuccessAnswer = dataOf(Type.Object({ success: Type.Boolean() }));

/**
 * A download's success answer, documented by its media type(s) (`application/pdf`, `image/*`, …) and never serialised
 * (the handler sends bytes or a stream): `response: { 200: fileAnswer('application/pdf', 'The invoice') }`.
 */
export function fileAnswer(mediaTypes: string | readonly string[], description: string) {
  const binary = { type: 'string', format: 'binary' } as const;
  // typed as unknown: the handler sends bytes or a stream, which the type provider would otherwise hold to `string`
  return Type.Unsafe<unknown>({ description, content: Object.fromEntries([mediaTypes].flat().map((t) => [t, { schema: binary }])) });
}

/** The media types an image download may have. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'] as const;
/** A stored file sent under its own media type (documents, uploads, archives). */
export const ANY_FILE = 'application/octet-stream';

type Schemas = Record<string, unknown> | undefined;

const borrowed = new WeakMap<FastifyRequest, Schemas>();

/** The response schema of an answer's route and status (`2xx` and `default` as Fastify reads them). */
const schemaFor = (responses: Schemas, status: number) => {
  const code = String(status);
  return (responses?.[code] ?? responses?.[`${code[0]}xx`] ?? responses?.default) as object | undefined;
};

/**
 * A route that answers with another route's handler (the POST twin of a PUT or DELETE, server/core/method-override.ts)
 * answers with that route's response schemas too: serialised with them, and held against them by the check.
 */
export function answerWithSchemasOf(req: FastifyRequest, reply: FastifyReply, responses: Schemas) {
  if (!responses) return;
  borrowed.set(req, responses);
  reply.serializer((payload: unknown) => {
    const schema = schemaFor(responses, reply.statusCode);
    return schema && reply.statusCode < 300 ? (reply.serializeInput(payload as Record<string, unknown>, schema as never) as string) : JSON.stringify(payload);
  });
}

/** A copy of a schema in which every object that does not say otherwise admits no field it does not name. */
function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'properties' || k === 'patternProperties' ? Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, strict(s)])) : strict(v);
  if (out.type === 'object' && out.properties && !('additionalProperties' in out)) out.additionalProperties = false;
  return out;
}

/**
 * Holds each JSON answer against the response schema of its route and status; an answer that sends a field its schema
 * does not name, or a value of another type, becomes a 500 and is printed with the differences. Routes still on the
 * generic envelopes of server/core/openapi.ts (`generic`) are not held.
 */
export function installResponseCheck(app: FastifyInstance, generic: readonly unknown[]) {
  const ajv = new Ajv({ allErrors: true, strict: false });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  const compiled = new WeakMap<object, ValidateFunction>();
  app.addHook('preSerialization', async (req, reply, payload) => {
    if (reply.statusCode >= 300 || !payload || typeof payload !== 'object' || Buffer.isBuffer(payload)) return payload;
    const responses = borrowed.get(req) ?? (req.routeOptions.schema?.response as Schemas);
    const schema = schemaFor(responses, reply.statusCode);
    if (!schema || generic.includes(schema)) return payload;
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(strict(JSON.parse(JSON.stringify(schema))) as object);
      compiled.set(schema, validate);
    }
    if (!validate(JSON.parse(JSON.stringify(payload)))) {
      const problems = (validate.errors ?? []).map(
        (e) => `${e.instancePath || '/'} ${e.message}${e.keyword === 'additionalProperties' ? ` (${(e.params as { additionalProperty: string }).additionalProperty})` : ''}`,
      );
      const message = `The answer of ${req.method} ${req.routeOptions.url} (${reply.statusCode}) breaks its response schema: ${[...new Set(problems)].slice(0, 12).join('; ')}`;
      console.error(message);
      throw new Error(message);
    }
    return payload;
  });
}
