import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { throttleHits } from '../db/schema/index.ts';
import { AppError } from './errors.ts';
import { sha256 } from './context.ts';

/** At most `max` attempts per key within `windowMs` (a sliding window). */
export interface ThrottleRule {
  /** Names the counter in the table (`sign-in:account`); two rules never share one. */
  name: string;
  max: number;
  windowMs: number;
}

/** One counted attempt: `forgive` takes it back (an attempt that turned out not to be a failure). */
export interface Attempt {
  forgive(): Promise<void>;
}

/** Expired attempts are deleted this often (they no longer count either way). */
export const THROTTLE_SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Counts attempts in the database (`throttle_hits`), so that several API processes share the counters, on the
 * database's clock. An attempt is counted before the work it guards (a password check), in a transaction that holds
 * the key's advisory lock, and refused when `max` are live: a burst of parallel requests, from one process or several,
 * gets exactly `max` through. What was not a failure is forgiven afterwards. A refused attempt is not counted: the key
 * frees itself when the window passes.
 */
export class Throttle {
  constructor(
    private db: Db,
    readonly rule: ThrottleRule,
  ) {}

  private keyOf(key: string) {
    return `${this.rule.name}:${sha256(key)}`;
  }

  /** Counts one attempt for `key`; past the limit it is withdrawn and 429 TOO_MANY_ATTEMPTS thrown (`retry_after` in s). */
  async hit(key: string): Promise<Attempt> {
    const k = this.keyOf(key);
    const { max, windowMs } = this.rule;
    // one transaction per attempt, serialised per key (an advisory lock): of a burst exactly `max` are admitted
    const outcome = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${k}, 0))`);
      const live = await tx
        .select({ left: sql<number>`extract(epoch from (${throttleHits.expires_at} - now()))::float8`.mapWith(Number) })
        .from(throttleHits)
        .where(and(eq(throttleHits.key, k), gt(throttleHits.expires_at, sql`now()`)))
        .orderBy(asc(throttleHits.expires_at));
      // another attempt is admitted once all but max - 1 of the live ones have expired
      if (live.length >= max) return { retry: Math.max(1, Math.ceil(live[live.length - max].left)) };
      const [row] = await tx
        .insert(throttleHits)
        .values({ key: k, expires_at: sql`now() + ${windowMs}::double precision * interval '1 millisecond'` })
        .returning({ id: throttleHits.id });
      return { id: row.id };
    });
    if (outcome.id === undefined) throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts, try again later', { retry_after: outcome.retry });
    const id = outcome.id;
    return {
      forgive: async () => {
        await this.db.delete(throttleHits).where(eq(throttleHits.id, id));
      },
    };
  }

  /** Forgets every attempt of `key` (a successful sign-in clears its address-and-name counter). */
  async reset(key: string) {
    await this.db.delete(throttleHits).where(eq(throttleHits.key, this.keyOf(key)));
  }
}

/** Counts an attempt on each throttle in turn; when one refuses, the attempts already counted are withdrawn. */
export async function hitAll(hits: [Throttle, string][]): Promise<Attempt[]> {
  const done: Attempt[] = [];
  try {
    for (const [throttle, key] of hits) done.push(await throttle.hit(key));
    return done;
  } catch (err) {
    await Promise.all(done.map((a) => a.forgive()));
    throw err;
  }
}

/** Deletes expired attempts; answers how many. */
export async function sweepThrottles(db: Db) {
  const gone = await db.delete(throttleHits).where(lt(throttleHits.expires_at, sql`now()`)).returning({ id: throttleHits.id });
  return gone.length;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A throttle counting in the shared table (for the public routes that guess passwords or send mail). */
    throttle(rule: ThrottleRule): Throttle;
  }
}

/** `app.throttle(rule)`, and a sweep of expired attempts every 10 minutes (timer unref'd, cleared on close). */
export function installThrottles(app: FastifyInstance, db: Db) {
  const names = new Set<string>();
  app.decorate('throttle', (rule: ThrottleRule) => {
    if (names.has(rule.name)) throw new Error(`Two throttles named ${rule.name}`);
    names.add(rule.name);
    return new Throttle(db, rule);
  });
  const timer = setInterval(() => {
    sweepThrottles(db).catch((err) => app.log.warn({ err }, 'throttle sweep failed'));
  }, THROTTLE_SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
