import { setImmediate as nextTurn, setTimeout as pause } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** How many requests this process has taken so far: long background work reads it to give way (giveWay). */
    requestsSeen(): number;
  }
}

/** Counts the requests this process takes (a callback hook: nothing awaited on the answer path). */
export function installRequestCount(app: FastifyInstance) {
  let seen = 0;
  app.decorate('requestsSeen', () => seen);
  app.addHook('onRequest', (_req, _reply, done) => {
    seen++;
    done();
  });
}

/** Background work runs this long between looks at whether requests came meanwhile. */
export const SLICE_MS = 5;
/** The share of the time background work keeps while requests keep coming (an exam beside a 1,000,000-row export: a
 * fifth left the exam's p99 at 186 % of the exam alone, a tenth at 135 %, docs/deployment.md). */
export const SHARE_WHEN_BUSY = 0.1;

export interface GiveWayClock {
  now(): number;
  pause(ms: number): Promise<unknown>;
  nextTurn(): Promise<unknown>;
}
const realClock: GiveWayClock = { now: () => performance.now(), pause: (ms) => pause(ms), nextTurn: () => nextTurn() };

/**
 * For long work in an API process (an export's rows): call the answer after each small step. Every `SLICE_MS` of
 * work it lets the event loop turn; when requests came in meanwhile, it pauses long enough that the work keeps only
 * `SHARE_WHEN_BUSY` of the time, so that the requests it shares the process with (a student's answer) are not held
 * behind it. With no requests it runs at full speed. The export takes longer under load, behind its progress bar.
 */
export function giveWay(requestsSeen: () => number, clock: GiveWayClock = realClock, share = SHARE_WHEN_BUSY) {
  let sliceStart = clock.now();
  let seen = requestsSeen();
  return async () => {
    const spent = clock.now() - sliceStart;
    if (spent < SLICE_MS) return;
    // the loop's turn first: a request that arrived during the slice is only taken (and counted) then
    await clock.nextTurn();
    const busy = requestsSeen() !== seen;
    seen = requestsSeen();
    if (busy) await clock.pause((spent * (1 - share)) / share);
    sliceStart = clock.now();
  };
}
