import { notifyManager } from '@tanstack/react-query';

/**
 * react-query tells its subscribers of each query's change in a task of its own (a `setTimeout` each), and every such
 * task is a synchronous React render of the back office (react-query reads through `useSyncExternalStore`, whose
 * updates are never deferred). At the back office's start some forty reads end within a few milliseconds of each
 * other (each menu entry asks `canAccess` for its resource, the profile, the list…), which made forty renders one
 * after another on a phone's slow CPU. The notices due in the same turn are delivered together here, in one task, so
 * React renders them once.
 */
export function notifyTogether(later: (run: () => void) => void = (run) => setTimeout(run, 0)) {
  let due: Array<() => void> = [];
  notifyManager.setScheduler((notice) => {
    due.push(notice);
    if (due.length > 1) return;
    later(() => {
      const now = due;
      due = [];
      for (const run of now) run();
    });
  });
}
