import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SHARE_WHEN_BUSY, SLICE_MS, cpuStalls, giveWay, installRequestCount, readCpuStallMicros, type GiveWayClock } from './give-way.ts';

/** A clock the test moves: `work(ms)` is the background work's own time, pauses and turns are recorded. */
function fakeClock(onTurn = () => {}) {
  let t = 0;
  const pauses: number[] = [];
  let turns = 0;
  const clock: GiveWayClock = {
    now: () => t,
    pause: async (ms) => {
      pauses.push(ms);
      t += ms;
    },
    nextTurn: async () => {
      turns++;
      onTurn();
    },
  };
  return { clock, pauses, turns: () => turns, work: (ms: number) => (t += ms), elapsed: () => t };
}

describe('giveWay: long background work beside requests', () => {
  it('runs at full speed, only letting the loop turn, when no request comes', async () => {
    const c = fakeClock();
    const step = giveWay(() => 0, c.clock);
    for (let i = 0; i < 100; i++) {
      c.work(1);
      await step();
    }
    expect(c.pauses).toEqual([]);
    expect(c.turns()).toBe(100 / SLICE_MS);
    expect(c.elapsed()).toBe(100);
  });

  it('keeps only its share of the time while requests keep coming', async () => {
    // a request arrives in every millisecond of work; the process takes (and counts) it only when its loop turns
    let arrived = 0;
    let taken = 0;
    const c = fakeClock(() => (taken = arrived));
    const step = giveWay(() => taken, c.clock);
    for (let i = 0; i < 100; i++) {
      c.work(1);
      arrived++;
      await step();
    }
    expect(c.pauses.length).toBe(100 / SLICE_MS);
    expect(c.turns()).toBe(100 / SLICE_MS);
    // 100 ms of work took 100 / share ms in all: the rest was left to the requests
    expect(c.elapsed()).toBeCloseTo(100 / SHARE_WHEN_BUSY, 6);
  });

  it('a process counts the requests it takes', async () => {
    const app = Fastify();
    installRequestCount(app);
    app.get('/x', async () => 'ok');
    await app.ready();
    expect(app.requestsSeen()).toBe(0);
    await app.inject('/x');
    await app.inject('/nothing-here');
    expect(app.requestsSeen()).toBe(2);
    await app.close();
  });
});

describe("cpuStalls: the machine's other work waiting for a CPU", () => {
  it('moves when tasks waited for more than a quarter of the time between two looks, and not otherwise', () => {
    let stall = 0;
    let at = 0;
    const count = cpuStalls(
      () => stall,
      () => at,
    );
    at += 5;
    stall += 500; // 0.5 ms of 5 ms waited: a tenth, not busy
    expect(count()).toBe(0);
    at += 5;
    stall += 2_000; // 2 ms of 5 ms: busy
    expect(count()).toBe(1);
    at += 5;
    expect(count()).toBe(1);
  });

  it('never moves without the pressure information', () => {
    let at = 0;
    const count = cpuStalls(
      () => undefined,
      () => (at += 5),
    );
    expect([count(), count(), count()]).toEqual([0, 0, 0]);
  });

  it("reads this machine's pressure information when Linux gives it", () => {
    const v = readCpuStallMicros();
    if (v !== undefined) expect(Number.isInteger(v) && v >= 0).toBe(true);
  });
});
