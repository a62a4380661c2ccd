import { describe, expect, it } from 'vitest';
import { formatFileSize, formatMoney, formatMonthYear, formatNumber, formatPercent, monthName, toDisplayDate, weekdayNames } from './format.ts';

const nb = (s: string) => s.replaceAll('_', '\u00A0');

describe('common/format in Russian (issue 29, "Russian formats")', () => {
  it('writes numbers with a decimal comma and a non-breaking thousands separator', () => {
    expect(formatNumber(1234567.5, undefined, 'ru')).toBe(nb('1_234_567,5'));
    expect(formatNumber(30.25, undefined, 'ru')).toBe('30,25');
    expect(formatNumber(-4200, 2, 'ru')).toBe(nb('-4_200,00'));
    expect(formatNumber(100, undefined, 'ru')).toBe('100');
    expect(formatNumber(null, undefined, 'ru')).toBe('');
  });

  it('puts the percent sign right after the number', () => {
    expect(formatPercent(33.3333, 1, 'ru')).toBe('33,3%');
    expect(formatPercent(80, 1, 'ru')).toBe('80,0%');
    expect(formatPercent(null, 1, 'ru')).toBe('');
  });

  it('ties money to its currency code so "4 200 USD" never wraps', () => {
    expect(formatMoney(4200, 'USD', 'ru')).toBe(nb('4_200_USD'));
    expect(formatMoney(360000.5, 'RUB', 'ru')).toBe(nb('360_000,5_RUB'));
    expect(formatMoney(1234567.5, null, 'ru')).toBe(nb('1_234_567,5'));
  });

  it('shows dates as DD.MM.YYYY', () => {
    expect(toDisplayDate('2026-09-01')).toBe('01.09.2026');
    expect(toDisplayDate('2026-09-01T10:00:00Z')).toBe('01.09.2026');
  });

  it('names weekdays and months as a Russian calendar does', () => {
    expect(weekdayNames('ru').join(' ')).toBe('Пн Вт Ср Чт Пт Сб Вс');
    expect(monthName(10, 'ru')).toBe('Ноябрь');
    expect(formatMonthYear(new Date(2026, 10, 24), 'ru')).toBe('Ноябрь 2026');
  });

  it('shows file sizes with Russian units', () => {
    expect(formatFileSize(180122, 'ru')).toBe(nb('175,9_КБ'));
    expect(formatFileSize(512, 'ru')).toBe(nb('512_Б'));
    expect(formatFileSize(2048 * 1024 * 1024 * 1024, 'ru')).toBe(nb('2_048,0_ГБ'));
    expect(formatFileSize(null, 'ru')).toBe('—');
  });

  it('formats in Russian when no language is given and none is stored (the server)', () => {
    expect(formatNumber(0.5)).toBe('0,5');
  });
});
