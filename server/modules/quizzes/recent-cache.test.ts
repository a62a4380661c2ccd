import { describe, expect, it } from 'vitest';
import { RecentCache } from './recent-cache.ts';
import { ATTEMPT_IDLE_MS, ATTEMPTS_CACHED_UP_TO, createQuizCaches } from './answer-path.ts';
import type { Attempt } from './engine.ts';

describe('RecentCache (the answer path caches)', () => {
  it('keeps at most its cap, dropping the least recently used first', () => {
    const cache = new RecentCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.size]).toEqual([1, 3, 2]);
  });

  it('forgets an entry left unused longer than its idle limit, and keeps one in use', () => {
    let now = 0;
    const cache = new RecentCache<string>(100, 1_000, () => now);
    cache.set('idle', 'x');
    cache.set('busy', 'y');
    for (now = 400; now <= 1_600; now += 400) expect(cache.get('busy')).toBe('y');
    expect(cache.get('idle')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('sweeps idle entries when another is added, so a process that no longer reads them does not keep them', () => {
    let now = 0;
    const cache = new RecentCache<number>(100, 1_000, () => now);
    for (let i = 0; i < 50; i++) cache.set(`old${i}`, i);
    now = 5_000;
    cache.set('new', 1);
    expect(cache.size).toBe(1);
  });

  it("keeps an attempt's facts while it is in use, drops them after 15 minutes unused, and keeps schools apart", () => {
    let now = 0;
    const caches = createQuizCaches(() => now);
    const attempt = { id: 7, quiz_id: 3, user_id: 5, number: 1, started_at: new Date(0), question_order: [1, 2], option_order: { '1': [10, 11] } } as unknown as Attempt;
    caches.remember(1, attempt);
    expect(ATTEMPT_IDLE_MS).toBe(15 * 60_000);
    expect(ATTEMPTS_CACHED_UP_TO).toBeGreaterThanOrEqual(10_000);
    now = ATTEMPT_IDLE_MS - 1;
    expect(caches.attempt(1, 7)?.userId).toBe(5);
    expect(caches.attempt(2, 7), "another school's attempt 7").toBeUndefined();
    now += ATTEMPT_IDLE_MS + 1;
    expect(caches.attempt(1, 7)).toBeUndefined();
  });
});
