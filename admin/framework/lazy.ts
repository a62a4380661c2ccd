import { lazy, type ComponentType } from 'react';

const RELOADED = 'admin-chunk-reload';

/** The specification's chunk-loading timeout (its business constants: 120000 ms). */
export const CHUNK_TIMEOUT_MS = 120_000;

/**
 * A chunk's load that has not settled after `ms` fails as one that could not be had (a stalled connection would
 * otherwise leave the screen's loader turning for ever): the caller's failure path then runs.
 */
export function withChunkTimeout<T>(load: Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Chunk not loaded in ${ms} ms`)), ms);
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A resource's own screen (or edit-side panel) as a chunk loaded when it is first opened:
 * `lazyScreen(() => import('./CourseEdit.tsx'), 'CourseEdit')`. react-admin's layout shows its loader meanwhile
 * (the layout's Suspense), so the back office's first load carries only the shell and the generic screens.
 * A chunk that cannot be had because a new version was deployed while the tab was open (its old file is gone)
 * reloads the page once, which brings the new version; a second failure shows react-admin's error screen. A chunk
 * not loaded within the specification's 120 s (`CHUNK_TIMEOUT_MS`) counts as one that failed.
 */
export function lazyScreen<M extends Record<K, ComponentType<never>>, K extends keyof M & string>(load: () => Promise<M>, name: K): M[K] {
  return lazy(() =>
    withChunkTimeout(load()).then(
      (m) => {
        sessionStorage.removeItem(RELOADED);
        return { default: m[name] as ComponentType };
      },
      (err: unknown) => {
        if (sessionStorage.getItem(RELOADED)) throw err;
        sessionStorage.setItem(RELOADED, '1');
        window.location.reload();
        return new Promise<never>(() => undefined);
      },
    ),
  ) as unknown as M[K];
}

const preloaded = new Set<() => Promise<unknown>>();

/**
 * Fetches a chunk that is not needed yet, once the browser is idle (each loader once): the next screen that needs it
 * finds it loaded. A failure here is left to the screen's own load (`lazyScreen`: its timeout and one reload).
 */
export function preloadWhenIdle(load: () => Promise<unknown>) {
  if (preloaded.has(load)) return;
  preloaded.add(load);
  const run = () => void withChunkTimeout(load()).catch(() => preloaded.delete(load));
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 5_000 });
  else setTimeout(run, 200);
}
