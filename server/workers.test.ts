import { describe, expect, it } from 'vitest';
import { workerCount } from './workers.ts';

describe('API_WORKERS', () => {
  it('defaults to the cores on PostgreSQL and to one on PGlite', () => {
    expect(workerCount({}, 'postgres', 4)).toEqual({ workers: 4 });
    expect(workerCount({}, 'pglite', 4)).toEqual({ workers: 1, note: undefined });
  });
  it('follows API_WORKERS on PostgreSQL, refuses more than one on PGlite with a note, rejects nonsense', () => {
    expect(workerCount({ API_WORKERS: '3' }, 'postgres', 8)).toEqual({ workers: 3 });
    expect(workerCount({ API_WORKERS: '1' }, 'postgres', 8)).toEqual({ workers: 1 });
    const pglite = workerCount({ API_WORKERS: '2' }, 'pglite', 8);
    expect(pglite.workers).toBe(1);
    expect(pglite.note).toMatch(/PGlite/);
    for (const bad of ['0', '-1', '1.5', 'many', '1000']) expect(() => workerCount({ API_WORKERS: bad }, 'postgres', 2)).toThrow(/API_WORKERS/);
  });
});
