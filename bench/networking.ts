// Networking search under load (issue 14), run on demand, not in `npm test`:
//   BENCH_PG=postgres://postgres@127.0.0.1:5432/postgres node_modules/.bin/tsx bench/networking.ts
// Creates a throwaway database on that server, seeds 100,000 networking profiles across 20 schools (the two demo
// schools and 18 more), then 20 clients (global viewers of different schools) search at once for BENCH_SECONDS with
// free text and two filters (industry[] and country[]); prints p50/p95/p99 of the API's answers. See docs/performance.md.
// BENCH_KEEP=1 keeps the database afterwards (to read query plans on it), BENCH_DB=<its name> measures on it again
// without seeding; BENCH_SECONDS, BENCH_CLIENTS, BENCH_PROFILES.
// The API runs as it does in production, apart from the clients: `server/main.ts` started as a child process with
// API_WORKERS=BENCH_WORKERS (default 1: on 2 cores PostgreSQL needs the other) processes on BENCH_API_PORT (default 19140), so that the 20 clients in this
// process do not take the API's CPU; BENCH_LOG_LEVEL (default info, as production; the log goes nowhere), BENCH_CPU_PROF=<dir> writes each API process's
// CPU profile there (node --cpu-prof).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { seedReferenceData } from '../server/seed/reference.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { cities, countries, networkProfiles, tenantAccess, tenants, users } from '../server/db/schema/index.ts';
import { INDUSTRIES, NETWORK_STATUSES } from '../server/db/schema/networking.ts';
import { issueTokens } from '../server/core/tokens.ts';
import { bindToSchool } from '../server/db/school.ts';

const PROFILES = Number(process.env.BENCH_PROFILES ?? 100_000);
const SCHOOLS = 20;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const base = process.env.BENCH_PG ?? process.env.TEST_DATABASE_URL;
if (!base) throw new Error('Set BENCH_PG to a PostgreSQL server URL (the benchmark creates and drops a database of its own)');

// BENCH_DB: measure again on a database an earlier run kept (BENCH_KEEP), without seeding it anew
const reuse = process.env.BENCH_DB;
const name = reuse ?? `lms_bench_networking_${process.pid}`;
if (!reuse) {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
}
const url = new URL(base);
url.pathname = `/${name}`;

// a reproducible pseudo-random sequence
let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
const FIRST = ['Анна', 'Иван', 'Мария', 'Пётр', 'Ольга', 'Дмитрий', 'Елена', 'Сергей', 'John', 'Anna', 'Maria', 'David', 'Laura', 'Paul', 'Aigerim', 'Timur'];
const LAST = ['Иванов', 'Петрова', 'Смирнов', 'Кузнецова', 'Волков', 'Орлова', 'Carter', 'Berg', 'Smith', 'Müller', 'Garcia', 'Nurlanov', 'Sokolov', 'Lebedeva', 'Novak', 'Kim'];
const SKILLS = [
  'strategy',
  'finance',
  'marketing',
  'sales',
  'negotiation',
  'python',
  'sql',
  'excel',
  'leadership',
  'supply chain',
  'lean',
  'hr analytics',
  'product management',
  'scrum',
  'ifrs',
  'valuation',
  'branding',
  'pricing',
  'логистика',
  'переговоры',
  'аналитика',
  'бюджетирование',
];
const HOBBIES = ['tennis', 'chess', 'sailing', 'running', 'jazz', 'photography', 'hiking', 'теннис', 'шахматы', 'бег', 'фотография'];
const COMPANIES = ['Acme', 'Northwind', 'Contoso', 'Globex', 'Initech', 'Umbrella', 'Stark', 'Wayne', 'Сбер', 'Северсталь', 'Яндекс', 'Газпром нефть'];
const POSITIONS = ['CEO', 'CFO', 'analyst', 'consultant', 'project manager', 'HR director', 'директор', 'руководитель проектов', 'аналитик'];

const dataDir = mkdtempSync(join(tmpdir(), 'lms-bench-nw-'));
const database = await openDatabase({ url: url.toString() });
const db = database.db;
const started = Date.now();
if (!reuse) {
  await seedReferenceData(db);
  await seedDemo(db, dataDir);
  for (let i = 3; i <= SCHOOLS; i++) {
    const [t] = await db
      .insert(tenants)
      .values({ slug: `school${i}`, title: `School ${i}` })
      .returning();
    await db.insert(tenantAccess).values({ tenant_id: t.id, networking: true });
  }
}
const schoolIds = (await db.select({ id: tenants.id }).from(tenants)).map((t) => t.id);
const places = await db
  .select({ city_id: cities.id, country_id: cities.country_id, ru: cities.title_ru, en: cities.title_en, cru: countries.title_ru, cen: countries.title_en })
  .from(cities)
  .innerJoin(countries, sql`${countries.id} = ${cities.country_id}`);
const CHUNK = 4000; // under the 65,535 parameters of one statement
for (let done = 0; done < (reuse ? 0 : PROFILES); done += CHUNK) {
  const rows = Array.from({ length: Math.min(CHUNK, PROFILES - done) }, (_, k) => {
    const n = done + k;
    const p = pick(places);
    return { n, tenant_id: schoolIds[n % schoolIds.length], name: pick(FIRST), surname: pick(LAST), place: p };
  });
  const made = await db
    .insert(users)
    .values(
      rows.map((r) => ({
        tenant_id: r.tenant_id,
        login: `nw${r.n}`,
        email: `nw${r.n}@bench.test`,
        password_hash: 'x',
        role: 'student' as const,
        name: r.name,
        surname: r.surname,
        city_id: r.place.city_id,
        country_id: r.place.country_id,
      })),
    )
    .returning({ id: users.id });
  await db.insert(networkProfiles).values(
    rows.map((r, k) => {
      const status = rnd() < 0.2 ? NETWORK_STATUSES[2] : rnd() < 0.5 ? NETWORK_STATUSES[0] : NETWORK_STATUSES[1];
      return {
        tenant_id: r.tenant_id,
        user_id: made[k].id,
        status,
        industry: pick(INDUSTRIES),
        skills: `${pick(SKILLS)}, ${pick(SKILLS)}, ${pick(SKILLS)}`,
        hobbies: pick(HOBBIES),
        company: pick(COMPANIES),
        position: pick(POSITIONS),
        native_language: pick(['ru', 'en', 'de', 'kk']),
        looking_job: rnd() < 0.2,
        is_hire: rnd() < 0.1,
        full_name: `${r.name} ${r.surname}`,
        sort_name: `${r.surname} ${r.name}`.toLowerCase(),
        city: `${r.place.ru} ${r.place.en} ${r.place.cru} ${r.place.cen}`,
        country_id: r.place.country_id,
        city_id: r.place.city_id,
      };
    }),
  );
}
// vacuum too: a database in use has its visibility map and hint bits set by autovacuum; a bulk load has neither yet
if (!reuse) await db.execute(sql`vacuum analyze`);
if (!reuse) console.log(`seeded ${PROFILES} profiles in ${SCHOOLS} schools in ${((Date.now() - started) / 1000).toFixed(1)} s`);

// one global viewer per school (the widest search: every school's global members and the own school's local ones)
// unique per run: a reused database (BENCH_DB) keeps earlier runs' viewers, and process ids repeat after a restart
const runId = `${process.pid}-${Date.now()}`;
const viewers: { token: string; slug: string }[] = [];
for (let i = 0; i < CLIENTS; i++) {
  const tenantId = schoolIds[i % schoolIds.length];
  const [t] = await db.select({ slug: tenants.slug }).from(tenants).where(sql`${tenants.id} = ${tenantId}`);
  const [u] = await db
    .insert(users)
    .values({ tenant_id: tenantId, login: `viewer${runId}-${i}`, email: `viewer${runId}-${i}@bench.test`, password_hash: 'x', name: 'Viewer', surname: String(i) })
    .returning({ id: users.id });
  await db.insert(networkProfiles).values({ tenant_id: tenantId, user_id: u.id, status: 'global', full_name: 'Viewer', sort_name: 'viewer' });
  viewers.push({ token: (await issueTokens(bindToSchool(db, tenantId), u.id)).access_token, slug: t.slug });
}

// the API in processes of its own: server/main.ts as `npm start` runs it (its web side gets an empty stub of the apps)
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
const apiPort = Number(process.env.BENCH_API_PORT ?? 19140);
const distDir = join(dataDir, 'dist');
for (const app of ['learner', 'admin']) {
  mkdirSync(join(distDir, app), { recursive: true });
  writeFileSync(join(distDir, app, 'index.html'), '<html><head></head><body></body></html>');
}
const profileDir = process.env.BENCH_CPU_PROF;
const server = spawn(process.execPath, [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), '--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    DATABASE_URL: url.toString(),
    API_WORKERS: String(WORKERS),
    API_PORT: String(apiPort),
    WEB_PORT: String(apiPort + 1),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    SEED_DEMO: '0',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const api = `http://127.0.0.1:${apiPort}`;
for (let tries = 0; ; tries++) {
  if (server.exitCode !== null) throw new Error(`the API ended at start (${server.exitCode})`);
  const up = await fetch(`${api}/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  if (tries > 600) throw new Error('the API did not start in 60 s');
  await new Promise((r) => setTimeout(r, 100));
}
const countryIds = [...new Set(places.map((p) => p.country_id))];
const ru = (await db.select({ id: countries.id }).from(countries).where(sql`${countries.code} = 'RU'`))[0].id;

/** A search with text and two filters: a skill or a name word, an industry and a country. */
function query() {
  const text = rnd() < 0.5 ? pick(SKILLS).split(' ')[0] : pick(LAST).slice(0, 4);
  const country = rnd() < 0.5 ? ru : pick(countryIds);
  return `/api/search/networking?q=${encodeURIComponent(text)}&industry[]=${pick(INDUSTRIES)}&country[]=${country}&per_page=15`;
}

// The load: CLIENTS keep-alive connections (autocannon, one viewer each), each sending its next search as soon as the
// previous answer is in, so CLIENTS searches are in flight at every moment. BENCH_CLIENT=fetch uses Node's fetch
// instead (what the bench used before 2026-11-24, fifth session: about 3 times the load generator's CPU a search).
const CLIENT = process.env.BENCH_CLIENT ?? 'autocannon';
const times: number[] = [];
let errors = 0;
let total = 0;
let inFlight = 0;
let maxInFlight = 0;
async function fetchClient(v: { token: string; slug: string }, until: number, record: boolean) {
  while (Date.now() < until) {
    const t0 = performance.now();
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const res = await fetch(`${api}${query()}`, { headers: { authorization: `Bearer ${v.token}`, domain: v.slug } });
    const body = (await res.json()) as { meta?: { total: number } };
    inFlight--;
    const ms = performance.now() - t0;
    if (!record) continue;
    if (res.status !== 200) errors++;
    else total += body.meta?.total ?? 0;
    times.push(ms);
  }
}
async function load(seconds: number, record: boolean) {
  if (CLIENT === 'fetch') return void (await Promise.all(viewers.map((v) => fetchClient(v, Date.now() + seconds * 1000, record))));
  let next = 0;
  const instance = autocannon({
    url: api,
    connections: CLIENTS,
    pipelining: 1,
    duration: seconds,
    setupClient(c: { setRequests(r: object[]): void; on(e: 'request', f: () => void): void }) {
      const v = viewers[next++ % viewers.length];
      // how many searches are in flight: sent and not yet answered, at each send
      c.on('request', () => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
      });
      const headers = { authorization: `Bearer ${v.token}`, domain: v.slug };
      c.setRequests([
        {
          method: 'GET',
          setupRequest: (req: object) => ({ ...req, path: query(), headers }),
          onResponse: (status: number, body: string) => {
            if (record && status === 200) total += Number(/"total":(\d+)/.exec(body)?.[1] ?? 0);
          },
        },
      ]);
    },
  } as unknown as autocannon.Options) as unknown as Promise<autocannon.Result> & NodeJS.EventEmitter;
  instance.on('response', (_c: unknown, status: number, _bytes: number, ms: number) => {
    inFlight--;
    if (!record) return;
    if (status !== 200) errors++;
    times.push(ms);
  });
  await instance;
  inFlight = 0;
}

/** CPU seconds used so far by the processes of this run (Linux: /proc; zero elsewhere), to say where a search's CPU goes. */
function cpuNow() {
  const ticks = (pid: number | string) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(f[11]) + Number(f[12])) / 100; // utime, stime (clock ticks of 1/100 s)
    } catch {
      return 0;
    }
  };
  const procs = existsSync('/proc') ? readdirSync('/proc').filter((d) => /^\d+$/.test(d)) : [];
  const parent = new Map<string, string>();
  const backends: string[] = [];
  for (const p of procs) {
    try {
      parent.set(p, readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      // this database's backends: "postgres: 15/main: <user> <database> <client> <state>"
      if (readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(` ${name} `)) backends.push(p);
    } catch {
      // ended meanwhile
    }
  }
  const tree = new Set([String(server.pid)]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, pp] of parent) if (tree.has(pp) && !tree.has(p)) grew = tree.add(p) !== undefined;
  }
  const self = process.cpuUsage();
  return {
    load: (self.user + self.system) / 1e6,
    api: [...tree].reduce((s, p) => s + ticks(p), 0),
    db: backends.reduce((s, p) => s + ticks(p), 0),
  };
}

// warm up, then the measured run
await load(3, false);
maxInFlight = 0;
const loadBefore = loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
const cpuBefore = cpuNow();
const t0 = performance.now();
await load(SECONDS, true);
const wall = (performance.now() - t0) / 1000;
const cpuAfter = cpuNow();
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
const perSearch = (k: 'load' | 'api' | 'db') => (((cpuAfter[k] - cpuBefore[k]) * 1000) / Math.max(1, times.length)).toFixed(2);
console.log(
  `${WORKERS} API processes, ${CLIENTS} concurrent clients (${CLIENT}), ${SECONDS} s: ${times.length} searches (${(times.length / wall).toFixed(0)}/s), ${errors} errors, ${(total / Math.max(1, times.length)).toFixed(0)} matches per search on average`,
);
console.log(`in flight: at most ${maxInFlight}, on average ${(times.reduce((s, t) => s + t, 0) / 1000 / wall).toFixed(1)} (the sum of the latencies over the run's time)`);
console.log(
  `load average before ${loadBefore}, after ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`latency ms: p50 ${pct(50)}, p95 ${pct(95)}, p99 ${pct(99)}, max ${times[times.length - 1].toFixed(1)}`);
console.log(`CPU ms per search: load generator ${perSearch('load')}, API ${perSearch('api')}, PostgreSQL (this database's backends) ${perSearch('db')}`);
const plan = await db.execute(
  sql.raw(
    `explain analyze select id from network_profiles where status = 'global' and search @@ to_tsquery('simple', 'strat:*') and industry = 'finance' and country_id = ${ru} order by ts_rank(search, to_tsquery('simple', 'strat:*')) desc limit 15`,
  ),
);
console.log((plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n'));

const ended = new Promise((r) => server.once('exit', r));
server.kill('SIGTERM');
await ended;
await database.close();
if (process.env.BENCH_KEEP || reuse) console.log(`kept database ${name} (BENCH_KEEP): drop it by hand when done`);
else {
  const drop = new pg.Client({ connectionString: base });
  await drop.connect();
  await drop.query(`drop database if exists ${name} with (force)`);
  await drop.end();
}
