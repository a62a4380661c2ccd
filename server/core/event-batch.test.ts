import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEventBatch, type EventRow } from './event-batch.ts';

const row = (user_id: number): EventRow => ({ tenant_id: 1, user_id, kind: 'quiz_answer', created_at: new Date(0) });

describe('event batch', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes what waits after the delay, in one write, and nothing before', async () => {
    vi.useFakeTimers();
    const writes: number[][] = [];
    const batch = createEventBatch({ delayMs: 1000, maxRows: 100, write: async (rows) => void writes.push(rows.map((r) => r.user_id)), onLost: () => {} });
    batch.add(row(1));
    await vi.advanceTimersByTimeAsync(600);
    batch.add(row(2));
    expect(writes).toEqual([]);
    expect(batch.pending).toBe(2);
    // the delay counts from the first event that waits, not from the last
    await vi.advanceTimersByTimeAsync(400);
    expect(writes).toEqual([[1, 2]]);
    expect(batch.pending).toBe(0);
  });

  it('writes a full batch at once, and batches one after the other, never two at once', async () => {
    let open = 0;
    let most = 0;
    const writes: number[][] = [];
    const batch = createEventBatch({
      delayMs: 60_000,
      maxRows: 2,
      write: async (rows) => {
        most = Math.max(most, ++open);
        await new Promise((r) => setTimeout(r, 5));
        writes.push(rows.map((r) => r.user_id));
        open--;
      },
      onLost: () => {},
    });
    for (const u of [1, 2, 3, 4, 5]) batch.add(row(u));
    await batch.flush();
    expect(writes).toEqual([[1, 2], [3, 4], [5]]);
    expect(most).toBe(1);
  });

  it('writes the rows of a refused batch one by one and reports only those lost', async () => {
    const written: number[] = [];
    const lost: number[] = [];
    const batch = createEventBatch({
      delayMs: 60_000,
      maxRows: 100,
      write: async (rows) => {
        // a user deleted since the answer: the database refuses any statement holding their row
        if (rows.some((r) => r.user_id === 2)) throw new Error('violates foreign key constraint');
        written.push(...rows.map((r) => r.user_id));
      },
      onLost: (_err, rows) => lost.push(...rows.map((r) => r.user_id)),
    });
    for (const u of [1, 2, 3]) batch.add(row(u));
    await batch.flush();
    expect(written).toEqual([1, 3]);
    expect(lost).toEqual([2]);
    // the next batch is written as usual
    batch.add(row(4));
    await batch.flush();
    expect(written).toEqual([1, 3, 4]);
  });
});
