// CPU time of the parts of a benchmark (the API's processes, the database's backends, the load generator), so that a
// figure taken on a busy machine still says what each request cost (bench/surge-ab.ts, bench/search-upload.ts).
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';

const TICKS = Number(process.env.CLK_TCK ?? 100);

/** utime + stime of a process and its children (an API's primary and workers), seconds; 0 once it has ended. */
export function processCpuS(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const own = (Number(f[11]) + Number(f[12])) / TICKS;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return own + children.reduce((s, c) => s + processCpuS(c), 0);
  } catch {
    return 0;
  }
}

/**
 * A meter of the CPU the PostgreSQL backends serving one database spend (the server runs on this machine): `start()`
 * notes each backend's time, `stop()` answers the seconds spent since by the backends then and those opened since.
 */
export function databaseCpuMeter(backends: () => Promise<number[]>) {
  let before = new Map<number, number>();
  return {
    async start() {
      before = new Map((await backends()).map((p) => [p, processCpuS(p)]));
    },
    async stop() {
      let spent = 0;
      for (const p of await backends()) spent += processCpuS(p) - (before.get(p) ?? 0);
      return spent;
    },
  };
}

/** The backends of the database `db` is connected to (through another connection of the same server). */
export function backendsOf(db: Db) {
  return async () => (await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)).rows.map((r) => Number((r as { pid: number }).pid));
}

/** This process's user + system CPU time, seconds. */
export function ownCpuS() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/**
 * Starts metering the CPU that the API (its process tree, when it runs apart), the database's backends and this
 * process spend; the answer, given how many requests were served meanwhile, says what each cost a request, in ms:
 * "CPU ms a request: API a, PostgreSQL b, load generator c".
 */
export async function startCpuSplit(apiPid: number | undefined, database: ReturnType<typeof databaseCpuMeter>, own = 'load generator') {
  const api0 = apiPid ? processCpuS(apiPid) : 0;
  const own0 = ownCpuS();
  await database.start();
  return async (requests: number) => {
    const dbS = await database.stop();
    const ms = (s: number) => ((1000 * s) / Math.max(1, requests)).toFixed(2);
    return `CPU ms a request: ${apiPid ? `API ${ms(processCpuS(apiPid) - api0)}, ` : ''}PostgreSQL ${ms(dbS)}, ${own} ${ms(ownCpuS() - own0)}`;
  };
}
