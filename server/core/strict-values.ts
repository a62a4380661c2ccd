import { dayInRange } from './dates.ts';
import { hostileValues } from './input-guard.ts';

/**
 * What ajv's type coercion (`coerceTypes: 'array'`, server/app.ts) lets through and the routes must not see (issue 27,
 * docs/security.md "Hostile values"); `checkedValidator` wraps every route validator with these checks:
 *
 * - **null for a boolean**: ajv turns `null` into `false` (`{"networking": null}` switched a section off). A `null`
 *   where the schema takes a boolean and not null is refused (`validation.format`) before ajv coerces it. The strings
 *   a form sends (`'0'`, `'1'`, `'true'`, `'false'`) and JSON's 0 and 1 still read as booleans.
 * - **numbers that are not finite**: ajv reads the query string `Infinity` or `1e400` as the number Infinity and then
 *   skips `minimum`/`maximum` for it (they are checked for finite numbers only), so `page=Infinity` reached the
 *   handler. Any number left not finite after validation is refused (`validation.format`).
 * - **far dates**: a `format: date` or `date-time` value outside 1900-01-01..2100-12-31 (server/core/dates.ts) is
 *   refused (`validation.date_range`) wherever a route takes one.
 */
type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema | Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: Schema | boolean;
  patternProperties?: Record<string, Schema>;
};

const typesOf = (s: Schema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);
const branchesOf = (s: Schema) => s.anyOf ?? s.oneOf;

function admits(s: Schema, type: string): boolean {
  if (typesOf(s).includes(type)) return true;
  if ('const' in s) return s.const === null ? type === 'null' : typeof s.const === type;
  if (Array.isArray(s.enum)) return s.enum.some((v) => (v === null ? type === 'null' : typeof v === type));
  return (branchesOf(s) ?? []).some((b) => admits(b, type)) || (s.allOf ?? []).some((b) => admits(b, type));
}

/** Calls `visit` with each value of `data` and the schema that describes it (every branch of a union, every part of an intersection). */
function walk(schema: Schema | undefined, data: unknown, visit: (s: Schema, v: unknown, path: string) => void, path = '', depth = 0) {
  if (!schema || typeof schema !== 'object' || depth > 32) return;
  visit(schema, data, path);
  for (const part of [...(schema.allOf ?? []), ...(branchesOf(schema) ?? [])]) walk(part, data, visit, path, depth + 1);
  if (data === null || typeof data !== 'object') return;
  const at = (k: string | number) => (path ? `${path}.${k}` : String(k));
  if (Array.isArray(data)) {
    const items = schema.items;
    if (items && !Array.isArray(items)) data.forEach((v, i) => walk(items, v, visit, at(i), depth + 1));
    return;
  }
  for (const [k, v] of Object.entries(data)) {
    const own = schema.properties?.[k];
    const pattern = Object.values(schema.patternProperties ?? {})[0];
    const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
    walk(own ?? pattern ?? extra, v, visit, at(k), depth + 1);
  }
}

/** The dotted fields where `data` holds a null that ajv would coerce to a boolean. */
export function nullBooleans(schema: Schema | undefined, data: unknown): string[] {
  const out = new Set<string>();
  walk(schema, data, (s, v, path) => {
    if (v === null && admits(s, 'boolean') && !admits(s, 'null')) out.add(path || '_');
  });
  return [...out];
}

/** The dotted fields where `data` holds a day or an instant (`format: date`, `date-time`) outside DAY_MIN..DAY_MAX. */
export function farDates(schema: Schema | undefined, data: unknown): string[] {
  const out = new Set<string>();
  walk(schema, data, (s, v, path) => {
    if (typeof v === 'string' && (s.format === 'date' || s.format === 'date-time') && !dayInRange(v.slice(0, 10))) out.add(path || '_');
  });
  return [...out];
}

type Validate = ((data: unknown, ctx?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };
const pointer = (field: string) => (field === '_' ? '' : `/${field.replaceAll('.', '/')}`);

/** A route validator with the checks above, answering ajv-shaped errors (mapped by server/core/errors.ts). */
export function checkedValidator(schema: unknown, validate: Validate): Validate {
  const checked: Validate = (data, ctx) => {
    const nulls = nullBooleans(schema as Schema, data);
    if (nulls.length) {
      checked.errors = nulls.map((f) => ({ keyword: 'type', instancePath: pointer(f), params: { type: 'boolean' } }));
      return false;
    }
    const ok = validate.schemaEnv ? validate(data, ctx) : validate(data);
    checked.errors = validate.errors;
    if (!ok) return ok;
    const infinite = hostileValues(data).filter(([, m]) => m === 'validation.format');
    if (infinite.length) {
      checked.errors = infinite.map(([f]) => ({ keyword: 'type', instancePath: pointer(f), params: { type: 'number' } }));
      return false;
    }
    const far = farDates(schema as Schema, data);
    if (far.length) {
      checked.errors = far.map((f) => ({ keyword: 'dateRange', instancePath: pointer(f), params: {} }));
      return false;
    }
    return ok;
  };
  // Fastify passes the parent to a validator with `schemaEnv` (a root value coerced in place): kept as ajv's was
  checked.schemaEnv = validate.schemaEnv;
  return checked;
}
