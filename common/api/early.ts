import { apiBaseUrl } from '../tenant/tenant.ts';
import { apiHeaders } from './headers.ts';

/**
 * Reads started by an app's entry before its main code has arrived (the back office's first load, docs/admin.md
 * "What the first load holds"): the entry is a few hundred bytes and the code a few hundred kilobytes, so the session's
 * first answers can be on their way while the code downloads. The client's first GET of the same address takes the
 * answer (once) instead of asking again; a read that failed in any way is asked again by the client as usual, with
 * its retries and error handling. Plain `fetch`, so that the entry does not carry the client.
 */
const early = new Map<string, Promise<unknown>>();

/** Starts GETs of the API's `paths` (no query string) with the headers every call carries. */
export function readEarly(paths: string[]) {
  const headers = { Accept: 'application/json', ...apiHeaders() };
  for (const path of paths) {
    const url = `${apiBaseUrl()}${path}`;
    early.set(
      url,
      fetch(url, { headers }).then(
        (r) => (r.ok ? r.json() : undefined),
        () => undefined,
      ),
    );
  }
}

/** The early answer of `url` (once), or undefined when there is none; it resolves to undefined when the read failed. */
export function takeEarly(url: string): Promise<unknown> | undefined {
  const answer = early.get(url);
  early.delete(url);
  return answer;
}
