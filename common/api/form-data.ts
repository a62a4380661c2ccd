/** True when a body must travel as multipart form data: it carries a file, or nested arrays/objects. */
export function needsFormData(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  return Object.values(body as Record<string, unknown>).some(
    (v) => isFile(v) || (Array.isArray(v) && v.some((x) => isFile(x) || (x && typeof x === 'object'))) || (v && typeof v === 'object' && !(v instanceof Date) && !Array.isArray(v)) || Array.isArray(v),
  );
}

export const isFile = (v: unknown): v is Blob => typeof Blob !== 'undefined' && v instanceof Blob;

/** True when a body carries a file anywhere in it. */
export function hasFiles(body: unknown): boolean {
  if (isFile(body)) return true;
  if (Array.isArray(body)) return body.some(hasFiles);
  return !!body && typeof body === 'object' && !(body instanceof Date) && Object.values(body as Record<string, unknown>).some(hasFiles);
}

/** Query string with repeated bracketed keys for arrays (`status[]=a&status[]=b`), nested filters as `filter[x]=y`, values URL-encoded. */
export function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  const add = (name: string, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    if (Array.isArray(value)) value.forEach((v) => add(`${name}[]`, v));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value as object)) add(`${name}[${k}]`, v);
    else parts.push(`${encodeURIComponent(name).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(typeof value === 'boolean' ? (value ? 1 : 0) : String(value))}`);
  };
  for (const [k, v] of Object.entries(query)) add(k, v);
  return parts.join('&');
}
