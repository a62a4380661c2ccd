import type { FastifyInstance, RouteOptions } from 'fastify';
import { Type } from 'typebox';
import { listResponse } from './pagination.ts';

/**
 * The API's contract in the OpenAPI document (docs/api.md "OpenAPI document"), made in one place instead of in every
 * route:
 * - every route without a response schema gets one for its success answer (`installResponseSchemas`): a list
 *   (`ListQuery` in its query) `listResponse()`, anything else the `{ data }` envelope. Both keep every field the
 *   handler sends (`additionalProperties: true`): Fastify serialises with the response schema, and a field the schema
 *   lacks would be dropped silently;
 * - `swaggerTransform` documents the 4xx answers a route can give, from its guard and its schemas, with one shared error
 *   schema; they are documented only, never added to the route (the error handler's answers stay as they are);
 * - `swaggerTransformObject` gives every operation without one an `operationId` from its method and path, and writes
 *   JSON Schema (TypeBox, ajv) in OpenAPI 3.0's dialect: numeric `exclusiveMinimum`/`exclusiveMaximum` as `minimum`
 *   plus a boolean, `patternProperties` as `additionalProperties`.
 * `server/core/openapi.test.ts` validates the document with a third-party validator and checks all of this for every
 * operation.
 */

/** The body of every error answer (docs/api.md "Responses"); `errors` on a 422 only. */
export const ErrorBody = Type.Object(
  {
    category: Type.String({ description: 'auth, access, not_found, conflict, file, validation, throttle, busy or error' }),
    name: Type.String({ description: 'A code of the error catalogue; the apps translate it' }),
    variables: Type.Object({}, { additionalProperties: true }),
    message: Type.String({ description: 'English, for developers' }),
    errors: Type.Optional(Type.Object({}, { additionalProperties: Type.Array(Type.String()), description: '422: field → message keys' })),
  },
  { additionalProperties: true },
);

/** The success envelope of an answer without a schema of its own: `{ data }`, every field kept. */
export const DataEnvelope = Type.Object({ data: Type.Optional(Type.Unknown()) }, { additionalProperties: true, description: 'Success: { data }' });

/** A list: `{ data: [...], meta }` (server/core/pagination.ts), every field kept. */
export const ListEnvelope = { ...listResponse(Type.Unknown()), additionalProperties: true, description: 'Success: a page of the list' };

/** Routes that answer 409 (a conflict with the state of a row), `METHOD path` as registered. Kept true by the test. */
export const CONFLICTS: readonly string[] = [
  'POST /api/register',
  'PUT /api/user',
  'POST /api/document',
  'POST /api/media/:id/submittedProject',
  'GET /api/quiz/:id',
  'GET /api/quiz/:id/result',
  'POST /api/QuestionUserAnswer',
  'POST /admin/user',
  'PUT /admin/user/:id',
  'DELETE /admin/user/:id',
  'POST /admin/delete/user',
  'POST /admin/user/:id/resetPayment',
  'POST /admin/submittedProject/:id/approve',
  'DELETE /admin/media/:id',
  'POST /admin/delete/media',
  'DELETE /admin/quiz/:id',
  'POST /admin/delete/quiz',
  'DELETE /admin/question/:id',
  'DELETE /admin/QuestionOption/:id',
  'DELETE /admin/group/:id',
  'POST /admin/diploma',
  'PUT /admin/diploma/:id',
  'POST /admin/email/setting/test',
  'POST /admin/file/createFolder',
  'POST /admin/folder/:id/rename',
  'POST /admin/file/deleteFolder',
  'POST /admin/file/move',
  'PUT /admin/file/:id',
];

/** Public routes that still answer 401 and 403: signing in (wrong login or password, a blocked user). */
export const SIGN_IN: readonly string[] = ['POST /api/token'];

/** Public routes a school's setting can close (403 ERROR_ACCESS): self-registration (docs/accounts.md). */
export const CLOSABLE: readonly string[] = ['POST /api/register'];

/** Routes that answer 429 TOO_MANY_ATTEMPTS (server/modules/accounts/throttle.ts). */
export const THROTTLED: readonly string[] = ['POST /api/token', 'POST /api/user/sendLinkResetPassword'];

const ERROR_TEXT: Record<number, string> = {
  401: 'Not signed in (NOT_AUTHORIZED)',
  403: 'No access: role, section flag or demo mode (ERROR_ACCESS); the school suspended (ERROR_SCHOOL_SUSPENDED)',
  404: 'Not found (NOT_FOUND_…)',
  409: 'Conflict with the state of a row',
  413: 'Request or file too large (ERROR_MAX_SIZE…)',
  415: 'Unsupported media or file type (ERROR_EXT_TYPE)',
  422: 'Validation Error, with errors per field',
  429: 'Too many attempts (TOO_MANY_ATTEMPTS)',
  503: 'The database is busy or unreachable: try again after Retry-After seconds (ERROR_BUSY)',
};

type Schema = Record<string, unknown> & { body?: unknown; params?: unknown; querystring?: unknown; response?: Record<string, unknown>; hide?: boolean };
type Config = { auth?: string; roles?: unknown; flag?: unknown; noDemo?: boolean; global?: boolean; twin?: boolean; upload?: unknown } | undefined;

const hasProperty = (schema: unknown, name: string): boolean => {
  if (!schema || typeof schema !== 'object') return false;
  const s = schema as { properties?: Record<string, unknown>; allOf?: unknown[]; anyOf?: unknown[] };
  return Boolean(s.properties?.[name]) || (s.allOf ?? []).some((p) => hasProperty(p, name)) || (s.anyOf ?? []).some((p) => hasProperty(p, name));
};

const methodsOf = (route: { method: string | string[] }) => (Array.isArray(route.method) ? route.method : [route.method]).map(String);

const onEnvelope = new WeakMap<FastifyInstance, string[]>();
/** The routes (`METHOD url`) that declared no response schema of their own and got an envelope (openapi.test.ts lists them). */
export function routesOnEnvelope(app: FastifyInstance): string[] {
  let list = onEnvelope.get(app);
  if (!list) onEnvelope.set(app, (list = []));
  return list;
}

/** Gives every API route without a response schema for its success answer the list or `{ data }` envelope. */
export function installResponseSchemas(app: FastifyInstance) {
  app.addHook('onRoute', (opts: RouteOptions) => {
    const schema = (opts.schema ?? {}) as Schema;
    const config = opts.config as Config;
    if (schema.hide || config?.twin || opts.url.startsWith('/docs')) return;
    if (schema.response && Object.keys(schema.response).some((code) => code.startsWith('2'))) return;
    const isList = methodsOf(opts).includes('GET') && hasProperty(schema.querystring, 'per_page');
    opts.schema = { ...schema, response: { ...schema.response, '2xx': isList ? ListEnvelope : DataEnvelope } };
    for (const m of methodsOf(opts)) if (m !== 'HEAD') routesOnEnvelope(app).push(`${m} ${opts.url}`);
  });
}

/** The error answers a route can give (4xx, and 503 when the database is busy), from its guard, path, schemas and the tables above. */
export function errorStatusesOf(route: { method: string | string[]; url: string; config?: unknown; schema?: unknown }): number[] {
  const config = route.config as Config;
  const schema = (route.schema ?? {}) as Schema;
  const key = (m: string) => `${m} ${route.url}`;
  const methods = methodsOf(route);
  const out = new Set<number>();
  const guarded = !config?.global && config?.auth !== 'public' && config?.auth !== 'optional';
  const signIn = methods.some((m) => SIGN_IN.includes(key(m)));
  if (guarded || signIn) out.add(401);
  // 403 ERROR_SCHOOL_SUSPENDED: a suspended school refuses every route but an anonymous read (core/context.ts)
  if (config?.roles || config?.flag || config?.noDemo || signIn || methods.some((m) => CLOSABLE.includes(key(m))) || !config?.global) out.add(403);
  // 404 NOT_FOUND_DOMAIN: every route bound to a school refuses an unknown `Domain` before it runs (core/context.ts)
  if (route.url.includes('/:') || !config?.global) out.add(404);
  if (schema.body || schema.params || schema.querystring || route.url.includes('/:')) out.add(422);
  if (schema.body || config?.upload) {
    out.add(413);
    out.add(415);
  }
  if (methods.some((m) => CONFLICTS.includes(key(m)))) out.add(409);
  if (methods.some((m) => THROTTLED.includes(key(m)))) out.add(429);
  // every route reaches the database (the school's look-up comes first), so every one may find it busy
  // (server/core/overload.ts)
  if (!route.url.startsWith('/docs')) out.add(503);
  return [...out].sort();
}

/** `transform` of @fastify/swagger: marks the route's 4xx answers for `swaggerTransformObject` (the route is not changed). */
export function swaggerTransform({ schema, url, route }: { schema: unknown; url: string; route: RouteOptions }) {
  const s = (schema ?? {}) as Schema;
  if (s.hide) return { schema, url };
  return { schema: { ...s, 'x-errors': errorStatusesOf(route) }, url };
}

/** `getAdminUsersById` for `GET /admin/users/{id}`. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((seg) => {
      const param = seg.match(/^\{(.+)\}$/);
      return param ? ['by', ...param[1].split(/[^A-Za-z0-9]+/)] : seg.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

/**
 * JSON Schema (TypeBox, ajv) to OpenAPI 3.0's dialect: `exclusiveMinimum: true` beside `minimum` (a number in JSON
 * Schema); `patternProperties` (TypeBox's `Record`) unknown to 3.0, written as `additionalProperties`.
 */
function toOpenApi30(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    node.forEach(toOpenApi30);
    return;
  }
  const o = node as Record<string, unknown>;
  if (o.patternProperties && typeof o.patternProperties === 'object') {
    const values = Object.values(o.patternProperties);
    o.additionalProperties ??= values.length === 1 ? values[0] : true;
    delete o.patternProperties;
  }
  for (const [exclusive, inclusive, stricter] of [
    ['exclusiveMinimum', 'minimum', Math.max],
    ['exclusiveMaximum', 'maximum', Math.min],
  ] as const) {
    const n = o[exclusive];
    if (typeof n !== 'number') continue;
    const bound = o[inclusive];
    if (typeof bound !== 'number' || stricter(bound, n) === n) {
      o[inclusive] = n;
      o[exclusive] = true;
    } else delete o[exclusive]; // the inclusive bound is stricter already
  }
  for (const v of Object.values(o)) toOpenApi30(v);
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `transformObject` of @fastify/swagger: operation ids, the shared error answers, OpenAPI 3.0 bounds. */
export function swaggerTransformObject({ openapiObject }: { openapiObject: Record<string, unknown> }) {
  const doc = openapiObject as { paths?: Record<string, Record<string, Record<string, unknown>>>; components?: Record<string, Record<string, unknown>> };
  const components = (doc.components ??= {});
  (components.schemas ??= {}).Error = ErrorBody;
  components.responses ??= {};
  for (const [status, description] of Object.entries(ERROR_TEXT)) {
    components.responses[`E${status}`] = { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  }
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!HTTP_METHODS.includes(method)) continue;
      op.operationId ??= operationIdOf(method, path);
      const statuses = (op['x-errors'] as number[] | undefined) ?? [];
      delete op['x-errors'];
      const responses = (op.responses ??= {}) as Record<string, unknown>;
      for (const status of statuses) responses[status] ??= { $ref: `#/components/responses/E${status}` };
    }
  }
  toOpenApi30(doc);
  return doc;
}
