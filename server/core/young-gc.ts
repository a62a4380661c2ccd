import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A young-generation collection on demand, for the one place that needs it: a large upload. Its socket reads (up to
 * 64 KB each) are garbage as soon as they are on disk, but V8 frees them only at its next collection, which an upload
 * alone (little JavaScript allocated) does not bring on for tens of MB: a 40 MB archive grew the API process by
 * 25–30 MB. A minor collection every few MB of a file frees them, a fraction of a millisecond each
 * (docs/performance.md, "Upload growth").
 *
 * V8's `gc` is taken from a fresh context made while `--expose-gc` is set, then the flag is put back, so the process
 * need not be started with it and no other code sees a global `gc`.
 */
const collect: ((options: { type: 'minor' | 'major' }) => void) | undefined = (() => {
  try {
    if (typeof globalThis.gc === 'function') return globalThis.gc as never;
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as never;
    setFlagsFromString('--no-expose-gc');
    return gc;
  } catch {
    return undefined;
  }
})();

/** Whether the collection could be reached (server/core/young-gc.test.ts). */
export const canCollectYoungGarbage = collect !== undefined;

export function collectYoungGarbage() {
  collect?.({ type: 'minor' });
}
