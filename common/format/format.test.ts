import { describe, expect, it } from 'vitest';
import { formatDateTime, formatTime } from './format.ts';

describe('common/format: one look for instants in both languages (issue 11, item 5)', () => {
  it('shows an instant as DD.MM.YYYY hh:mm:ss in 24 hours, whatever the locale', () => {
    const d = new Date(2026, 10, 24, 5, 34, 6);
    expect(formatDateTime(d)).toBe('24.11.2026 05:34:06');
    expect(formatDateTime(d.toISOString())).toBe('24.11.2026 05:34:06');
    expect(formatTime(new Date(2026, 0, 2, 17, 5, 9))).toBe('17:05');
    expect(formatDateTime(null)).toBe('');
  });
});
