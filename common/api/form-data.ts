/** True when a body must travel as multipart form data: it carries a file, or nested arrays/objects. */
export function needsFormData(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  return Object.values(body as Record<string, unknown>).some(
    (v) => isFile(v) || (Array.isArray(v) && v.some((x) => isFile(x) || (x && typeof x === 'object'))) || (v && typeof v === 'object' && !(v instanceof Date) && !Array.isArray(v)) || Array.isArray(v),
  );
}

const isFile = (v: unknown): v is Blob => typeof Blob !== 'undefined' && v instanceof Blob;

/** True when a body carries a file anywhere in it. */
export function hasFiles(body: unknown): boolean {
  if (isFile(body)) return true;
  if (Array.isArray(body)) return body.some(hasFiles);
  return !!body && typeof body === 'object' && !(body instanceof Date) && Object.values(body as Record<string, unknown>).some(hasFiles);
}

/**
 * Serialises a body as form data with bracketed keys: `users[]=3`, `address[city]=Kazan`,
 * `items[0][id]=1`; files as they are; booleans as 1/0; null and undefined left out.
 */
export function toFormData(body: Record<string, unknown>, form = new FormData(), prefix = ''): FormData {
  for (const [key, value] of Object.entries(body)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    appendValue(form, name, value);
  }
  return form;
}

function appendValue(form: FormData, name: string, value: unknown) {
  if (value === undefined || value === null) return;
  if (isFile(value)) form.append(name, value, (value as File).name ?? 'file');
  else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (item && typeof item === 'object' && !isFile(item)) toFormData(item as Record<string, unknown>, form, `${name}[${i}]`);
      else appendValue(form, `${name}[]`, item);
    });
  } else if (value instanceof Date) form.append(name, value.toISOString());
  else if (typeof value === 'object') toFormData(value as Record<string, unknown>, form, name);
  else if (typeof value === 'boolean') form.append(name, value ? '1' : '0');
  else form.append(name, String(value));
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
