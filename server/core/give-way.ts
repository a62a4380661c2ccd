import { readFileSync } from 'node:fs';
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
    const now = requestsSeen();
    const busy = now !== seen;
    seen = now;
    if (busy) await clock.pause((spent * (1 - share)) / share);
    sliceStart = clock.now();
  };
}

/** The machine's CPU stall so far in µs (Linux's pressure information, `some`: time when a task waited for a CPU). */
export function readCpuStallMicros(): number | undefined {
  try {
    const m = /^some .*total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A count for `giveWay` that moves when other work waited for a CPU: between two looks, tasks of the machine waited
 * for more than `STALLED_SHARE` of the time. Background work then gives way to whatever the machine runs beside it, not
 * only to its own process's requests: the reports host beside the API hosts on one machine (docs/deployment.md "A
 * reports host"). Without the pressure information (not Linux, or switched off) it never moves.
 */
export const STALLED_SHARE = 0.25;
export function cpuStalls(read: () => number | undefined = readCpuStallMicros, clock: () => number = () => performance.now()) {
  let last = read();
  let lastAt = clock();
  let count = 0;
  return () => {
    const stall = read();
    const at = clock();
    if (stall !== undefined && last !== undefined && stall - last > STALLED_SHARE * (at - lastAt) * 1000) count++;
    last = stall;
    lastAt = at;
    return count;
  };
}
