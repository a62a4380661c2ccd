import { type FetchResponse, ofetch } from 'ofetch';
import { ApiError, apiHeaders, buildUrl, type ApiErrorBody } from './client.ts';
import { busyFailed, busyOver, busyWaitMs, busyWaitOver, busyWaiting, isBusy, pause, retryAfterOf } from './busy.ts';
import { errorWordingReady } from './events.ts';

// Downloads, apart from client.ts so that the portal's first load does not carry them (issue 16).

/**
 * Downloads a file as a blob and saves it. The name comes from the `Suggested-Filename` header,
 * else `Content-Disposition`, else `file_name` in a JSON answer, else "file". A 400 answer is
 * parsed as an error body and thrown.
 */
export async function download(path: string, opts: { query?: Record<string, unknown>; save?: boolean } = {}) {
  // through ofetch, the body read as a blob whatever the status; a failed answer is worded below, ofetch retries nothing
  const get = () => ofetch.raw<Blob, 'blob'>(buildUrl(path, opts.query), { headers: apiHeaders(), responseType: 'blob', retry: 0, ignoreResponseError: true });
  let res = await get();
  if (!res.ok) {
    let err: ApiError | undefined = await errorOf(res);
    // a download is a read: after a busy answer it is tried again once, after the advised wait (common/api/busy.ts)
    if (isBusy(err) && err.retryAfter !== undefined) {
      busyWaiting(err.retryAfter);
      try {
        await pause(busyWaitMs(err.retryAfter), undefined, () => new ApiError(0, { message: 'Aborted' }));
        res = await get();
      } finally {
        busyWaitOver();
      }
      err = res.ok ? undefined : await errorOf(res);
    }
    if (err) {
      if (isBusy(err)) busyFailed(err.retryAfter ?? 0);
      await errorWordingReady();
      throw err;
    }
  }
  busyOver();
  const blob = res._data ?? new Blob([]);
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

/** A failed answer as ApiError: its JSON body when it has one, a 503's advised wait. */
async function errorOf(res: FetchResponse<Blob>): Promise<ApiError> {
  let body: ApiErrorBody = {};
  try {
    body = JSON.parse((await res._data?.text()) ?? '');
  } catch {
    /* not JSON */
  }
  return new ApiError(res.status, body, res.status === 503 ? retryAfterOf(res.headers.get('Retry-After'), body) : undefined);
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
