/** The schedule editor's model and its pure helpers (live totals, even split), kept apart from the screen to test them. */

/** The terms and currencies the server accepts: one list with it (common/payments/terms.ts). */
export { CURRENCIES, INSTALMENTS } from '../../../common/payments/terms.ts';
import type { StoredPlan } from '../../../common/api/types/payments.ts';

export interface Row {
  /** A stable key for React (rows move and get removed). */
  key: string;
  date: string; // YYYY-MM-DD (shown DD.MM.YYYY)
  sum: number;
  extra_sum: number;
  currency: string;
  extra_currency: string;
  paid: boolean;
  extra_paid: boolean;
}

export interface PlanDraft {
  program_id: number | '';
  months: number;
  currency: string;
  extra_currency: string; // '' = none
  total: number;
  extra_total: number;
}

/** A plan as `GET /admin/user/{id}/getPlan` answers it (the server's `EditorPlan`). */
export type { StoredPlan } from '../../../common/api/types/payments.ts';

let seq = 0;
export const newKey = () => `r${++seq}`;
const cents = (n: number) => Math.round((Number(n) || 0) * 100);

export function addMonths(iso: string, n: number) {
  const [y, m, d] = iso.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(d, last));
  return date.toISOString().slice(0, 10);
}

/** The editor's draft from a stored plan. */
export function fromStored(p: StoredPlan): { plan: PlanDraft; rows: Row[] } {
  return {
    plan: { program_id: p.program_id, months: p.months, currency: p.currency, extra_currency: p.extra_currency ?? '', total: p.total, extra_total: p.extra_total },
    rows: p.rows.map((r) => ({
      key: newKey(),
      date: r.date,
      sum: r.sum,
      extra_sum: r.extra_sum,
      currency: r.currency ?? p.currency,
      extra_currency: r.extra_currency ?? p.extra_currency ?? '',
      paid: r.paid,
      extra_paid: r.extra_paid,
    })),
  };
}

/**
 * `months` monthly rows from `start`: the main total split evenly in cents (the remainder on the last row),
 * the additional total on the first row.
 */
export function splitEvenly(plan: PlanDraft, start: string): Row[] {
  const n = plan.months;
  const total = cents(plan.total);
  const each = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => ({
    key: newKey(),
    date: addMonths(start, i),
    sum: (i === n - 1 ? total - each * (n - 1) : each) / 100,
    extra_sum: i === 0 ? plan.extra_total : 0,
    currency: plan.currency,
    extra_currency: plan.extra_currency,
    paid: false,
    extra_paid: false,
  }));
}

/** Live totals of the rows against the plan (what the server will check). */
export function totalsOf(plan: PlanDraft, rows: Row[]) {
  const main = rows.reduce((s, r) => s + cents(r.sum), 0);
  const extra = rows.reduce((s, r) => s + cents(r.extra_sum), 0);
  return {
    main: main / 100,
    extra: extra / 100,
    mainDiff: (main - cents(plan.total)) / 100,
    extraDiff: (extra - cents(plan.extra_total)) / 100,
    paid: rows.reduce((s, r) => s + (r.paid ? cents(r.sum) : 0), 0) / 100,
  };
}

/** The body of `POST /admin/checkPayment`. */
export function requestOf(userId: number, plan: PlanDraft, rows: Row[], save: boolean) {
  return {
    user_id: userId,
    plan: {
      program_id: Number(plan.program_id),
      months: plan.months,
      currency: plan.currency,
      extra_currency: plan.extra_currency || null,
      total: Number(plan.total) || 0,
      extra_total: Number(plan.extra_total) || 0,
    },
    items: rows.map((r) => ({
      date: r.date,
      sum: Number(r.sum) || 0,
      extra_sum: Number(r.extra_sum) || 0,
      currency: r.currency,
      extra_currency: r.extra_currency || null,
      paid: r.paid,
      extra_paid: r.extra_paid,
    })),
    save,
  };
}
