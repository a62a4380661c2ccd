import { afterEach, describe, expect, it, vi } from 'vitest';
import { Throttle } from './throttle.ts';

describe('Throttle', () => {
  afterEach(() => vi.useRealTimers());

  it('locks after max failures, reports retry_after, and frees the key when the window passes', () => {
    vi.useFakeTimers();
    const t = new Throttle(3, 60_000);
    for (let i = 0; i < 3; i++) {
      t.check('k');
      t.fail('k');
      vi.advanceTimersByTime(10_000);
    }
    let err: unknown;
    try {
      t.check('k');
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS', variables: { retry_after: 30 } });
    t.check('other');
    vi.advanceTimersByTime(30_000);
    expect(() => t.check('k')).not.toThrow();
  });

  it('drops stale keys once many are held', () => {
    vi.useFakeTimers();
    const t = new Throttle(5, 1000, 100);
    for (let i = 0; i < 100; i++) t.fail(`spray-${i}`);
    expect(t.size).toBe(100);
    vi.advanceTimersByTime(1000);
    t.fail('fresh');
    expect(t.size).toBe(1);
  });
});
