import type { ApiError, ApiErrorBody } from './client.ts';

/**
 * The apps' side of "overload is an answer" (issue 26 item 3; docs/api.md "Busy"). When the API answers 503 ERROR_BUSY
 * with `Retry-After`, a call that changes nothing (GET, HEAD, OPTIONS) is tried again once after the advised wait,
 * capped at `MAX_BUSY_WAIT_MS`, and cancelled with its caller; any other call is never sent again (the API wrote
 * nothing, and the user decides whether to send it again). Meanwhile and when it fails, the apps show a "busy" notice
 * from the state announced here (the portal's banner, the back office's notification).
 */

/** The methods tried again after a busy answer: they change nothing, so a second try can do no harm. */
export const RETRIED_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The longest wait before the one retry, whatever the server advises (a longer advice is waited this long). */
export const MAX_BUSY_WAIT_MS = 10_000;

/**
 * The advised wait of a 503, in seconds: the `Retry-After` header (seconds, or an HTTP date), else the body's
 * `variables.retry_after` (the API sends both; the header is readable across origins only because CORS exposes it).
 */
export function retryAfterOf(header: string | null | undefined, body?: ApiErrorBody, now = Date.now()): number | undefined {
  const h = header?.trim();
  if (h) {
    if (/^\d+$/.test(h)) return Number(h);
    const at = Date.parse(h);
    if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - now) / 1000));
  }
  const v = body?.variables?.retry_after;
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined;
}

/** Whether an error is the API's "busy, come back in a moment". */
export const isBusy = (err: ApiError) => err.status === 503 && (err.body.name === 'ERROR_BUSY' || err.retryAfter !== undefined);

/** The wait before the retry, in ms: the advice, never more than MAX_BUSY_WAIT_MS. */
export const busyWaitMs = (seconds: number) => Math.min(Math.max(0, seconds) * 1000, MAX_BUSY_WAIT_MS);

/**
 * What the notice shows: nothing; "busy, trying again in N s" while a read waits for its retry; "busy, try again in
 * N s" once a call failed busy (a retried read whose retry was busy too, or a write, never retried).
 */
export type BusyState = { phase: 'clear' } | { phase: 'retrying'; seconds: number } | { phase: 'failed'; seconds: number } | { phase: 'reconnecting' };

/**
 * "Reconnecting" (issue 32: an API host lost behind the load balancer): a read that got no answer (the connection
 * dropped) or a gateway's 502/504 is tried again after these waits, then fails as it would have; a write never is
 * (it may have been done: the quiz's answers have their own outbox, learner/pages/quiz/outbox.ts).
 */
export const RECONNECT_WAITS_MS: readonly number[] = [500, 1000, 2000, 4000];

type Listener = (state: BusyState) => void;
const listeners = new Set<Listener>();
let state: BusyState = { phase: 'clear' };
let waiting = 0;

function announce(next: BusyState) {
  state = next;
  for (const l of listeners) l(next);
}

/** Hears every change of the busy state; answers how to stop. */
export function onBusy(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
/** The busy state now (a notice mounted late starts from it). */
export const busyState = (): BusyState => state;

/** A read waits for its retry. */
export function busyWaiting(seconds: number) {
  waiting++;
  announce({ phase: 'retrying', seconds });
}
/** A read lost its connection and waits to be tried again. */
export function busyReconnecting() {
  waiting++;
  announce({ phase: 'reconnecting' });
}
/** A read's wait is over (retried, or cancelled by its caller). */
export function busyWaitOver() {
  waiting = Math.max(0, waiting - 1);
}
/** A call failed busy: its user is told to try again later. */
export function busyFailed(seconds: number) {
  announce({ phase: 'failed', seconds });
}
/** A call succeeded: the notice goes, unless another read still waits for its retry. */
export function busyOver() {
  if (state.phase !== 'clear' && waiting === 0) announce({ phase: 'clear' });
}
/** A call was cancelled by its caller, or gave up reconnecting: a "trying again" notice goes unless another read still waits. */
export function busyCancelled() {
  if ((state.phase === 'retrying' || state.phase === 'reconnecting') && waiting === 0) announce({ phase: 'clear' });
}
/** The notice is dismissed by its user. */
export const dismissBusy = () => announce({ phase: 'clear' });

/** Waits `ms`, or rejects with `aborted()` as soon as the caller cancels. */
export function pause(ms: number, signal: AbortSignal | undefined, aborted: () => Error): Promise<void> {
  if (signal?.aborted) return Promise.reject(aborted());
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
