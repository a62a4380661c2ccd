import { dayError } from '../../core/dates.ts';
import { ValidationError } from '../../core/errors.ts';

/** The specification's report periods, plus `range` (date_start..date_end). */
export const PERIODS = ['all', 'year', 'quarter', 'month', 'week', 'yesterday', 'range'] as const;
export type Period = (typeof PERIODS)[number];

/** A resolved period: instants in UTC, `from` inclusive, `to` exclusive; absent = open. */
export interface Window {
  from?: Date;
  to?: Date;
}

const DAY = 86_400_000;

/**
 * Resolves a report's period (docs/reports.md "Periods"), on the server's clock in UTC:
 * - `all`: no limit; `yesterday`: the previous UTC day; `week`, `month`, `quarter`, `year`: the last 7 days,
 *   1, 3 or 12 months up to now (today included);
 * - `range` (or no period with `date_start`/`date_end`): from the start of `date_start` to the end of `date_end`
 *   (`YYYY-MM-DD`, both included; one of them may be left open).
 * Nothing given: 422 `date_start: validation.report_range` ("Report creation requires a date range");
 * end before start: 422 `date_end: validation.after_start`; a date that is not a day: `validation.date`; a day outside
 * 1900-01-01..2100-12-31: `validation.date_range`.
 */
export function resolvePeriod(p: { period?: string; date_start?: string; date_end?: string }, now = new Date()): Window {
  const period = p.period ?? (p.date_start || p.date_end ? 'range' : undefined);
  if (!period) throw new ValidationError({ date_start: ['validation.report_range'] });
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monthsBack = (n: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, now.getUTCDate()));
  switch (period) {
    case 'all':
      return {};
    case 'yesterday':
      return { from: new Date(today - DAY), to: new Date(today) };
    case 'week':
      return { from: new Date(today - 6 * DAY) };
    case 'month':
      return { from: monthsBack(1) };
    case 'quarter':
      return { from: monthsBack(3) };
    case 'year':
      return { from: monthsBack(12) };
    case 'range': {
      const errors: Record<string, string[]> = {};
      if (!p.date_start && !p.date_end) errors.date_start = ['validation.report_range'];
      // a day outside 1900..2100 (server/core/dates.ts): `validation.date_range`, so that no report, export job or saved
      // report holds one (9999-12-31 answered 500: the day after it is no date PostgreSQL reads back)
      const start = p.date_start ? dayError(p.date_start) : undefined;
      const end = p.date_end ? dayError(p.date_end) : undefined;
      if (start) errors.date_start = [start];
      if (end) errors.date_end = [end];
      if (!Object.keys(errors).length && p.date_start && p.date_end && p.date_end < p.date_start) errors.date_end = ['validation.after_start'];
      if (Object.keys(errors).length) throw new ValidationError(errors);
      return {
        from: p.date_start ? new Date(`${p.date_start}T00:00:00Z`) : undefined,
        to: p.date_end ? new Date(Date.parse(`${p.date_end}T00:00:00Z`) + DAY) : undefined,
      };
    }
    default:
      throw new ValidationError({ period: ['validation.choice'] });
  }
}
