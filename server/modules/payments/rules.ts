import { AppError, fieldError } from '../../core/errors.ts';

/** One row of a schedule as the editor sends it: a due date with a main and an additional (extra) amount. */
export interface ScheduleRow {
  date: string;
  sum: number;
  extra_sum?: number;
  currency: string;
  extra_currency?: string | null;
  /** Keeps (or sets) the paid mark of the row's main / extra item on save. */
  paid?: boolean;
  extra_paid?: boolean;
}

export interface SchedulePlan {
  program_id: number;
  months: number;
  currency: string;
  extra_currency?: string | null;
  total: number;
  extra_total?: number;
}

/** Money is compared in cents: 0.1 + 0.2 must equal 0.3. */
export const cents = (n: number) => Math.round(n * 100);

/**
 * The rules of a payment schedule (spec 02 §5 "Instalment totals must match main and additional price and currency
 * per payment schedule"), checked in this order, the first broken one answered:
 * 1. an extra total needs an extra currency (422 Validation Error on `plan.extra_currency`); a row with no money is
 *    refused (`items.N.sum`);
 * 2. each row's currency equals the plan's, and, when the row has an extra amount, its extra currency equals the
 *    plan's extra currency (422 ERROR_PAYMENT_ITEM_CURRENCY {row, currency, expected, kind});
 * 3. dates strictly ascending (422 ERROR_PAYMENT_DATES {row, date});
 * 4. the main amounts add up to `total` and the extra amounts to `extra_total`
 *    (422 ERROR_PAYMENT_SUM {expected, currency, actual, kind}).
 * Rows are numbered from 1 in the variables (what the admin sees).
 */
export function checkSchedule(plan: SchedulePlan, rows: ScheduleRow[]) {
  const extraTotal = plan.extra_total ?? 0;
  if (extraTotal > 0 && !plan.extra_currency) throw fieldError('plan.extra_currency', 'validation.required');
  rows.forEach((r, i) => {
    if (cents(r.sum) <= 0 && cents(r.extra_sum ?? 0) <= 0) throw fieldError(`items.${i}.sum`, 'validation.required');
  });
  rows.forEach((r, i) => {
    if (r.currency !== plan.currency) {
      throw new AppError(422, 'ERROR_PAYMENT_ITEM_CURRENCY', 'The currency of an instalment does not match the schedule', { row: i + 1, currency: r.currency, expected: plan.currency, kind: 'main' });
    }
    const extraCurrency = r.extra_currency ?? plan.extra_currency;
    if (cents(r.extra_sum ?? 0) > 0 && extraCurrency !== plan.extra_currency) {
      throw new AppError(422, 'ERROR_PAYMENT_ITEM_CURRENCY', 'The extra currency of an instalment does not match the schedule', {
        row: i + 1,
        currency: extraCurrency,
        expected: plan.extra_currency ?? plan.currency,
        kind: 'extra',
      });
    }
  });
  rows.forEach((r, i) => {
    if (i > 0 && r.date <= rows[i - 1].date) throw new AppError(422, 'ERROR_PAYMENT_DATES', 'The due dates must go up', { row: i + 1, date: r.date });
  });
  const main = rows.reduce((s, r) => s + cents(r.sum), 0);
  if (main !== cents(plan.total)) {
    throw new AppError(422, 'ERROR_PAYMENT_SUM', 'The instalments must add up to the price', { expected: plan.total, currency: plan.currency, actual: main / 100, kind: 'main' });
  }
  const extra = rows.reduce((s, r) => s + cents(r.extra_sum ?? 0), 0);
  if (extra !== cents(extraTotal)) {
    throw new AppError(422, 'ERROR_PAYMENT_SUM', 'The additional instalments must add up to the additional price', {
      expected: extraTotal,
      currency: plan.extra_currency ?? plan.currency,
      actual: extra / 100,
      kind: 'extra',
    });
  }
  return { main: main / 100, extra: extra / 100 };
}

/** A stored item back as the editor's rows: main and extra items of the same date share a row. */
export function rowsOf<T extends { id: number; kind: 'main' | 'extra'; due_date: string; amount: number; currency: string; paid: boolean }>(items: T[]) {
  const byDate = new Map<
    string,
    { date: string; sum: number; extra_sum: number; currency: string | null; extra_currency: string | null; paid: boolean; extra_paid: boolean; main_id: number | null; extra_id: number | null }
  >();
  for (const it of [...items].sort((a, b) => a.due_date.localeCompare(b.due_date) || a.id - b.id)) {
    let row = byDate.get(it.due_date);
    // a second item of the same kind on one date (possible after single-item edits) gets its own row
    if (row && (it.kind === 'main' ? row.main_id : row.extra_id) !== null) row = undefined;
    if (!row) {
      row = { date: it.due_date, sum: 0, extra_sum: 0, currency: null, extra_currency: null, paid: false, extra_paid: false, main_id: null, extra_id: null };
      byDate.set(byDate.has(it.due_date) ? `${it.due_date}#${it.id}` : it.due_date, row);
    }
    if (it.kind === 'main') Object.assign(row, { sum: it.amount, currency: it.currency, paid: it.paid, main_id: it.id });
    else Object.assign(row, { extra_sum: it.amount, extra_currency: it.currency, extra_paid: it.paid, extra_id: it.id });
  }
  return [...byDate.values()];
}
