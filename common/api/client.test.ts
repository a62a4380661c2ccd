import { afterEach, describe, expect, it } from 'vitest';
import { api, ApiError } from './client.ts';

describe('api: cancelled calls', () => {
  const unhandled: unknown[] = [];
  const note = (reason: unknown) => unhandled.push(reason);
  afterEach(() => {
    process.off('unhandledRejection', note);
    unhandled.length = 0;
  });

  it('rejects a call cancelled before it was sent as aborted, and leaves no rejection unhandled', async () => {
    process.on('unhandledRejection', note);
    const ctl = new AbortController();
    ctl.abort();
    const call = api('/api/user', { signal: ctl.signal });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: 0, message: 'Aborted' });
    // fetch's own AbortError settles on a later turn: it must have been seen to by then
    await new Promise((r) => setTimeout(r, 50));
    expect(unhandled).toEqual([]);
  });
});
