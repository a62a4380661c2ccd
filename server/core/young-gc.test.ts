import { describe, expect, it } from 'vitest';
import { canCollectYoungGarbage, collectYoungGarbage } from './young-gc.ts';

describe('young-generation collection for large uploads', () => {
  it('is reached without --expose-gc and leaves no global gc behind', () => {
    expect(canCollectYoungGarbage).toBe(true);
    expect(() => collectYoungGarbage()).not.toThrow();
    // vitest's workers do not start with --expose-gc: the flag was set only while the collector was taken
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
  });
});
