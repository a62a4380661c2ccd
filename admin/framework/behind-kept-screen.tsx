import { useDeferredValue, type ReactNode } from 'react';
import { ListBase, ListContextProvider, ListView, useListContext, type ListProps } from 'react-admin';
import { keptScreenOnShow } from './kept-screen.ts';

/**
 * While the kept landing is on show (admin/framework/kept-screen.ts), `value` as the last background render left it:
 * React renders what depends on it as a transition, in slices of a few milliseconds between which the browser stays
 * free, instead of in one long task. react-query tells of each answer through `useSyncExternalStore`, whose updates
 * React renders at once and whole (on a phone's CPU, the back office's first render was two tasks of a third of a
 * second each: docs/performance.md, the twenty-sixth session). Nobody sees or touches the live screen below the
 * picture, so nothing is lost by its being a few frames behind; once the picture has given way, `value` is used as
 * it is, and a click's update shows at once as before. Given an `initial`, a component mounted under the picture
 * shows that first and renders `value` in the background too.
 */
export function useBehindKeptScreen<T>(value: T, initial?: T): T {
  const onShow = keptScreenOnShow();
  const deferred = useDeferredValue(onShow ? value : undefined, onShow ? initial : undefined);
  return onShow ? (deferred as T) : value;
}

/** The list's view under the kept landing: mounted in a background render of its own, then rendered from the answers. */
function ListAnswersBehindKeptScreen({ children }: { children: ReactNode }) {
  const list = useBehindKeptScreen(useListContext());
  const mounted = useBehindKeptScreen(true, false);
  return mounted ? <ListContextProvider value={list}>{children}</ListContextProvider> : null;
}

/**
 * react-admin's `<List>` (its `ListBase` reading, its `ListView` showing), the view rendered from the list's answers
 * in the background while the kept landing is on show (above): each answer of the list's reads and access checks
 * changes the list's context, and the whole view (toolbar, filters, rows, pagination) would render again at each.
 */
export function ListBehindKeptScreen({
  debounce,
  disableAuthentication,
  disableSyncWithLocation,
  exporter,
  filter,
  filterDefaultValues,
  perPage,
  queryOptions,
  resource,
  sort,
  storeKey,
  ...view
}: ListProps) {
  return (
    <ListBase
      {...{ debounce, disableAuthentication, disableSyncWithLocation, exporter, filter, filterDefaultValues, perPage, queryOptions, resource, sort, storeKey }}
      // as the theme sets it for every `<List>` (admin/App.tsx, RaList), and as `<List>` leaves offline to its view
      authLoading={false}
      offline={false}
    >
      <ListAnswersBehindKeptScreen>
        <ListView {...view} />
      </ListAnswersBehindKeptScreen>
    </ListBase>
  );
}
