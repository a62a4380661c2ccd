import type { createDataProvider } from '../../providers/dataProvider.ts';

/** The reports' shapes as the API answers them (`/admin/report`), and helpers the screens share (docs/reports.md). */

export type Provider = ReturnType<typeof createDataProvider>;
export type Text = { ru: string; en: string };
export interface Column {
  key: string;
  title: Text;
  kind: string;
  sortable?: boolean;
  states?: Record<string, Text>;
}
export interface ReportInfo {
  type: string;
  group: string;
  title: Text;
  params: string[];
  required: string[];
  columns: Column[];
  chart: boolean;
}
export interface Catalogue {
  groups: { group: string; title: Text }[];
  reports: ReportInfo[];
}
export interface Chart {
  kind: 'bar' | 'line' | 'lights';
  title: Text;
  data: { label: string; value: number; extra?: number }[];
}
export type Params = Record<string, unknown>;
export interface Saved {
  id: number;
  name: string;
  type: string;
  params: Params;
  created_at: string;
}

export const PERIODS = ['all', 'year', 'quarter', 'month', 'week', 'yesterday', 'range'] as const;
export const LIGHT: Record<string, string> = { green: '#2e7d32', amber: '#ed6c02', red: '#d32f2f' };

export const tx = (t: Text | undefined, locale: string) => (t ? (locale === 'en' ? t.en : t.ru) : '');

/** The API's query of a report: the parameters set (lists as `users[]`), the page and order. */
export function queryOf(params: Params, extra: Record<string, unknown>) {
  const q: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) continue;
    if (k === 'step' && !v) continue;
    // booleans as words: the API's query reads true/false (the shared query string would send 1/0)
    q[k] = typeof v === 'boolean' ? String(v) : v;
  }
  if ('step' in params || params.type === 'trafficLights') q.step = params.step ?? 'program';
  return { ...q, ...extra };
}
