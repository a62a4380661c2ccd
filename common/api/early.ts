import { STORAGE_KEYS, storage } from '../storage.ts';
import { apiBaseUrl } from '../tenant/tenant.ts';
import { apiHeaders } from './headers.ts';

/**
 * Reads started by an app's entry before its main code has arrived (the back office's first load, docs/admin.md
 * "What the first load holds"): the entry is a few hundred bytes and the code a few hundred kilobytes, so the session's
 * first answers can be on their way while the code downloads. The client's first GET of the same address takes the
 * answer (once) instead of asking again; a read that failed in any way is asked again by the client as usual, with
 * its retries and error handling. Plain `fetch`, so that the entry does not carry the client.
 */
const early = new Map<string, { at: number; answer: Promise<unknown> }>();

/** An early answer no one took this soon is dropped: a later read of the same address must not get old rows. */
export const EARLY_TAKEN_WITHIN_MS = 60_000;

/** Starts GETs of the API's `paths` (a query string allowed) with the headers every call carries. */
export function readEarly(paths: string[]) {
  const headers = { Accept: 'application/json', ...apiHeaders() };
  for (const path of paths) {
    const url = `${apiBaseUrl()}${path}`;
    const answer = fetch(url, { headers }).then(
      (r) => (r.ok ? r.json() : undefined),
      () => undefined,
    );
    early.set(url, { at: Date.now(), answer });
  }
}

/** The early answer of `url` (once), or undefined when there is none; it resolves to undefined when the read failed. */
export function takeEarly(url: string): Promise<unknown> | undefined {
  const e = early.get(url);
  early.delete(url);
  return e && Date.now() - e.at <= EARLY_TAKEN_WITHIN_MS ? e.answer : undefined;
}

/**
 * The read a page load of this session will want first, kept for the next load of the same page (the back office's
 * landing list: `page` is its address, admin/App.tsx), or none: the next load's entry starts it beside the profile,
 * before the code that would ask it has arrived. Kept with a fingerprint of the session's token, so that another
 * sign-in on the browser does not read it. A read this load's entry started from what was kept and that is not `path`
 * (the landing changed, or its list has params of its own now) is dropped, so that no later read of its address gets
 * its answer.
 */
export function keepFirstRead(read: { path: string; page: string } | undefined) {
  const started = keptFirstRead()?.path;
  if (started && started !== read?.path) early.delete(`${apiBaseUrl()}${started}`);
  const token = storage.get(STORAGE_KEYS.token);
  if (read && token) storage.set(STORAGE_KEYS.firstRead, JSON.stringify({ session: fingerprint(token), ...read }));
  else storage.remove(STORAGE_KEYS.firstRead);
}

/** The kept first read's path when this session kept it and `where` is its page (or the bare page it lands from). */
export function rememberedFirstRead(where: { pathname: string; search: string }): string | undefined {
  const kept = keptFirstRead();
  if (!kept) return undefined;
  const at = where.pathname.replace(/\/+$/, '');
  return at === kept.page.replace(/\/[^/]*$/, '') || (at === kept.page && !where.search) ? kept.path : undefined;
}

/** The back office page this session lands on, as its last load kept it (admin/App.tsx), or none. */
export function landingPage(): string | undefined {
  return keptFirstRead()?.page;
}

/** A fingerprint of the session's token, or none when signed out: what this browser keeps for a session is tied to it. */
export function sessionFingerprint(): string | undefined {
  const token = storage.get(STORAGE_KEYS.token);
  return token ? fingerprint(token) : undefined;
}

function keptFirstRead(): { path: string; page: string } | undefined {
  const token = storage.get(STORAGE_KEYS.token);
  try {
    const kept = JSON.parse(storage.get(STORAGE_KEYS.firstRead) ?? 'null') as { session?: string; path?: unknown; page?: unknown } | null;
    const ours = token && kept?.session === fingerprint(token) && typeof kept.path === 'string' && kept.path.startsWith('/') && typeof kept.page === 'string';
    return ours ? { path: kept.path as string, page: kept.page as string } : undefined;
  } catch {
    return undefined;
  }
}

/** FNV-1a of the token: tells sessions apart without keeping a second copy of the token. */
function fingerprint(token: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) h = Math.imul(h ^ token.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}
