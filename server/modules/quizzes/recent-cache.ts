/**
 * A map of what was used lately, for the answer path's caches (answer-path.ts): at most `max` entries, and with
 * `idleMs` none left unused for longer. Its order is the order of last use (a read moves an entry to the end), so the
 * least recently used goes first and an idle entry is found at the front in constant time.
 *
 * The idle limit is what keeps a process's cache to the work under way: with several API processes a student's
 * requests are shared among them, each process remembers the attempt, and only the one that serves the last answer
 * sees it finish; the others' copies go once no request has used them for `idleMs`.
 */
export class RecentCache<V> {
  private map = new Map<string, { value: V; usedAt: number }>();

  constructor(
    private readonly max: number,
    private readonly idleMs = Number.POSITIVE_INFINITY,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    const at = this.now();
    if (at - hit.usedAt > this.idleMs) {
      this.map.delete(key);
      return undefined;
    }
    this.map.delete(key);
    hit.usedAt = at;
    this.map.set(key, hit);
    return hit.value;
  }

  set(key: string, value: V) {
    const at = this.now();
    this.map.delete(key);
    this.map.set(key, { value, usedAt: at });
    for (const [oldest, entry] of this.map) {
      if (this.map.size <= this.max && at - entry.usedAt <= this.idleMs) break;
      this.map.delete(oldest);
    }
  }

  delete(key: string) {
    this.map.delete(key);
  }

  get size() {
    return this.map.size;
  }
}
