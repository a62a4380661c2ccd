import { FetchError, ofetch } from 'ofetch';
import { apiBaseUrl } from '../tenant/tenant.ts';
import { hasFiles, needsFormData, toQueryString } from './form-data.ts';
import { apiHeaders } from './headers.ts';
import { takeEarly } from './early.ts';
import { errorWordingReady, reportError } from './events.ts';
import { busyCancelled, busyFailed, busyOver, busyReconnecting, busyWaitMs, busyWaitOver, busyWaiting, isBusy, pause, RECONNECT_WAITS_MS, RETRIED_METHODS, retryAfterOf } from './busy.ts';

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
    /** A 503's advised wait in seconds (`Retry-After`, else `variables.retry_after`; common/api/busy.ts). */
    public retryAfter?: number,
    /** No answer came: the connection could not be made or dropped (not a cancel, not a timeout). */
    public connectionLost = false,
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

export { apiHeaders } from './headers.ts';

export function buildUrl(path: string, query?: Record<string, unknown>) {
  const qs = toQueryString(query);
  return `${apiBaseUrl()}${path}${qs ? (path.includes('?') ? '&' : '?') + qs : ''}`;
}

/**
 * The method and body to send. Form data (files, nested bodies) is encoded by `upload.ts`, a chunk of its own in the
 * portal: the sign-in and the course list never need it (issue 16).
 */
async function prepareBody(opts: RequestOptions): Promise<{ method: string; body?: BodyInit | Record<string, unknown> }> {
  let method = opts.method ?? (opts.body ? 'POST' : 'GET');
  let body = opts.body;
  if (body && !(body instanceof FormData) && (opts.form || (needsFormData(body) && !(opts.json && !hasFiles(body))))) {
    const { toFormData } = await import('./upload.ts');
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
  if (signal.aborted) {
    // the call was sent with the signal already aborted (cancelled while its body was prepared): its own rejection
    // (fetch's AbortError) is nobody's to see either, and must not surface as an unhandled rejection
    call.catch(() => undefined);
    return Promise.reject(new ApiError(0, { message: 'Aborted' }));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ApiError(0, { message: 'Aborted' }));
    signal.addEventListener('abort', onAbort, { once: true });
    call.then(
      (v) => (signal.removeEventListener('abort', onAbort), resolve(v)),
      (e) => (signal.removeEventListener('abort', onAbort), reject(e)),
    );
  });
}

const aborted = () => new ApiError(0, { message: 'Aborted' });

/** No answer from the API host (the connection dropped), or a gateway's word that the host behind it is gone. */
const hostLost = (e: ApiError) => e.connectionLost || e.status === 502 || e.status === 504;

/** A read whose host was lost, sent again after each of RECONNECT_WAITS_MS until it is answered (docs/api.md "Busy"). */
async function reconnect<T>(once: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  busyReconnecting();
  try {
    for (let i = 0; ; i++) {
      await pause(RECONNECT_WAITS_MS[i], signal, aborted);
      try {
        return await once();
      } catch (err) {
        const e = toApiError(err);
        if (i === RECONNECT_WAITS_MS.length - 1 || !hostLost(e) || signal?.aborted) throw e;
      }
    }
  } finally {
    busyWaitOver();
  }
}

/** Calls the API and answers the parsed JSON; throws ApiError with the API's error body. */
export async function api<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const { method, body } = await prepareBody(opts);
  // a read the app's entry started before this code arrived (common/api/early.ts): its answer, else asked as usual
  const early = method === 'GET' && !opts.signal ? takeEarly(buildUrl(path, opts.query)) : undefined;
  if (early) {
    const answer = await early;
    if (answer !== undefined) return answer as T;
  }
  if (opts.onUploadProgress && body instanceof FormData)
    return import('./upload.ts')
      .then((m) => m.xhrUpload<T>(buildUrl(path, opts.query), method, body, opts))
      .catch(async (err: unknown) => {
        const e = toApiError(err);
        // an upload is a write: never sent again; a busy refusal is shown as one (common/api/busy.ts)
        if (isBusy(e)) busyFailed(e.retryAfter ?? retryAfterOf(null, e.body) ?? 0);
        await errorWordingReady();
        throw e;
      });
  // the request itself is cancelled where fetch accepts the caller's signal; the answer is dropped either way
  const once = () => cancellable(send<T>(buildUrl(path, opts.query), method, body, { ...opts, signal: fetchSignal(opts.signal) }), opts.signal);
  try {
    let answer: T;
    try {
      answer = await once();
    } catch (err) {
      const first = toApiError(err);
      if (!RETRIED_METHODS.has(method) || opts.signal?.aborted) throw first;
      // the API host lost (behind a load balancer): a read is tried again a few times, "reconnecting" meanwhile
      if (hostLost(first)) answer = await reconnect(once, opts.signal);
      // busy (503 with an advised wait): a read is tried again once after the wait, anything else never (docs/api.md "Busy")
      else if (!(isBusy(first) && first.retryAfter !== undefined)) throw first;
      else {
        busyWaiting(first.retryAfter);
        try {
          await pause(busyWaitMs(first.retryAfter), opts.signal, aborted);
          answer = await once();
        } finally {
          busyWaitOver();
        }
      }
    }
    busyOver();
    return answer;
  } catch (err) {
    const e = toApiError(err);
    if (isBusy(e) && !opts.signal?.aborted) busyFailed(e.retryAfter ?? 0);
    else busyCancelled(); // cancelled, or reconnecting gave up: the error itself is shown where the call was made
    await errorWordingReady(); // the portal's error catalogue arrives with the first failed call
    // A call its caller cancelled (a screen left, a newer load) is nobody's error.
    if (!opts.signal?.aborted) reportError(e);
    throw e;
  }
}

/** The API answers JSON; a body that is not JSON is kept as its text, an empty one is nothing (204). */
const parseAnswer = (text: string): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * The apps' ofetch: every answer read as text and parsed as JSON (`parseAnswer`), and ofetch's own retry off: a busy
 * read is tried again by `api` (once, after the advised wait, cancellable, with the notice; docs/api.md "Busy"),
 * while ofetch would retry every 5xx of a read once without the advice and without a way to cancel its wait.
 */
const apiFetch = ofetch.create({ retry: 0, responseType: 'json', parseResponse: parseAnswer });

/** The caller's signal, with `timeout` added when there are both (ofetch applies its timeout only without a signal). */
function callSignal(signal: AbortSignal | undefined, timeout: number | undefined) {
  if (!signal || !timeout) return signal;
  const timer = new AbortController();
  const id = setTimeout(() => timer.abort(new Error('timeout')), timeout);
  signal.addEventListener('abort', () => (clearTimeout(id), timer.abort(signal.reason)), { once: true });
  return timer.signal;
}

/**
 * One call through ofetch: a plain body goes as JSON, form data as it is; the answer is parsed as JSON (text when it
 * is not JSON, nothing for 204); a status of 400 or more throws ApiError with the API's error body (ofetch's
 * `FetchError.data`) and a 503's advised wait; `timeout` aborts the call; a call that got no answer (no connection,
 * cancelled, timed out) throws the platform's own error, which `toApiError` makes a status 0.
 */
async function send<T>(url: string, method: string, body: BodyInit | Record<string, unknown> | undefined, opts: RequestOptions): Promise<T> {
  try {
    // a plain body is written as JSON here, whatever its shape (ofetch would send an object it takes for a class
    // instance, or one with a `buffer` field, as it is); form data, blobs and strings go as they are
    const plain = body !== undefined && !(body instanceof FormData) && !(body instanceof Blob) && typeof body !== 'string';
    return (await apiFetch<T>(url, {
      method,
      body: plain ? JSON.stringify(body) : (body as BodyInit | undefined),
      headers: { Accept: 'application/json', ...apiHeaders(), ...(plain ? { 'Content-Type': 'application/json' } : {}) },
      signal: callSignal(opts.signal, opts.timeout),
      timeout: opts.signal ? undefined : opts.timeout,
    })) as T;
  } catch (err) {
    if (!(err instanceof FetchError)) throw err;
    const res = err.response;
    if (!res) {
      const cause = err.cause ?? err;
      // fetch's own failure to reach the host is a TypeError ("Failed to fetch"); a cancel or a timeout is not
      if (cause instanceof TypeError && !opts.signal?.aborted) throw new ApiError(0, { message: cause.message }, undefined, true);
      throw cause;
    }
    const data: unknown = err.data;
    const errorBody = (data && typeof data === 'object' ? data : {}) as ApiErrorBody;
    throw new ApiError(res.status, errorBody, res.status === 503 ? retryAfterOf(res.headers.get('Retry-After'), errorBody) : undefined);
  }
}

export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  return new ApiError(0, { message: err instanceof Error ? err.message : String(err) });
}
