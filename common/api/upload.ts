import { ApiError, apiHeaders, type ApiErrorBody, type RequestOptions } from './client.ts';
import { isFile } from './form-data.ts';

// What only uploads and nested bodies need, loaded by client.ts when a call has one (a chunk of its own in the portal).

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

/** An upload with progress (`onUploadProgress`): XMLHttpRequest, because fetch cannot report it. */
export function xhrUpload<T>(url: string, method: string, body: FormData, opts: RequestOptions): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [k, v] of Object.entries(apiHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && opts.onUploadProgress?.(e.loaded / e.total);
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = { message: xhr.responseText };
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(new ApiError(xhr.status, (data ?? {}) as ApiErrorBody));
    };
    xhr.onerror = () => reject(new ApiError(0, { message: 'Network error' }));
    xhr.onabort = () => reject(new ApiError(0, { message: 'Aborted' }));
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}
