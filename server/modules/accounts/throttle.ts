import { AppError } from '../../core/errors.ts';

/**
 * Counts failures per key in a sliding window (in memory: the API is one process). After `max`
 * failures within `windowMs` the key answers 429 TOO_MANY_ATTEMPTS until the window passes.
 */
export class Throttle {
  private hits = new Map<string, number[]>();
  constructor(
    private max: number,
    private windowMs: number,
    /** Above this many keys, stale ones are dropped before adding (bounds memory under username spraying). */
    private sweepAt = 10_000,
  ) {}

  private sweep() {
    const now = Date.now();
    for (const [key, list] of this.hits) if (now - list[list.length - 1] >= this.windowMs) this.hits.delete(key);
  }

  private recent(key: string) {
    const now = Date.now();
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list;
  }

  check(key: string) {
    const list = this.recent(key);
    if (list.length >= this.max) {
      const retry = Math.ceil((list[0] + this.windowMs - Date.now()) / 1000);
      throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts, try again later', { retry_after: retry });
    }
  }

  /** Number of keys held (for tests and monitoring). */
  get size() {
    return this.hits.size;
  }

  fail(key: string) {
    if (this.hits.size >= this.sweepAt) this.sweep();
    const list = this.recent(key);
    list.push(Date.now());
    this.hits.set(key, list);
  }

  reset(key: string) {
    this.hits.delete(key);
  }
}
