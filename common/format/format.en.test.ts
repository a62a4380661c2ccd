import { describe, expect, it } from 'vitest';
import { formatFileSize, formatMoney, formatMonthYear, formatNumber, formatPercent, monthName, toDisplayDate, weekdayNames } from './format.ts';

const nb = (s: string) => s.replaceAll('_', '\u00A0');

describe('common/format in English (issue 29, "Russian formats")', () => {
  it('writes numbers with a decimal point and the same non-breaking thousands separator', () => {
    expect(formatNumber(1234567.5, undefined, 'en')).toBe(nb('1_234_567.5'));
    expect(formatNumber(30.25, undefined, 'en')).toBe('30.25');
    expect(formatNumber(-4200, 2, 'en')).toBe(nb('-4_200.00'));
  });

  it('puts the percent sign right after the number', () => {
    expect(formatPercent(33.3333, 1, 'en')).toBe('33.3%');
    expect(formatPercent(80, undefined, 'en')).toBe('80%');
  });

  it('ties money to its currency code', () => {
    expect(formatMoney(4200, 'USD', 'en')).toBe(nb('4_200_USD'));
    expect(formatMoney(99.5, 'EUR', 'en')).toBe(nb('99.5_EUR'));
  });

  it('shows dates as DD.MM.YYYY in English too', () => {
    expect(toDisplayDate('2026-11-24')).toBe('24.11.2026');
  });

  it('names weekdays and months in English', () => {
    expect(weekdayNames('en').join(' ')).toBe('Mon Tue Wed Thu Fri Sat Sun');
    expect(monthName(0, 'en')).toBe('January');
    expect(formatMonthYear(new Date(2026, 10, 1), 'en')).toBe('November 2026');
  });

  it('shows file sizes with English units', () => {
    expect(formatFileSize(180122, 'en')).toBe(nb('175.9_KB'));
    expect(formatFileSize(3 * 1024 * 1024 * 1024 * 1.5, 'en')).toBe(nb('4.5_GB'));
  });
});
