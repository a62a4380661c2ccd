import type { FastifyInstance } from 'fastify';

/**
 * Helpers of the generated suites (probe, role matrix, hostile input): the operations of the OpenAPI document and a
 * small valid value of a schema, so that every route is walked without anyone listing it.
 */
export type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: Schema;
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
}
export interface Op {
  method: string;
  path: string;
  op: Operation;
}

export function operationsOf(app: FastifyInstance): Op[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api') || path.startsWith('/admin'))
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([m]) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map(([m, op]) => ({ method: m.toUpperCase(), path, op })),
    );
}

export const typesOf = (s: Schema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);
export const branches = (s: Schema) => s.anyOf ?? s.oneOf;

/** The properties of an object schema, `allOf` (TypeBox Intersect) merged. */
export function objectOf(s: Schema): { properties: Record<string, Schema>; required: string[] } | undefined {
  if (s.allOf) {
    const parts = s.allOf.map(objectOf).filter((p) => p !== undefined);
    return { properties: Object.assign({}, ...parts.map((p) => p.properties)), required: parts.flatMap((p) => p.required) };
  }
  if (s.properties || typesOf(s).includes('object')) return { properties: s.properties ?? {}, required: s.required ?? [] };
  return undefined;
}

/**
 * A small valid value of a schema (formats, bounds, enums, first non-null branch of a union). `pick` may answer a
 * value for a property by its name (an id of a chosen row); `all` fills optional properties too.
 */
export function sample(s: Schema | undefined, pick?: (name: string, s: Schema) => unknown, all = false, depth = 0): unknown {
  if (!s || depth > 8) return undefined;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alt = branches(s);
  if (alt) return sample(alt.find((b) => !typesOf(b).includes('null')) ?? alt[0], pick, all, depth + 1);
  const obj = objectOf(s);
  if (obj) {
    const keys = all ? Object.keys(obj.properties) : obj.required;
    return Object.fromEntries(
      keys
        .map((k) => {
          const picked = pick?.(k, obj.properties[k] ?? {});
          return [k, picked !== undefined ? picked : sample(obj.properties[k], pick, all, depth + 1)];
        })
        .filter(([, v]) => v !== undefined),
    );
  }
  const type = typesOf(s)[0];
  if (type === 'integer' || type === 'number') return typeof s.minimum === 'number' ? Math.max(s.minimum, 1) : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 1;
  if (type === 'boolean') return true;
  if (type === 'array') return Array.from({ length: Math.max(1, Number(s.minItems ?? 0)) }, () => sample(s.items, pick, all, depth + 1)).filter((v) => v !== undefined);
  if (type === 'string') {
    if (s.format === 'email') return 'probe@probe.test';
    if (s.format === 'date') return '2030-01-01';
    if (s.format === 'date-time') return '2030-01-01T00:00:00Z';
    if (s.format === 'uri' || s.format === 'url') return 'https://example.com/';
    if (typeof s.pattern === 'string' && /\[0-9\]/.test(s.pattern) && s.pattern.includes('-')) return '1-1';
    return 'x'.repeat(Math.max(1, Number(s.minLength ?? 1)));
  }
  return undefined;
}

export const jsonBodyOf = (o: Op) => o.op.requestBody?.content['application/json']?.schema;
export const pathParamsOf = (o: Op) => (o.op.parameters ?? []).filter((p) => p.in === 'path');
