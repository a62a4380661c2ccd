import { STORAGE_KEYS, storage } from '../storage.ts';
import { apiBaseUrl, currentTenant } from '../tenant/tenant.ts';
import { hasFiles, needsFormData, toFormData, toQueryString } from './form-data.ts';
import { errorWordingReady, reportError } from './events.ts';

/** The error body of the API (docs/api.md "Responses"). */
export interface ApiErrorBody {
  category?: string;
  name?: string;
  variables?: Record<string, unknown>;
  message?: string;
  errors?: Record<string, string[]>;
}

export class ApiError extends Error {
  constructor(
    public status: number,
    public body: ApiErrorBody,
  ) {
    super(body.message ?? body.name ?? `HTTP ${status}`);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, unknown>;
  body?: Record<string, unknown> | FormData;
  /** Force multipart form data even for a flat body. */
  form?: boolean;
  /** Force JSON even when the body holds arrays (a body with files always goes as form data). */
  json?: boolean;
  /** Send as POST with `_method=<method>` in the body (the API's method override). */
  override?: boolean;
  signal?: AbortSignal;
  /** Upload progress (0..1); uses XMLHttpRequest because fetch cannot report it. */
  onUploadProgress?: (fraction: number) => void;
  timeout?: number;
}

/** Headers every call carries: bearer token, school, demo mode, language. */
export function apiHeaders(): Record<string, string> {
  const h: Record<string, string> = { Domain: currentTenant(), 'Accept-Language': storage.get(STORAGE_KEYS.lang) ?? 'ru' };
  const token = storage.get(STORAGE_KEYS.token);
  if (token) h.Authorization = `Bearer ${token}`;
  if (storage.get(STORAGE_KEYS.demo) === '1') h.Demo = '1';
  return h;
}

function buildUrl(path: string, query?: Record<string, unknown>) {
  const qs = toQueryString(query);
  return `${apiBaseUrl()}${path}${qs ? (path.includes('?') ? '&' : '?') + qs : ''}`;
}

function prepareBody(opts: RequestOptions): { method: string; body?: BodyInit | Record<string, unknown> } {
  let method = opts.method ?? (opts.body ? 'POST' : 'GET');
  let body = opts.body;
  if (body && !(body instanceof FormData) && (opts.form || (needsFormData(body) && !(opts.json && !hasFiles(body))))) {
    body = toFormData(opts.override ? { ...body, _method: method } : body);
    if (opts.override) method = 'POST';
  } else if (opts.override) {
    if (body instanceof FormData) body.append('_method', method);
    else body = { ...(body ?? {}), _method: method };
    method = 'POST';
  }
  return { method, body: body as never };
}

/**
 * The caller's signal when it belongs to the same platform as fetch (in a browser it always does). Under a test DOM the
 * signal is the DOM's and fetch is Node's, which takes it without a word but then never settles: the race alone serves.
 */
function fetchSignal(signal?: AbortSignal) {
  if (!signal || typeof Request !== 'function') return undefined;
  const native = new Request('http://signal.invalid/').signal.constructor as typeof AbortSignal;
  return signal instanceof native ? signal : undefined;
}

/** Settles as the call does, or rejects as soon as the caller cancels, so that a late answer is never seen. */
function cancellable<T>(call: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return call;
  if (signal.aborted) return Promise.reject(new ApiError(0, { message: 'Aborted' }));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ApiError(0, { message: 'Aborted' }));
    signal.addEventListener('abort', onAbort, { once: true });
    call.then(
      (v) => (signal.removeEventListener('abort', onAbort), resolve(v)),
      (e) => (signal.removeEventListener('abort', onAbort), reject(e)),
    );
  });
}

/** Calls the API and answers the parsed JSON; throws ApiError with the API's error body. */
export async function api<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const { method, body } = prepareBody(opts);
  if (opts.onUploadProgress && body instanceof FormData)
    return xhrUpload<T>(buildUrl(path, opts.query), method, body, opts).catch(async (err: unknown) => {
      await errorWordingReady();
      throw err;
    });
  try {
    // the request itself is cancelled where fetch accepts the caller's signal; the answer is dropped either way
    return await cancellable(send<T>(buildUrl(path, opts.query), method, body, { ...opts, signal: fetchSignal(opts.signal) }), opts.signal);
  } catch (err) {
    const e = toApiError(err);
    await errorWordingReady(); // the portal's error catalogue arrives with the first failed call
    // A call its caller cancelled (a screen left, a newer load) is nobody's error.
    if (!opts.signal?.aborted) reportError(e);
    throw e;
  }
}

/**
 * One call with the platform's fetch (no client library in the portal's first load): a plain body goes as JSON,
 * form data as it is; the answer is parsed as JSON (text when it is not JSON, nothing for 204); a status of 400 or
 * more throws ApiError with the parsed body; `timeout` aborts the call.
 */
async function send<T>(url: string, method: string, body: BodyInit | Record<string, unknown> | undefined, opts: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...apiHeaders() };
  let payload: BodyInit | undefined;
  if (body === undefined || body instanceof FormData || body instanceof Blob || typeof body === 'string') payload = body as BodyInit | undefined;
  else {
    payload = JSON.stringify(body);
    headers['Content-Type'] = 'application/json';
  }
  let signal = opts.signal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (opts.timeout) {
    const ctl = new AbortController();
    timer = setTimeout(() => ctl.abort(new Error('timeout')), opts.timeout);
    opts.signal?.addEventListener('abort', () => ctl.abort(opts.signal?.reason));
    signal = ctl.signal;
  }
  try {
    const res = await fetch(url, { method, body: payload, headers, signal });
    const text = res.status === 204 || method === 'HEAD' ? '' : await res.text();
    let data: unknown;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = text;
      }
    }
    if (!res.ok) throw new ApiError(res.status, (data && typeof data === 'object' ? data : {}) as ApiErrorBody);
    return data as T;
  } finally {
    clearTimeout(timer);
  }
}

export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  return new ApiError(0, { message: err instanceof Error ? err.message : String(err) });
}

function xhrUpload<T>(url: string, method: string, body: FormData, opts: RequestOptions): Promise<T> {
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

/**
 * Downloads a file as a blob and saves it. The name comes from the `Suggested-Filename` header,
 * else `Content-Disposition`, else `file_name` in a JSON answer, else "file". A 400 answer is
 * parsed as an error body and thrown.
 */
export async function download(path: string, opts: { query?: Record<string, unknown>; save?: boolean } = {}) {
  const res = await fetch(buildUrl(path, opts.query), { headers: apiHeaders() });
  if (!res.ok) {
    let body: ApiErrorBody = {};
    try {
      body = JSON.parse(await res.text());
    } catch {
      /* not JSON */
    }
    await errorWordingReady();
    throw new ApiError(res.status, body);
  }
  const blob = await res.blob();
  let jsonName: string | undefined;
  if ((res.headers.get('content-type') ?? '').includes('application/json')) {
    try {
      jsonName = JSON.parse(await blob.text()).file_name;
    } catch {
      /* keep undefined */
    }
  }
  const name = fileNameFrom(res.headers, jsonName);
  if (opts.save !== false) saveBlob(blob, name);
  return { blob, name };
}

export function fileNameFrom(headers: Headers, jsonName?: string): string {
  const suggested = headers.get('suggested-filename');
  if (suggested) return decodeURIComponent(suggested);
  const cd = headers.get('content-disposition');
  if (cd) {
    const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(cd);
    if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    const plain = /filename="?([^";]+)"?/i.exec(cd);
    if (plain) return plain[1];
  }
  return jsonName || 'file';
}

export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
