import type { FastifyError, FastifyInstance } from 'fastify';
import { isOverload } from './overload.ts';

/**
 * An error the API answers with `{ category, name, variables, message }` (see docs/api.md).
 * `name` is a code of the specification's catalogue; the apps translate it.
 */
export class AppError extends Error {
  constructor(
    public status: number,
    public code: string,
    message = code,
    public variables: Record<string, unknown> = {},
    public category = categoryFor(status),
  ) {
    super(message);
  }
}

function categoryFor(status: number) {
  if (status === 401) return 'auth';
  if (status === 403) return 'access';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 413 || status === 415) return 'file';
  if (status === 422) return 'validation';
  if (status === 429) return 'throttle';
  if (status === 503) return 'busy';
  return 'error';
}

export const notAuthorized = () => new AppError(401, 'NOT_AUTHORIZED', 'Please log in');
export const accessDenied = () => new AppError(403, 'ERROR_ACCESS', 'No access');
/**
 * 404 for a missing entity: `NOT_FOUND_<ENTITY>`, except a user: the specification's catalogue names that one
 * `USER_DOES_NOT_EXIST` ("user does not exist"), answered wherever a route names a user (a path's or a body's id).
 */
export const notFound = (entity: string) => (entity === 'user' ? userNotFound() : new AppError(404, `NOT_FOUND_${entity.toUpperCase()}`, `${entity} not found`));
export const userNotFound = () => new AppError(404, 'USER_DOES_NOT_EXIST', 'user does not exist');

/** 422 with per-field messages. Messages are catalogue keys the apps translate (`validation.required`, …). */
export class ValidationError extends AppError {
  constructor(
    public errors: Record<string, string[]>,
    code = 'Validation Error',
  ) {
    super(422, code, 'Check the input and resend', {}, 'validation');
  }
}

/** A language field (`lang`) of a body or query: the languages the product speaks. */
const isLangField = (field: string) => /(^|\.)lang$/.test(field);

export const fieldError = (field: string, message: string) => new ValidationError({ [field]: [message] });

/** Maps an ajv error to a message key of the shared validation catalogue. */
function ajvMessage(keyword: string, params: Record<string, unknown>): string {
  switch (keyword) {
    case 'required':
      return 'validation.required';
    case 'maxLength':
      return `validation.max_length:${params.limit}`;
    case 'minLength':
      return params.limit === 1 ? 'validation.required' : `validation.min_length:${params.limit}`;
    case 'format':
      return params.format === 'email' ? 'validation.email' : 'validation.format';
    case 'enum':
    case 'const':
    case 'anyOf':
      return 'validation.choice';
    case 'maximum':
      return `validation.max:${params.limit}`;
    case 'minimum':
      return `validation.min:${params.limit}`;
    case 'dateRange': // a day outside 1900..2100 (server/core/strict-values.ts)
      return 'validation.date_range';
    default:
      return 'validation.format';
  }
}

interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

export function validationFromAjv(issues: AjvIssue[]): ValidationError {
  const errors: Record<string, string[]> = {};
  for (const e of issues) {
    let field = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (e.keyword === 'required') field = [field, String(e.params.missingProperty)].filter(Boolean).join('.');
    const message = isLangField(field) && e.keyword !== 'required' ? 'validation.lang' : ajvMessage(e.keyword, e.params);
    if (!errors[field || '_']?.includes(message)) (errors[field || '_'] ??= []).push(message);
  }
  // a language other than ru or en where a route takes one is the catalogue's ERROR_LANG (still 422, with its field)
  const fields = Object.keys(errors);
  return new ValidationError(errors, fields.length && fields.every((f) => errors[f].every((m) => m === 'validation.lang')) ? 'ERROR_LANG' : undefined);
}

/**
 * SQLSTATEs that mean a value did not fit its column: bad input, answered 422 rather than 500 (docs/security.md
 * "Bad input"). The route schemas bound ids and integers (server/core/schemas.ts), so these are a second wall.
 */
const BAD_INPUT_SQLSTATES: Record<string, string> = {
  '22001': 'validation.format', // string data right truncation (too long for a varchar)
  '22003': 'validation.format', // numeric value out of range (2147483648 for an integer)
  '22P02': 'validation.format', // invalid text representation ('abc' or 1.5 for an integer)
  '22007': 'validation.format', // invalid datetime format
  '22008': 'validation.format', // datetime field overflow
  '22021': 'validation.nul', // invalid byte sequence for UTF8 (a NUL, 0x00, in a text value)
  '22P05': 'validation.nul', // untranslatable character (\u0000 in a jsonb value)
  '23502': 'validation.required', // not-null violation
};

/** The bad-input reading of a database error (the driver's error may be the `cause` of Drizzle's), if it is one. */
export function badInputOf(err: unknown): ValidationError | undefined {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++, e = (e as { cause?: unknown }).cause) {
    const { code, column } = e as { code?: unknown; column?: unknown };
    if (typeof code === 'string' && Object.hasOwn(BAD_INPUT_SQLSTATES, code)) {
      return new ValidationError({ [typeof column === 'string' && column ? column : '_']: [BAD_INPUT_SQLSTATES[code]] });
    }
  }
  // Drizzle refuses an update with nothing to set (an empty body of an edit route): nothing was sent to the database
  if (err instanceof Error && err.message === 'No values to set') return new ValidationError({ _: ['validation.required'] });
  return undefined;
}

/** `Retry-After` of a 503 ERROR_BUSY when the app has no configuration (BUSY_RETRY_AFTER_SECONDS). */
const DEFAULT_BUSY_RETRY_AFTER = 3;

/** The one error handler of the API: catalogue errors as they are, validation as 422, nothing internal on 5xx. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof ValidationError) {
      return reply.status(422).send({ category: err.category, name: err.code, variables: {}, message: err.message, errors: err.errors });
    }
    if (err instanceof AppError) {
      return reply.status(err.status).send({ category: err.category, name: err.code, variables: err.variables, message: err.message });
    }
    const fe = err as FastifyError & { validation?: AjvIssue[] };
    if (fe.validation) {
      const v = validationFromAjv(fe.validation);
      return reply.status(422).send({ category: 'validation', name: v.code, variables: {}, message: v.message, errors: v.errors });
    }
    if (isOverload(err)) {
      // the database refused or could not be reached, or the pool's queue waited too long: "come back in a moment",
      // never 500 (server/core/overload.ts; docs/api.md "Busy")
      const seconds = req.server.config?.busyRetryAfterSeconds ?? DEFAULT_BUSY_RETRY_AFTER;
      req.log.warn({ err: { message: (err as Error).message, code: (err as { code?: unknown }).code } }, 'database busy or unreachable: 503');
      return reply
        .status(503)
        .header('Retry-After', String(seconds))
        .send({ category: 'busy', name: 'ERROR_BUSY', variables: { retry_after: seconds }, message: 'The system is busy, try again shortly' });
    }
    const bad = badInputOf(err);
    if (bad) {
      req.log.warn({ err }, 'bad input reached the database (a route schema without bounds?)');
      return reply.status(422).send({ category: 'validation', name: bad.code, variables: {}, message: bad.message, errors: bad.errors });
    }
    const status = fe.statusCode ?? 500;
    if (status === 413 || fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_PARTS_LIMIT' || fe.code === 'FST_FILES_LIMIT') {
      return reply.status(413).send({ category: 'file', name: 'ERROR_MAX_SIZE', variables: {}, message: 'Request or file too large' });
    }
    if (status >= 400 && status < 500) {
      const name = status === 415 ? 'ERROR_EXT_TYPE' : status === 404 ? 'NOT_FOUND' : 'Validation Error';
      return reply.status(status === 400 ? 422 : status).send({
        category: status === 400 ? 'validation' : categoryFor(status),
        name,
        variables: {},
        message: fe.message,
        ...(status === 400 ? { errors: { _: ['validation.format'] } } : {}),
      });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ category: 'error', name: 'SERVER_ERROR', variables: {}, message: 'Server error' });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ category: 'not_found', name: 'NOT_FOUND_ROUTE', variables: {}, message: `No route ${req.method} ${req.url.split('?')[0]}` });
  });
}
