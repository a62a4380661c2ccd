import type { tokens, users } from '../db/schema/index.ts';

export interface SignedIn {
  token: typeof tokens.$inferSelect;
  user: typeof users.$inferSelect;
}

/**
 * What a bearer token stands for (its row and its user's), remembered by one API process for a few seconds, so that
 * a request costs no database round trip to find its caller (docs/security.md "The sign-in cache"). Every request
 * still checks what the rows say (revoked, expired, another school, blocked, role), only on rows up to `ttlMs` old
 * at most, and in practice as old as the last change anybody made:
 *
 * - the database tells every process whenever a user or a token row is updated or deleted, whatever wrote it
 *   (migration 0023's triggers, heard through server/core/broadcast.ts): `forgetUser` drops that user's tokens;
 * - a change made by this process empties the cache as the statement is built (`forgetAll`), before it runs, so the
 *   process's very next request reads the new rows even if the database's message has not arrived yet;
 * - a read that a change overtook is not kept (`epoch`): what it read may be older than the change;
 * - nothing is kept while the process does not hear the database (`heard`), since a message sent then is lost.
 */
export class SignInCache {
  private readonly entries = new Map<string, { value: SignedIn; at: number }>();
  private epoch = 0;
  private heard = false;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  get size() {
    return this.entries.size;
  }

  /** A token's rows, when remembered and still young enough. */
  get(hash: string): SignedIn | undefined {
    const hit = this.entries.get(hash);
    if (!hit) return undefined;
    if (this.now() - hit.at < this.ttlMs) return hit.value;
    this.entries.delete(hash);
    return undefined;
  }

  /** Call before reading a token's rows from the database; hand the answer to `keep` with what it returned. */
  beginRead() {
    return this.epoch;
  }

  /** Remembers rows read since `beginRead` answered `epoch`, unless a change was heard meanwhile. */
  keep(hash: string, value: SignedIn, epoch: number) {
    if (!this.heard || this.ttlMs <= 0 || epoch !== this.epoch) return;
    // the oldest entry goes first (a Map iterates in insertion order)
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, { value, at: this.now() });
  }

  /** A user's (or a demo-mode actor's) rows changed: their tokens are read again. */
  forgetUser(userId: number) {
    this.epoch++;
    for (const [hash, { value }] of this.entries) {
      if (value.user.id === userId || value.token.actor_id === userId) this.entries.delete(hash);
    }
  }

  forgetAll() {
    this.epoch++;
    this.entries.clear();
  }

  /** Whether changes are heard: while they are not, nothing is remembered. */
  setHeard(heard: boolean) {
    this.heard = heard;
    this.forgetAll();
  }
}
