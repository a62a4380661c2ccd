import { lazy, type ComponentType } from 'react';

const RELOADED = 'admin-chunk-reload';

/**
 * A resource's own screen (or edit-side panel) as a chunk loaded when it is first opened:
 * `lazyScreen(() => import('./CourseEdit.tsx'), 'CourseEdit')`. react-admin's layout shows its loader meanwhile
 * (the layout's Suspense), so the back office's first load carries only the shell and the generic screens.
 * A chunk that cannot be had because a new version was deployed while the tab was open (its old file is gone)
 * reloads the page once, which brings the new version; a second failure shows react-admin's error screen.
 */
export function lazyScreen<M extends Record<K, ComponentType<never>>, K extends keyof M & string>(load: () => Promise<M>, name: K): M[K] {
  return lazy(() =>
    load().then(
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
