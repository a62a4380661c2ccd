import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { AuthProvider, DataProvider } from 'react-admin';
import type { ResourceConfig } from '../framework/types.ts';
import { EARLY_FOR_MS, firstPageParams } from './early-list.ts';

/**
 * The answers react-admin's first render of the landing waits for, put in its query cache before that render
 * (admin/App.tsx `prefetchSession`, docs/admin.md "What the first load holds"). Without them the landing is a chain:
 * react-admin renders, asks the sign-in check, renders again, asks the list's access check, renders again, asks the
 * rows, renders again; each answer reaches the screen through React Query's store, which React renders synchronously,
 * so on a phone each step was a long task after the first paint. With the three answers in the cache the first render
 * is the list with its rows.
 *
 * Each answer is the providers' own (the sign-in check as `checkAuth` says, the access as `canAccess` says, the rows
 * as `getList` gives them, taking the early read of early-list.ts), nothing is assumed; a refusal or a failure primes
 * nothing of what follows it and react-admin asks as usual. The keys are react-admin 5's (`useAuthState`, the list
 * controller's `useRequireAccess`, `useGetList`). They stay fresh for EARLY_FOR_MS, so that mounting does not ask
 * them again at once; after that the usual rules are back.
 */
export async function primeLanding(client: QueryClient, auth: AuthProvider, data: DataProvider, cfg: ResourceConfig) {
  const signedIn = await auth.checkAuth({}).then(
    () => true,
    () => false,
  );
  if (!signedIn) return false;
  const canList = (await auth.canAccess?.({ resource: cfg.name, action: 'list' }).catch(() => undefined)) ?? undefined;
  const params = firstPageParams(cfg);
  const rows = canList ? await data.getList(cfg.name, params).catch(() => undefined) : undefined;
  const keys: [QueryKey, unknown][] = [[['auth', 'checkAuth', {}], true]];
  if (canList !== undefined) keys.push([['auth', 'canAccess', { action: 'list', resource: cfg.name, enabled: true }], canList]);
  if (rows) {
    const { pagination, sort, filter } = params;
    keys.push([[cfg.name, 'getList', { pagination, sort, filter, meta: undefined }], { data: rows.data, total: rows.total, pageInfo: rows.pageInfo, meta: rows.meta }]);
  }
  for (const [key, answer] of keys) {
    client.setQueryDefaults(key, { staleTime: EARLY_FOR_MS });
    client.setQueryData(key, answer);
  }
  setTimeout(() => {
    for (const [key] of keys) client.setQueryDefaults(key, {});
  }, EARLY_FOR_MS);
  return !!rows;
}
