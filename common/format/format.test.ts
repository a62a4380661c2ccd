import { describe, expect, it } from 'vitest';
import { formatDateTime, formatFileSize, formatMoney, formatTime } from './format.ts';

describe('common/format: one look for instants, money and file sizes (issue 11, item 5)', () => {
  it('shows an instant as DD.MM.YYYY hh:mm:ss in 24 hours, whatever the locale', () => {
    const d = new Date(2026, 10, 24, 5, 34, 6);
    expect(formatDateTime(d)).toBe('24.11.2026 05:34:06');
    expect(formatDateTime(d.toISOString())).toBe('24.11.2026 05:34:06');
    expect(formatTime(new Date(2026, 0, 2, 17, 5, 9))).toBe('17:05');
    expect(formatDateTime(null)).toBe('');
  });

  it('groups money with spaces and keeps the currency code', () => {
    expect(formatMoney(360000, 'RUB')).toBe('360 000 RUB');
    expect(formatMoney(1234567.5)).toBe('1 234 567.5');
  });

  it('shows file sizes with units in the interface language', () => {
    expect(formatFileSize(180122, 'ru')).toBe('175.9 КБ');
    expect(formatFileSize(180122, 'en')).toBe('175.9 KB');
    expect(formatFileSize(512, 'ru')).toBe('512 Б');
    expect(formatFileSize(3 * 1024 * 1024 * 1024 * 1.5, 'en')).toBe('4.5 GB');
    expect(formatFileSize(2048 * 1024 * 1024 * 1024, 'ru')).toBe('2 048.0 ГБ');
    expect(formatFileSize(null)).toBe('—');
  });
});
