import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ValidationError } from './errors.ts';
import { isUploadedFile } from './multipart.ts';

/**
 * Values no route can store or reckon with, refused before any handler runs (issue 27, docs/security.md "Hostile
 * values"): a NUL character (`\u0000`) in any header, query value, path parameter, JSON or form field (its name or its
 * value) or uploaded file name — PostgreSQL's text cannot hold one and answered a database error (a 500) — and a number
 * that is not finite (`1e400` in JSON reads as Infinity). The answer is 422 `Validation Error` naming the field:
 * `validation.nul` for a NUL, `validation.format` for a number out of the double range. The guard runs before the
 * route's validation and before its handler, so a refused request writes nothing.
 */
export const NUL_MESSAGE = 'validation.nul';

/** Where a value holds a NUL character or a non-finite number: `[field, message]` pairs, the field dotted. */
export function hostileValues(value: unknown, path = '', out: [string, string][] = [], depth = 0): [string, string][] {
  if (out.length >= 20 || depth > 64) return out;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push([path || '_', NUL_MESSAGE]);
  } else if (typeof value === 'number') {
    if (!Number.isFinite(value)) out.push([path || '_', 'validation.format']);
  } else if (isUploadedFile(value)) {
    if (value.filename.includes('\u0000')) out.push([path || value.field || '_', NUL_MESSAGE]);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => hostileValues(v, path ? `${path}.${i}` : String(i), out, depth + 1));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const field = path ? `${path}.${k}` : k;
      if (k.includes('\u0000')) out.push([field.replaceAll('\u0000', '\\0'), NUL_MESSAGE]);
      else hostileValues(v, field, out, depth + 1);
    }
  }
  return out;
}

function refuse(found: [string, string][]) {
  const errors: Record<string, string[]> = {};
  for (const [field, message] of found) (errors[field] ??= []).includes(message) || errors[field].push(message);
  return new ValidationError(errors);
}

/** NUL in the headers, the path or the query string (before the tenant hook reads `Domain` and the token). */
export function hostileRequestLine(req: FastifyRequest): ValidationError | undefined {
  const found: [string, string][] = [];
  for (const [name, v] of Object.entries(req.headers)) {
    if ([v].flat().some((x) => typeof x === 'string' && x.includes('\u0000'))) found.push([`headers.${name}`, NUL_MESSAGE]);
  }
  for (const [field] of hostileValues(req.params)) found.push([field, NUL_MESSAGE]);
  for (const [field] of hostileValues(req.query)) found.push([field, NUL_MESSAGE]);
  return found.length ? refuse(found) : undefined;
}

/** Installs the guard: the request line and headers as the request arrives, the body (JSON or form) once it is read. */
export function installInputGuard(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => {
    const bad = hostileRequestLine(req);
    if (bad) throw bad;
  });
  app.addHook('preValidation', async (req) => {
    const found = hostileValues(req.body);
    if (found.length) throw refuse(found);
  });
}
