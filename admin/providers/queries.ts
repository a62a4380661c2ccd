import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { createDataProvider } from './dataProvider.ts';
import type { RequestOptions } from '../../common/api/client.ts';

/**
 * The back office's custom screens read and write through react-admin's own query layer (docs/admin.md "Data on
 * custom screens"): records of a resource with react-admin's hooks (`useGetList`, `useGetOne`, `useGetMany`,
 * `useUpdate`…), any other endpoint with `useApiQuery` / `useApiMutation` below. Both run in the QueryClient that
 * `<Admin>` provides: an answer is cached and shared by every component that asks the same (one request for two
 * readers), a screen left is cancelled, and each read has its loading and error state. No screen fetches in an effect.
 */

/** The back office's dataProvider: react-admin's CRUD plus `call`, `bulk`, `recordAction`… (dataProvider.ts). */
export type AdminDataProvider = ReturnType<typeof createDataProvider>;

export const useApi = () => useDataProvider<AdminDataProvider>();

/** The cache key of a custom read: `['api', path, query]`; `['api', path]` names every read of that path. */
export const apiKey = (path: string, query?: Record<string, unknown>) => (query ? ['api', path, query] : ['api', path]);

export interface ApiQueryOptions<T, R> {
  query?: Record<string, unknown>;
  /** Off: nothing is asked (a parameter is not chosen yet). */
  enabled?: boolean;
  /** Keep showing the previous answer while the next one (another page, another filter) is on its way. */
  keepPrevious?: boolean;
  /** Pick what the screen uses from the answer (`(r) => r.data`). */
  select?: (answer: T) => R;
  /** Ask once per screen: a remount within this many ms reuses the answer. */
  staleTime?: number;
  /** Part of the cache key only, not sent: another value asks again (the badge asks on every screen change). */
  scope?: string;
  /** Ask again every so many ms while the screen is open; a function of the last answer may stop (`false`) once it is final. */
  refetchInterval?: number | ((answer: T | undefined) => number | false);
  /** A read the API takes as a POST (its parameters too long or structured for a URL): `query` goes as the JSON body. */
  post?: boolean;
  /** How often a failed read is asked again before its error shows (react-query's default: 3 times, over about 7 s). */
  retry?: boolean | number;
}

/** A read of one of the API's custom endpoints (GET `path` with `query`, or POST with `post`), cached under `apiKey(path, query)`. */
export function useApiQuery<T, R = T>(path: string, { query, enabled = true, keepPrevious, select, staleTime, refetchInterval, scope, retry, post }: ApiQueryOptions<T, R> = {}) {
  const dp = useApi();
  return useQuery({
    queryKey: scope === undefined ? apiKey(path, query ?? {}) : [...apiKey(path, query ?? {}), scope],
    queryFn: ({ signal }) => dp.call<T>(path, post ? { method: 'POST', body: query, json: true, signal } : { query, signal }),
    enabled,
    select,
    staleTime,
    refetchInterval: typeof refetchInterval === 'function' ? (q) => refetchInterval(q.state.data) : refetchInterval,
    retry,
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
}

/**
 * A write through react-admin's QueryClient: `run(opts)` calls the API; when it succeeded the reads named in
 * `invalidates` (paths, or react-admin resource names) are asked again, so every screen showing them is fresh.
 */
export function useApiMutation<T, V = void>(call: (dp: AdminDataProvider, vars: V) => Promise<T>, invalidates: (string | readonly unknown[])[] = []) {
  const dp = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => call(dp, vars),
    onSuccess: () => Promise.all(invalidates.map((k) => client.invalidateQueries({ queryKey: typeof k === 'string' ? (k.startsWith('/') ? apiKey(k) : [k]) : [...k] }))),
  });
}

/**
 * A screen's writes to several endpoints through one `useApiMutation`: `write<T>(path, opts)` sends the call as a
 * mutation of react-admin's QueryClient and answers the API's answer (which the screen may put in its read's cache);
 * `write.pending` while one is on its way. For one endpoint, a `useApiMutation` of its own reads better.
 */
export function useApiWrite(invalidates: (string | readonly unknown[])[] = []) {
  const m = useApiMutation((dp, { path, ...opts }: { path: string } & RequestOptions) => dp.call<unknown>(path, opts), invalidates);
  return Object.assign(<T = unknown>(path: string, opts: RequestOptions = {}) => m.mutateAsync({ path, ...opts }) as Promise<T>, { pending: m.isPending });
}

/** Asks again every read of these API paths (after a write made outside `useApiMutation`). */
export function useRefreshApi() {
  const client = useQueryClient();
  return (...paths: string[]) => Promise.all(paths.map((p) => client.invalidateQueries({ queryKey: apiKey(p) })));
}
