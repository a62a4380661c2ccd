import type { events } from '../db/schema/index.ts';

export type EventRow = typeof events.$inferInsert;

export interface EventBatchOptions {
  /** How long an event waits for others before its batch is written. */
  delayMs: number;
  /** A batch this large is written at once, without waiting. */
  maxRows: number;
  /** Writes one batch in one statement (the triggers of `events` roll it up in one pass). */
  write(rows: EventRow[]): Promise<void>;
  /** Called with the rows that could not be written even one by one (a user deleted since, say). */
  onLost(err: unknown, rows: EventRow[]): void;
}

/**
 * Events written in batches (docs/performance.md "The answers' activity in batches"): a quiz answer's event waits up
 * to `delayMs` with the others of its process, then all of them go in one insert, so that the activity rollups
 * (`event_days`, `event_months`) are updated once per batch instead of once per answer. The time of each event is
 * taken when it happened, so its day and the reports' figures are the same as if it had been written at once; only
 * their freshness lags, by `delayMs` at most. Batches are written one after the other, never two at once.
 */
export function createEventBatch(opts: EventBatchOptions) {
  let pending: EventRow[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function writeBatch(rows: EventRow[]) {
    try {
      await opts.write(rows);
    } catch (err) {
      // one bad row must not cost the others theirs: each is tried alone
      const lost: EventRow[] = [];
      for (const row of rows) await opts.write([row]).catch(() => lost.push(row));
      if (lost.length) opts.onLost(err, lost);
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.length) {
      const rows = pending;
      pending = [];
      writing = writing.then(() => writeBatch(rows));
    }
    return writing;
  }

  return {
    add(row: EventRow) {
      pending.push(row);
      if (pending.length >= opts.maxRows) void flush();
      else if (!timer) timer = setTimeout(flush, opts.delayMs).unref();
    },
    /** Writes what waits now; resolves once every batch begun so far is written. */
    flush,
    get pending() {
      return pending.length;
    },
  };
}
