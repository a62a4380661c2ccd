import { ApiError, apiHeaders, buildUrl, type ApiErrorBody } from './client.ts';
import { errorWordingReady } from './events.ts';

// Downloads, apart from client.ts so that the portal's first load does not carry them (issue 16).

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
