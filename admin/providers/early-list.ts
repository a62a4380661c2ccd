import type { GetListParams, GetListResult } from 'react-admin';
import type { ResourceConfig } from '../framework/types.ts';
import { PER_PAGE } from '../framework/cells.tsx';

/**
 * The landing's list, asked before react-admin renders (issue 29, docs/admin.md "What the first load holds"). An
 * admin opening `/admin/` lands on the first menu entry they may list, but react-admin asks for its rows only after
 * the sign-in check, every menu entry's access check, the redirect and the list's first render. The same read is
 * started as soon as the profile and the school's sections are in, and react-admin's own `getList` of the same page
 * takes its answer instead of asking again. Only the generic list's first page as react-admin asks it on a first
 * visit: a list whose params were changed before (kept in react-admin's store) is asked as usual.
 */

/** The params react-admin's list controller sends for a generic list's first page (useListParams' defaults). */
export function firstPageParams(cfg: ResourceConfig): GetListParams {
  return { pagination: { page: 1, perPage: PER_PAGE }, sort: cfg.list.sort ?? { field: 'id', order: 'ASC' }, filter: {} };
}

const keyOf = (resource: string, p: GetListParams) => JSON.stringify([resource, p.pagination?.page, p.pagination?.perPage, p.sort?.field, p.sort?.order, p.filter ?? {}]);

/** An early answer is taken only this soon after it was asked (the landing renders within a few seconds). */
export const EARLY_FOR_MS = 15_000;

export function createEarlyList(getList: (resource: string, params: GetListParams) => Promise<GetListResult>) {
  let early: { key: string; at: number; answer: Promise<GetListResult> } | undefined;
  return {
    /** Starts the read of `cfg`'s first page; a failure is left to react-admin's own read. */
    ask(cfg: ResourceConfig) {
      const params = firstPageParams(cfg);
      const answer = getList(cfg.name, params);
      answer.catch(() => undefined);
      early = { key: keyOf(cfg.name, params), at: Date.now(), answer };
    },
    /** The early answer when `params` are the ones it was asked with (once), else undefined. */
    take(resource: string, params: GetListParams): Promise<GetListResult> | undefined {
      const e = early;
      if (!e || e.key !== keyOf(resource, params) || Date.now() - e.at > EARLY_FOR_MS) return undefined;
      early = undefined;
      return e.answer.catch(() => getList(resource, params));
    },
  };
}

/** The resource react-admin lands on: the first of the menu's order the role may list, with no list of its own making. */
export function landingResource(resources: ResourceConfig[], canList: (cfg: ResourceConfig) => boolean) {
  const first = resources.find(canList);
  return first && !first.screens?.list ? first : undefined;
}

/**
 * Whether this page load is the landing (the bare `/admin/`, or the list's own address without a query: the portal
 * sends staff there after sign-in) with nothing of the list's params kept from before (react-admin's store).
 */
export function landingFirstVisit(resource: string) {
  const { pathname, search } = window.location;
  const atList = pathname.replace(/\/+$/, '') === `/admin/${resource}` && !search;
  return (atLanding(pathname) || atList) && !localStorage.getItem(`RaStore.${resource}.listParams`);
}

/** Whether the address is the back office's bare `/admin/`, where react-admin redirects to the landing's list. */
const atLanding = (pathname: string) => pathname.replace(/\/+$/, '') === '/admin';

/**
 * The address the page should have before react-admin's first render: the landing's list instead of the bare
 * `/admin/` (its query and fragment kept), else undefined (any other address stays as it is). react-admin's own
 * redirect from `/admin/` waits for every menu entry's access check and then renders the whole layout a second time
 * for the list; an address that is already the list's skips both.
 */
export function landingAddress(resource: string, where: { pathname: string; search: string; hash: string }) {
  return atLanding(where.pathname) ? `/admin/${resource}${where.search}${where.hash}` : undefined;
}
