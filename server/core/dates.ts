import { Type } from 'typebox';

/**
 * The days the API takes (issue 27, docs/decisions.md "Dates the API takes"): 1900-01-01 to 2100-12-31. A date
 * parameter outside answers 422 `validation.date_range` — `9999-12-31` as a report's end answered 500 (the day after
 * it is past what a JavaScript date turns back into an ISO day PostgreSQL reads) and `0001-01-01` is no date anyone
 * means in a school. Every route schema's `format: date`/`date-time` value is held to it (server/core/strict-values.ts),
 * and dates read by hand (report periods, list filters) through `dayError`/`parseDay`.
 */
export const DAY_MIN = '1900-01-01';
export const DAY_MAX = '2100-12-31';

/** Whether `s` is a calendar day `YYYY-MM-DD` (2025-02-30 is not). */
export function isDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s;
}

/** Whether the day `YYYY-MM-DD` (compared as text) lies in DAY_MIN..DAY_MAX. */
export const dayInRange = (s: string) => s >= DAY_MIN && s <= DAY_MAX;

/** Why `s` is not a day the API takes: `validation.date` (not a day), `validation.date_range` (outside), or undefined. */
export function dayError(s: string): 'validation.date' | 'validation.date_range' | undefined {
  if (!isDay(s)) return 'validation.date';
  return dayInRange(s) ? undefined : 'validation.date_range';
}

/** The start (UTC) of the day `s` if it is a day the API takes. */
export function parseDay(s: string): Date | undefined {
  return dayError(s) ? undefined : new Date(`${s}T00:00:00Z`);
}

/** A day parameter `YYYY-MM-DD` in DAY_MIN..DAY_MAX (checked by the route's validator, server/core/strict-values.ts). */
export const DayParam = (description = 'YYYY-MM-DD') => Type.String({ format: 'date', description: `${description} (${DAY_MIN}..${DAY_MAX})` });
