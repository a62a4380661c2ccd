// What one school-bound statement costs, A/B (docs/performance.md "One pool per process: the cost"), on demand:
//   BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres BENCH_A=<dir> BENCH_B=<dir> node_modules/.bin/tsx bench/statement-ab.ts
// One connection, one statement after the other, so that CPU is counted apart from any queueing: each side's own
// database layer (`<dir>/server/db/client.ts`, a pool of one connection) runs BENCH_STATEMENTS (20,000) executions of a
// prepared primary-key read of `users` through the demo school's bound handle; the CPU seconds of that connection's
// PostgreSQL backend (/proc) and of this process are divided by the statements. BENCH_DIRECT_URL_B: the B side as behind
// a pooler (unnamed statements). Sides alternate A B B A …, BENCH_PAIRS (3) pairs. Throwaway database.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { seedReferenceData } from '../server/seed/reference.ts';
import { tenants, users } from '../server/db/schema/index.ts';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);
const N = Number(process.env.BENCH_STATEMENTS ?? 20_000);
const sides = { A: resolve(process.env.BENCH_A ?? '.'), B: resolve(process.env.BENCH_B ?? '.') };
const base = process.env.BENCH_PG;
if (!base) throw new Error('Set BENCH_PG to a PostgreSQL server URL (the benchmark creates and drops a database of its own)');

const name = `lms_bench_statement_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
const ticks = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
try {
  const setup = await openDatabase({ url: url.toString() });
  await seedReferenceData(setup.db);
  const [school] = await setup.db.insert(tenants).values({ slug: 'bench', title: 'Bench' }).returning();
  await setup.db.insert(users).values(Array.from({ length: 2000 }, (_, i) => ({ tenant_id: school.id, login: `s${i}`, email: `s${i}@bench.test`, password_hash: 'x', name: 'S', surname: String(i) })));
  const ids = (await setup.db.select({ id: users.id }).from(users)).map((u) => u.id);
  await setup.close();

  async function phase(side: 'A' | 'B') {
    const client = await import(join(sides[side], 'server/db/client.ts'));
    const schema = await import(join(sides[side], 'server/db/schema/index.ts'));
    const direct = side === 'B' && process.env.BENCH_DIRECT_URL_B === '1';
    const database = await client.openDatabase({ url: url.toString(), poolSize: 1, ...(direct ? { directUrl: url.toString(), pooled: true } : {}) });
    const db = database.forSchool(school.id);
    const read = db
      .select({ id: schema.users.id, login: schema.users.login })
      .from(schema.users)
      .where(eq(schema.users.id, sql.placeholder('id')))
      .prepare('bench_user_read');
    for (let i = 0; i < 500; i++) await read.execute({ id: ids[i % ids.length] });
    const [{ pid }] = (await db.execute(sql`select pg_backend_pid() as pid`)).rows as { pid: number }[];
    const backend0 = ticks(pid);
    const own0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < N; i++) await read.execute({ id: ids[i % ids.length] });
    const wall = performance.now() - t0;
    const own = process.cpuUsage(own0);
    const backend = ticks(pid) - backend0;
    await database.close();
    const us = (s: number) => ((1e6 * s) / N).toFixed(1);
    console.log(`| ${side}${direct ? ' (unnamed)' : ''} | ${us(backend)} | ${us((own.user + own.system) / 1e6)} | ${((1000 * wall) / N).toFixed(1)} | ${loadavg()[0].toFixed(1)} |`);
  }
  console.log(`${new Date().toISOString()} ${N} statements a phase, one connection; A=${sides.A}, B=${sides.B}`);
  console.log('| side | PostgreSQL backend CPU µs a statement | this process CPU µs | wall µs | load |');
  console.log('|---|---|---|---|---|');
  const order = Array.from({ length: PAIRS }, (_, i) => (i % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const))).flat();
  for (const side of order) await phase(side);
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
process.exit(0);
