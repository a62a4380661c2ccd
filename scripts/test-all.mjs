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

// TEST_DATABASE_URL is emptied here: CI exports it for the PostgreSQL run below, and this run is the PGlite one.
run('unit and API tests (PGlite)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${tmp}/vitest.json`], { TEST_DATABASE_URL: '' });
let c = vitestCounts(`${tmp}/vitest.json`);
passed += c.p;
failed += c.f;

const pgUrl = process.env.TEST_DATABASE_URL;
const e2e = process.env.SKIP_E2E !== '1';
// The PostgreSQL run goes beside the build and the browser journeys: those leave most of a core idle (one browser
// waiting on one server), so the two together take the time of the longer one. One worker keeps a core for the
// journeys; its output is kept in a file and printed once the journeys are done.
let pgRun;
if (pgUrl) {
  console.log(`\n=== API tests (PostgreSQL)${e2e ? ', beside the journeys; output below when done' : ''} ===`);
  const log = `${tmp}/vitest-pg.log`;
  const fd = openSync(log, 'w');
  const child = spawn(bin('vitest'), ['run', 'server', `--maxWorkers=${e2e ? 1 : 2}`, '--reporter=default', '--reporter=json', `--outputFile.json=${tmp}/vitest-pg.json`], {
    stdio: ['ignore', fd, fd],
    env: { ...process.env, TEST_DATABASE_URL: pgUrl },
  });
  pgRun = new Promise((resolve) => child.on('close', () => resolve(log)));
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the API suite ran on PGlite only)');
}

if (e2e) {
  step('build', 'npm', ['run', 'build']);
  run('browser journeys (Chromium)', bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${tmp}/playwright.json` });
  const file = `${tmp}/playwright.json`;
  if (existsSync(file)) {
    const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
    passed += s.expected ?? 0;
    failed += (s.unexpected ?? 0) + (s.flaky ?? 0) * 0;
    if (!s.expected && !s.unexpected) failed += 1;
  } else failed += 1;
}

if (pgRun) {
  const log = await pgRun;
  console.log('\n=== API tests (PostgreSQL): output ===');
  process.stdout.write(readFileSync(log, 'utf8'));
  c = vitestCounts(`${tmp}/vitest-pg.json`);
  passed += c.p;
  failed += c.f;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
