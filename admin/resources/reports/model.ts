import type { ReportParamValues, Text } from '../../../common/api/types/reports.ts';

/** Helpers the reports' screens share (docs/reports.md); the API's shapes are in common/api/types/reports.ts. */

export const PERIODS = ['all', 'year', 'quarter', 'month', 'week', 'yesterday', 'range'] as const;
export const LIGHT: Record<string, string> = { green: '#2e7d32', amber: '#ed6c02', red: '#d32f2f' };

export const tx = (t: Text | undefined, locale: string) => (t ? (locale === 'en' ? t.en : t.ru) : '');

/** The API's query of a report: the parameters set (lists as `users[]`), the page and order. */
export function queryOf(params: ReportParamValues, extra: Record<string, unknown>) {
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
