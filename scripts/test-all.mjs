#!/usr/bin/env node
// `npm test`: type-check, lint and format check, unit and API tests on PGlite, then the build of both apps and the
// browser journeys in Chromium with, beside them, the API tests on PostgreSQL when TEST_DATABASE_URL is set.
// Ends with "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';

const tmp = '.tmp/test-results';
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
let passed = 0;
let failed = 0;
const bin = (name) => `node_modules/.bin/${name}`;

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status === 0;
}

/** As `run`, without blocking this process: the background vitest lane goes on to its next run meanwhile. */
function runAsync(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((resolve) => child.on('close', (code) => resolve(code === 0)));
}

function step(label, cmd, args, env) {
  if (run(label, cmd, args, env)) passed += 1;
  else {
    failed += 1;
    console.log(`--- ${label} FAILED`);
  }
}

function vitestCounts(file) {
  if (!existsSync(file)) return { p: 0, f: 1 };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return { p: r.numPassedTests, f: r.numFailedTests + (r.numTotalTestSuites && !r.success && r.numFailedTests === 0 ? 1 : 0) };
}

step('type-check', bin('tsc'), ['--noEmit', '-p', '.']);
// Biome: the formatter's layout and the linter's rules (biome.json); `npm run format` fixes what it can.
step('lint and format', bin('biome'), ['ci', '--diagnostic-level=error', '.']);

const pgUrl = process.env.TEST_DATABASE_URL;
const e2e = process.env.SKIP_E2E !== '1';

/** A vitest run in the background, its output kept in a file; resolves with that file once it ends. */
function vitestInBackground(label, args, env, log) {
  console.log(`\n=== ${label}, beside the journeys; output below when done ===`);
  const fd = openSync(log, 'w');
  const child = spawn(bin('vitest'), args, { stdio: ['ignore', fd, fd], env: { ...process.env, ...env } });
  return new Promise((resolve) => child.on('close', () => resolve(log)));
}

// The two vitest runs: on PGlite (everything; TEST_DATABASE_URL emptied, since CI exports it for the other run) and,
// when TEST_DATABASE_URL is set, the API suite again on PostgreSQL.
const pgliteArgs = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${tmp}/vitest.json`];
const pgArgs = ['run', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${tmp}/vitest-pg.json`];
// the third run: the API suite on PostgreSQL through PgBouncer in transaction mode (TEST_PGBOUNCER_URL, .ci/run starts
// one with scripts/pgbouncer.sh); each test's database is reached through the pooler (server/test/harness.ts)
const bouncerUrl = pgUrl ? process.env.TEST_PGBOUNCER_URL : undefined;
const bouncerArgs = ['run', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${tmp}/vitest-pgbouncer.json`];
// With the journeys, both runs go one after the other beside the build and the journeys, one worker each: the
// journeys leave most of a core idle (one browser waiting on one server), so the two lanes together take the time of
// the longer one. (Before: the PGlite run on both cores first, then the journeys beside the PostgreSQL run, whose core
// then idled for the journeys' last third. A clean-clone CI run on the slow machine of 2026-11-25: 22.5 minutes
// before, 20.6 after; the journeys take 15.6 minutes beside the lane instead of 13.3.) Since the API test files share
// their worker's module graph (vitest.config.ts, `isolate: false` for server/), the lane takes 13.4 minutes instead
// of 19.8 and the journeys (15.2) are the longer lane: clean-clone CI 20.5 → 15.7 minutes on 2026-11-28.
// `--maxWorkers` is given here every time: a project's default is not the CLI's.
let vitestLane;
if (e2e) {
  vitestLane = (async () => {
    const logs = [await vitestInBackground('unit and API tests (PGlite)', [...pgliteArgs, '--maxWorkers=1'], { TEST_DATABASE_URL: '' }, `${tmp}/vitest.log`)];
    if (pgUrl) logs.push(await vitestInBackground('API tests (PostgreSQL)', [...pgArgs, '--maxWorkers=1'], { TEST_DATABASE_URL: pgUrl, TEST_PGBOUNCER_URL: '' }, `${tmp}/vitest-pg.log`));
    return logs;
  })();
} else {
  run('unit and API tests (PGlite)', bin('vitest'), [...pgliteArgs, '--maxWorkers=2'], { TEST_DATABASE_URL: '' });
  if (pgUrl) run('API tests (PostgreSQL)', bin('vitest'), [...pgArgs, '--maxWorkers=2'], { TEST_DATABASE_URL: pgUrl, TEST_PGBOUNCER_URL: '' });
  if (bouncerUrl) run('API tests (PostgreSQL through PgBouncer)', bin('vitest'), [...bouncerArgs, '--maxWorkers=2'], { TEST_DATABASE_URL: pgUrl, TEST_PGBOUNCER_URL: bouncerUrl });
}
if (!pgUrl) console.log('\n(TEST_DATABASE_URL is not set: the API suite runs on PGlite only)');
else if (!bouncerUrl) console.log('\n(TEST_PGBOUNCER_URL is not set: the API suite does not run through PgBouncer)');

if (e2e) {
  if (await runAsync('build', 'npm', ['run', 'build'])) passed += 1;
  else {
    failed += 1;
    console.log('--- build FAILED');
  }
  await runAsync('browser journeys (Chromium)', bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${tmp}/playwright.json` });
  const file = `${tmp}/playwright.json`;
  if (existsSync(file)) {
    const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
    passed += s.expected ?? 0;
    failed += (s.unexpected ?? 0) + (s.flaky ?? 0) * 0;
    if (!s.expected && !s.unexpected) failed += 1;
  } else failed += 1;
}

// The run through PgBouncer starts when the journeys are done, on both cores (the PostgreSQL run's end beside it):
// after them the journeys' core is free, and a third run in the one-worker lane made it the longer lane by minutes
// (clean-clone CI 24.5 minutes on 2026-11-29). Left out of it: the files whose servers reach PostgreSQL straight
// whatever the run (real processes started with their own DATABASE_URL, the refusals of a database without a pooler),
// which would only repeat the PostgreSQL run.
const straightOnly = ['crash-safety', 'sign-out-two-processes', 'overload', 'cli', 'batch-crash'].flatMap((f) => ['--exclude', `**/${f}.test.ts`]);
const bouncerRun =
  e2e && bouncerUrl
    ? vitestInBackground(
        'API tests (PostgreSQL through PgBouncer)',
        [...bouncerArgs, '--maxWorkers=2', ...straightOnly],
        { TEST_DATABASE_URL: pgUrl, TEST_PGBOUNCER_URL: bouncerUrl },
        `${tmp}/vitest-pgbouncer.log`,
      )
    : undefined;

if (vitestLane) {
  for (const log of [...(await vitestLane), ...(bouncerRun ? [await bouncerRun] : [])]) {
    const label = log.endsWith('-pg.log') ? 'API tests (PostgreSQL)' : log.endsWith('-pgbouncer.log') ? 'API tests (PostgreSQL through PgBouncer)' : 'unit and API tests (PGlite)';
    console.log(`\n=== ${label}: output ===`);
    process.stdout.write(readFileSync(log, 'utf8'));
  }
}
for (const [file, wanted] of [
  [`${tmp}/vitest.json`, true],
  [`${tmp}/vitest-pg.json`, Boolean(pgUrl)],
  [`${tmp}/vitest-pgbouncer.json`, Boolean(bouncerUrl)],
]) {
  if (!wanted) continue;
  const c = vitestCounts(file);
  passed += c.p;
  failed += c.f;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
