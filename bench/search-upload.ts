// `node --expose-gc --import tsx bench/search-upload.ts`: only the user search and the upload's memory growth of `npm run bench` (bench/extras.ts),
// without the surge and the closed loops, for A/B pairs of those two figures. DATABASE_URL (an empty database) runs
// the search against the API in a process of its own (`node server/dist/main.mjs`, built here, API_WORKERS=1), as
// `npm run bench` does; without it everything runs in this process on PGlite. BENCH_SEARCH_USERS (50,000),
// BENCH_SECONDS (5 a pattern), BENCH_SEARCH_Q (patterns, comma-separated); for A/B pairs on one database:
// BENCH_SEARCH_USERS=0 adds none (the database keeps those of an earlier run), BENCH_API_BUNDLE=path runs that bundle
// of the API instead of building server/dist/main.mjs, BENCH_UPLOAD_WARMUP=0 measures the upload without a warm-up; BENCH_CPU_PROF=dir writes a `--cpu-prof` of the separate API into dir.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { buildApp } from '../server/app.ts';
import { seedReferenceData } from '../server/seed/reference.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { hashPassword } from '../server/core/password.ts';
import { addSearchUsers, demoTokenOf, SEARCH_PATTERNS, searchRows, uploadGrowth } from './extras.ts';
import { type ApiProcess, startApiProcess } from './api-process.ts';
import { backendsOf, databaseCpuMeter, startCpuSplit } from './cpu.ts';

const SEARCH_USERS = Number(process.env.BENCH_SEARCH_USERS ?? 50_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const load1 = () => loadavg()[0].toFixed(1);
const separate = Boolean(process.env.DATABASE_URL);

const dataDir = mkdtempSync(join(tmpdir(), 'lms-bench-'));
const config = { ...loadConfig({}), dataDir, logLevel: 'silent' };
const database = await openDatabase({ url: process.env.DATABASE_URL, pgliteDir: separate ? undefined : 'memory://' });
await seedReferenceData(database.db);
await seedDemo(database.db, dataDir);
const db = database.db;
const t0 = Date.now();
if (SEARCH_USERS > 0) await addSearchUsers(db, SEARCH_USERS, await hashPassword('bench-password-1'));
if (separate) await db.execute('analyze users' as never);
console.log(`${SEARCH_USERS} users added in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
const tokenOf = (login: string) => demoTokenOf(db, login);

let app = null as Awaited<ReturnType<typeof buildApp>> | null;
async function inProcessApi() {
  app ??= await buildApp({ config, database, logger: false });
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

let server = null as ApiProcess | null;
process.once('exit', () => server?.child.kill('SIGTERM'));
async function separateApi() {
  if (!process.env.BENCH_API_BUNDLE && spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' }).status !== 0) throw new Error('npm run build:server failed');
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  server = await startApiProcess([...prof, process.env.BENCH_API_BUNDLE ?? 'server/dist/main.mjs'], dataDir);
  return server.url;
}

const base = separate ? await separateApi() : await inProcessApi();
// what each request cost the API (its process tree), PostgreSQL's backends and the generator (PostgreSQL only)
const split = separate ? () => startCpuSplit(server?.child.pid, databaseCpuMeter(backendsOf(db))) : undefined;
const search = await searchRows(base, { authorization: `Bearer ${await tokenOf('admin')}`, domain: 'demo' }, 10, SECONDS, load1, process.env.BENCH_SEARCH_Q?.split(',') ?? SEARCH_PATTERNS, split);
// the upload against the same API: on PostgreSQL the separate process's resident memory, read from /proc
const upload = await uploadGrowth(base, db, await tokenOf('student'), { warmup: process.env.BENCH_UPLOAD_WARMUP !== '0', pid: server?.child.pid });
await server?.stop('SIGINT');
server = null;
console.log(`\nUser search over ${SEARCH_USERS} added users (${database.kind}, ${separate ? 'API in a separate process' : 'API in this process'}):
| scenario | req/s | p50 ms | p99 ms | | errors / total | load avg |
|---|---|---|---|---|---|---|
${search.join('\n')}

Upload of 40 MB: ${upload.status} in ${upload.ms} ms, ${upload.separate ? "the API process's" : "this process's"} resident memory grew ${upload.growthMb.toFixed(1)} MB (${upload.heapMb === undefined ? '' : `at the highest: JS heap ${upload.heapMb.toFixed(1)} MB, Buffers ${upload.buffersMb?.toFixed(1)} MB; `}warm-up: ${upload.warmup}); load ${loadavg()
  .map((x) => x.toFixed(1))
  .join(' / ')}`);
await app?.close();
await database.close();
process.exit(0);
