import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, preloadWhenIdle, withChunkTimeout } from './lazy.ts';

describe('chunk-loading timeout (the specification: 120000 ms)', () => {
  afterEach(() => void vi.useRealTimers());

  it('is 120 s', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('fails a chunk that has not loaded after 120 s, not before', async () => {
    vi.useFakeTimers();
    let settled: unknown;
    const p = withChunkTimeout(new Promise(() => undefined)).catch((e: Error) => (settled = e.message));
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await p;
    expect(settled).toBe('Chunk not loaded in 120000 ms');
  });

  it('passes a chunk that loads in time through, and its own failure as it is', async () => {
    await expect(withChunkTimeout(Promise.resolve({ Screen: 1 }))).resolves.toEqual({ Screen: 1 });
    await expect(withChunkTimeout(Promise.reject(new Error('gone')))).rejects.toThrow('gone');
  });
});

describe('a chunk fetched in idle time (the forms after the first list)', () => {
  afterEach(() => void vi.useRealTimers());

  it('is fetched once however often asked, and again after a failure (the screen itself then loads it as usual)', async () => {
    vi.useFakeTimers();
    const ok = vi.fn(() => Promise.resolve({}));
    preloadWhenIdle(ok);
    preloadWhenIdle(ok);
    expect(ok).not.toHaveBeenCalled(); // not before the browser is idle
    await vi.advanceTimersByTimeAsync(5_000);
    expect(ok).toHaveBeenCalledTimes(1);
    preloadWhenIdle(ok);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(ok).toHaveBeenCalledTimes(1);

    const failing = vi.fn(() => Promise.reject(new Error('gone')));
    preloadWhenIdle(failing);
    await vi.advanceTimersByTimeAsync(5_000);
    preloadWhenIdle(failing);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(failing).toHaveBeenCalledTimes(2);
  });
});
