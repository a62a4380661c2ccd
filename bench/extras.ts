// The figures of `npm run bench` beyond the exam rush (issue 16 item 5): the back office's user search, what a
// 40 MB archive upload adds to the process, and the start-up on an existing embedded database.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import autocannon from 'autocannon';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { media, submittedProjects, users } from '../server/db/schema/index.ts';
import { issueTokens } from '../server/core/tokens.ts';
import { bindToSchool } from '../server/db/school.ts';

const MB = 1024 * 1024;

/** A fresh access token of the demo school's user `login` (the seed's admin, student, …). */
export async function demoTokenOf(db: Db, login: string) {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenant_id, 1), eq(users.login, login)));
  return (await issueTokens(bindToSchool(db, 1), u.id)).access_token;
}

/** `count` users in school 1 with varied names (a search finds a few, not all); answers nothing. */
export async function addSearchUsers(db: Db, count: number, passwordHash: string) {
  const surnames = ['Иванов', 'Петров', 'Сидоров', 'Смирнов', 'Кузнецов', 'Попов', 'Волков', 'Зайцев'];
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, k) => {
      const i = start + k;
      return { tenant_id: 1, login: `find${i}`, email: `find${i}@search.test`, password_hash: passwordHash, name: `Имя${i % 97}`, surname: `${surnames[i % surnames.length]}-${i % 500}` };
    });
    await db.insert(users).values(rows);
  }
}

/** What the user search looks for: a surname (100 of 50,000 added users), a login (11), and every added user's e-mail. */
export const SEARCH_PATTERNS = ['Сидоров-12', 'find4242', 'search.test'];

/** The user search of the back office (`GET /admin/user?q=`), `connections` clients for `seconds` per pattern. */
export async function searchRows(
  base: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  load: () => string,
  patterns = SEARCH_PATTERNS,
  /** Starts a CPU meter (bench/cpu.ts `startCpuSplit`): each row then says what a request cost each part. */
  split?: () => Promise<(requests: number) => Promise<string>>,
) {
  const rows: string[] = [];
  for (const q of patterns) {
    const path = `/admin/user?q=${encodeURIComponent(q)}&per_page=25`;
    const first = await fetch(base + path, { headers });
    const total = ((await first.json()) as { meta?: { total: number } }).meta?.total;
    const hammer = (duration: number) => new Promise<autocannon.Result>((ok, fail) => autocannon({ url: base + path, headers, connections, duration }, (e, res) => (e ? fail(e) : ok(res))));
    // a second at the same concurrency first, not measured: every API process opens its connections to the school's
    // pool and compiles the search's path then, as a server does once after it starts, not on every search
    await hammer(1);
    const stop = await split?.();
    const r = await hammer(seconds);
    const spent = stop ? ` (${await stop(r.requests.total)})` : '';
    rows.push(
      `| user search q=${q} (${total} found; ${connections} clients)${spent} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | | ${r.non2xx + r.errors} / ${r.requests.total} | ${load()} |`,
    );
  }
  return rows;
}

/**
 * A student's 40 MB project archive, streamed from a generator (the client holds one 64 KB chunk at a time), and the
 * growth of this process's resident memory while the API takes it: sampled every 20 ms, highest minus before. First
 * (unless `warmup` is false) one small archive through the same route, then removed from the database, so that the
 * figure is the upload's own and not the first use of the route's modules, schemas and buffers.
 */
/** Resident memory of a process and its children (an API's primary and its workers), MB, from /proc; 0 once it ended. */
export function processTreeMb(pid: number): number {
  try {
    const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    return rss + children.reduce((sum, c) => sum + processTreeMb(c), 0);
  } catch {
    return 0;
  }
}

/**
 * How much a 40 MB archive upload grows the API's resident memory. With `pid`, the API is that process (and its
 * workers), measured from /proc, apart from this process, whose own sending of the 40 MB is not the server's; without,
 * the API runs in this process and the growth includes the client's side.
 */
export async function uploadGrowth(base: string, db: Db, token: string, { warmup = true, pid }: { warmup?: boolean; pid?: number } = {}) {
  const [project] = await db
    .select()
    .from(media)
    .where(and(eq(media.tenant_id, 1), eq(media.title, 'Проект: стратегия вашей компании')));
  const send = async (size: number) => {
    const boundary = `bench${Date.now()}`;
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="confirm"\r\n\r\n1\r\n--${boundary}\r\ncontent-disposition: form-data; name="file1"; filename="work.zip"\r\ncontent-type: application/zip\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(64 * 1024, 7);
    async function* body() {
      yield head;
      // a zip's local file header first: the route checks the archive by its content
      yield Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 0)]);
      for (let sent = 64; sent < size; sent += chunk.length) yield sent + chunk.length <= size ? chunk : chunk.subarray(0, size - sent);
      yield tail;
    }
    const res = await fetch(`${base}/api/media/${project.id}/submittedProject`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, domain: 'demo', 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Readable.toWeb(Readable.from(body())) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    const answer = (await res.json()) as { data?: { id: number } };
    return { status: res.status, id: answer.data?.id };
  };
  let warmedUp = 'none';
  if (warmup) {
    const first = await send(64 * 1024);
    warmedUp = `a 64 KB archive first, answered ${first.status}`;
    // the warm-up's version removed (its files too, by cascade): the measured upload is a first version again
    if (first.id) await db.delete(submittedProjects).where(eq(submittedProjects.id, first.id));
  }
  globalThis.gc?.();
  const start = process.memoryUsage();
  const rss = () => (pid ? processTreeMb(pid) * MB : process.memoryUsage().rss);
  const before = rss();
  let highest = before;
  // at the highest sample: what of the growth is the JS heap and what is Buffers (ArrayBuffers outside the heap); of
  // this process only
  let peak = start;
  const sampler = setInterval(() => {
    const r = rss();
    if (r > highest) [highest, peak] = [r, pid ? peak : process.memoryUsage()];
  }, 20);
  const t0 = Date.now();
  const res = await send(40 * MB - 1024);
  clearInterval(sampler);
  highest = Math.max(highest, rss());
  const ms = Date.now() - t0;
  // removed too, so that the bench can run again on the same database
  if (res.id) await db.delete(submittedProjects).where(eq(submittedProjects.id, res.id));
  const parts = pid ? {} : { heapMb: (peak.heapUsed - start.heapUsed) / MB, buffersMb: (peak.arrayBuffers - start.arrayBuffers) / MB };
  return { status: res.status, ms, growthMb: (highest - before) / MB, warmup: warmedUp, separate: Boolean(pid), ...parts };
}

export function freePort() {
  return new Promise<number>((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

/** Milliseconds from spawning the server as `npm start` runs it (`node server/dist/main.mjs`) to its first 200 on /health, then stops it. */
async function timeToHealth(env: Record<string, string>) {
  const apiPort = await freePort();
  const webPort = await freePort();
  const t0 = Date.now();
  const proc = spawn(process.execPath, ['server/dist/main.mjs'], {
    env: { ...process.env, ...env, API_PORT: String(apiPort), WEB_PORT: String(webPort), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((ok) => proc.once('exit', () => ok()));
  try {
    for (;;) {
      const up = await fetch(`http://127.0.0.1:${apiPort}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return Date.now() - t0;
      if (Date.now() - t0 > 120_000) throw new Error('the server did not answer /health within 2 minutes');
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    proc.kill('SIGTERM');
    await exited;
  }
}

/**
 * Start-up on the embedded database: a first start (an empty data folder: migrations and the demo seed), stopped,
 * then the start that matters, on the database the first one left. The apps are stand-ins (only the API is timed).
 */
export async function startupTimes() {
  const dataDir = mkdtempSync(join(tmpdir(), 'lms-bench-start-'));
  const distDir = join(dataDir, 'dist');
  for (const app of ['learner', 'admin']) {
    mkdirSync(join(distDir, app), { recursive: true });
    writeFileSync(join(distDir, app, 'index.html'), '<!doctype html><title>stand-in</title>');
  }
  // the server's bundle, as `npm start` builds it (scripts/build-server.mjs)
  if (spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' }).status !== 0) throw new Error('npm run build:server failed');
  try {
    const env = { DATA_DIR: join(dataDir, 'data'), DIST_DIR: distDir, DATABASE_URL: '' };
    const first = await timeToHealth(env);
    const again = await timeToHealth(env);
    return { first, again };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
