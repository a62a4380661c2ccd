import { describe, expect, it } from 'vitest';
import { addMonths, fromStored, requestOf, splitEvenly, totalsOf, type PlanDraft } from './schedule.ts';
import { ru } from './messages.ru.ts';
import { en } from './messages.en.ts';

const plan: PlanDraft = { program_id: 3, months: 6, currency: 'RUB', extra_currency: 'USD', total: 100000, extra_total: 500 };

describe('schedule editor model', () => {
  it('splits the main total evenly in cents, the remainder on the last row, the extra amount on the first', () => {
    const rows = splitEvenly(plan, '2027-01-31');
    expect(rows.map((r) => r.date)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30']);
    expect(rows.map((r) => r.sum)).toEqual([16666.66, 16666.66, 16666.66, 16666.66, 16666.66, 16666.7]);
    expect(rows.map((r) => r.extra_sum)).toEqual([500, 0, 0, 0, 0, 0]);
    expect(totalsOf(plan, rows)).toMatchObject({ main: 100000, extra: 500, mainDiff: 0, extraDiff: 0 });
  });

  it('shows the difference live and builds the checkPayment body', () => {
    const rows = splitEvenly(plan, '2027-01-01');
    rows[0].sum += 10;
    rows[1].paid = true;
    expect(totalsOf(plan, rows)).toMatchObject({ mainDiff: 10, extraDiff: 0, paid: 16666.66 });
    const body = requestOf(7, { ...plan, extra_currency: '' }, rows.slice(0, 1), true);
    expect(body).toEqual({
      user_id: 7,
      plan: { program_id: 3, months: 6, currency: 'RUB', extra_currency: null, total: 100000, extra_total: 500 },
      items: [{ date: '2027-01-01', sum: 16676.66, extra_sum: 500, currency: 'RUB', extra_currency: 'USD', paid: false, extra_paid: false }],
      save: true,
    });
    expect(addMonths('2027-12-15', 1)).toBe('2028-01-15');
  });

  it("opens a stored plan: rows without a main or extra part take the plan's currencies", () => {
    const d = fromStored({
      id: 1,
      tenant_id: 1,
      user_id: 2,
      program_id: 3,
      program: 'P',
      format: 'online',
      created_at: '2026-12-01T10:00:00.000Z',
      months: 6,
      currency: 'RUB',
      extra_currency: 'USD',
      total: 10,
      extra_total: 5,
      items: [],
      rows: [{ date: '2027-01-01', sum: 0, extra_sum: 5, currency: null, extra_currency: 'USD', paid: false, extra_paid: true, main_id: null, extra_id: 7 }],
      totals: { main: 0, main_paid: 0, main_due: 0, extra: 5, extra_paid: 5, extra_due: 0 },
    });
    expect(d.plan).toEqual({ program_id: 3, months: 6, currency: 'RUB', extra_currency: 'USD', total: 10, extra_total: 5 });
    expect(d.rows[0]).toMatchObject({ currency: 'RUB', extra_currency: 'USD', extra_paid: true });
  });

  it('has the same text keys in Russian and English', () => {
    const keys = (t: object, p = ''): string[] => Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [`${p}${k}`] : keys(v, `${p}${k}.`)));
    expect(keys(en).sort()).toEqual(keys(ru).sort());
  });
});
