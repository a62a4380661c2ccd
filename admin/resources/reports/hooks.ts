import { keepPreviousData, skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useBasename } from 'react-admin';
import type { ReportCatalogue, ReportChart, ReportChoice, ReportInfo, ReportPage, ReportParamValues } from '../../../common/api/types/reports.ts';
import { type AdminDataProvider, apiKey, useApi, useApiQuery } from '../../providers/queries.ts';
import { queryOf } from './model.ts';

/** A path of the back office (react-admin runs under the basename `/admin`). */
export function useTo() {
  const base = useBasename();
  return (path: string) => `${base}${path}`;
}

/** The report catalogue (`GET /admin/report`): asked once a session, it only changes with a new server version. */
export function useCatalogue() {
  return useApiQuery<{ data: ReportCatalogue }, ReportCatalogue>('/admin/report', { select: (r) => r.data, staleTime: Number.POSITIVE_INFINITY }).data;
}

/** Choices of a parameter from `/admin/report/choices` (readable by everyone who reads reports). */
export function useChoices(kind: string, programId?: unknown) {
  const query = { kind, ...(programId ? { program_id: programId } : {}) };
  return useApiQuery<{ data: ReportChoice[] }, ReportChoice[]>('/admin/report/choices', { query, select: (r) => r.data, staleTime: 60_000 }).data ?? [];
}

export interface ReportView {
  page: number;
  perPage: number;
  sort: { field?: string; order: 'asc' | 'desc' };
}

export const FIRST_PAGE: ReportView = { page: 0, perPage: 15, sort: { order: 'asc' } };

/** A report's answers stay fresh this long: building it, then showing it, asks the server once. */
const REPORT_FRESH_MS = 30_000;

const pageKey = (type: string, params: ReportParamValues, view: ReportView) => [...apiKey(`/admin/report/${type}`), params, view];
/** The whole report's chart, kept apart from the pages: the first page asked brings it, the others do not ask again. */
const chartKey = (type: string, params: ReportParamValues) => [...apiKey(`/admin/report/${type}`), params, 'chart'];

/**
 * One page of a report as a query: the wizard's "build" fetches the first page (its errors are the form's), and the
 * result screen then finds that answer in the cache. The chart comes with the first page asked for these parameters
 * (`with_chart`), so the page and the chart are one request (docs/reports.md "The result screen").
 */
function reportPageQuery(dp: AdminDataProvider, client: QueryClient, def: ReportInfo, params: ReportParamValues, view: ReportView) {
  return {
    queryKey: pageKey(def.type, params, view),
    staleTime: REPORT_FRESH_MS,
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const withChart = def.chart && client.getQueryData(chartKey(def.type, params)) === undefined;
      const extra = { page: view.page + 1, per_page: view.perPage, ...(view.sort.field ? { sort: view.sort.field, order: view.sort.order } : {}), ...(withChart ? { with_chart: 'true' } : {}) };
      const answer = await dp.call<ReportPage>(`/admin/report/${def.type}`, { query: queryOf(params, extra), signal });
      if (withChart) client.setQueryData(chartKey(def.type, params), answer.chart ?? null);
      return answer;
    },
  };
}

/** The first page of a report, fetched ahead (the wizard's build): throws the API's error, caches the answer. */
export function usePrefetchReport() {
  const dp = useApi();
  const client = useQueryClient();
  return (def: ReportInfo, params: ReportParamValues) => client.fetchQuery(reportPageQuery(dp, client, def, params, FIRST_PAGE));
}

/** A page of the report (the previous one stays shown while the next comes) and its chart. */
export function useReport(def: ReportInfo, params: ReportParamValues, view: ReportView) {
  const dp = useApi();
  const client = useQueryClient();
  const page = useQuery({ ...reportPageQuery(dp, client, def, params, view), placeholderData: keepPreviousData });
  const chart = useQuery<ReportChart | null>({ queryKey: chartKey(def.type, params), queryFn: skipToken, staleTime: REPORT_FRESH_MS });
  return { page, chart: chart.data ?? undefined };
}
