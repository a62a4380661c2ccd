#!/usr/bin/env node
// `npm test`: type-check, lint and format check, the unit and API tests on PGlite, the API tests again on PostgreSQL
// (TEST_DATABASE_URL) and through PgBouncer in transaction mode (TEST_PGBOUNCER_URL), the build of both apps and the
// browser journeys in Chromium. Ends with "N passed, N failed".
//
// The machine has two cores, so the work is two lanes fed from one queue (docs/performance.md "The test run"): one
// lane builds the apps and runs the journeys (one browser and one server, a core between them); the other takes the
// checks and the vitest runs, each in shards of one worker, longest first; when the journeys end, their lane takes
// shards from the queue too. Before, the vitest runs were one lane of their own (PGlite, then PostgreSQL), which went on
// alone for minutes after the journeys, one core idle (clean-clone CI 35 minutes on 2026-11-29).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const tmp = '.tmp/test-results';
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
const bin = (name) => `node_modules/.bin/${name}`;

const pgUrl = process.env.TEST_DATABASE_URL;
const bouncerUrl = pgUrl ? process.env.TEST_PGBOUNCER_URL : undefined;
const e2e = process.env.SKIP_E2E !== '1';
// For checking this runner itself on a few files: extra arguments (file filters) for every vitest run and for playwright.
const vitestFilter = process.env.TEST_ALL_VITEST_FILTER ? process.env.TEST_ALL_VITEST_FILTER.split(' ') : [];
const e2eFilter = process.env.TEST_ALL_E2E_FILTER ? process.env.TEST_ALL_E2E_FILTER.split(' ') : [];

/**
 * A job: a command whose output goes to its own log, printed whole when the run ends (two lanes at once would
 * interleave their lines). `count` reads what it passed and failed once it has ended.
 */
function job(label, cmd, args, { env = {}, count, weight = 1 } = {}) {
  const log = `${tmp}/${label.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.log`;
  return { label, cmd, args, env, count, weight, log };
}

function runJob(j) {
  const started = Date.now();
  console.log(`--- started: ${j.label}`);
  const fd = openSync(j.log, 'w');
  const child = spawn(j.cmd, j.args, { stdio: ['ignore', fd, fd], env: { ...process.env, ...j.env } });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      j.ok = code === 0;
      j.seconds = Math.round((Date.now() - started) / 1000);
      console.log(`--- ended: ${j.label} (${j.seconds} s${j.ok ? '' : ', FAILED'})`);
      resolve(j);
    });
  });
}

/** A vitest run's counts from its JSON report; a run that ended without one, or failed outside its tests, is a failure. */
function vitestCount(file) {
  return () => {
    if (!existsSync(file)) return { passed: 0, failed: 1 };
    const r = JSON.parse(readFileSync(file, 'utf8'));
    const outside = !r.success && r.numFailedTests === 0 ? 1 : 0;
    return { passed: r.numPassedTests, failed: r.numFailedTests + outside };
  };
}

/** A check that counts as one test: passed when its command ends with 0. */
const asOne = (j) => () => (j.ok ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });

function check(label, cmd, args, weight) {
  const j = job(label, cmd, args, { weight });
  j.count = asOne(j);
  return j;
}

/**
 * A vitest run cut in `shards`; `weight` is its expected share of time (the queue takes the heaviest first).
 * `--maxWorkers` is given every time: a project's default is not the CLI's.
 */
function vitestRun(name, scope, env, shards, weight, extra = []) {
  // a filter given for checking this runner replaces the run's scope (vitest ORs its file filters)
  const args = [...(vitestFilter.length ? vitestFilter : scope), ...extra];
  if (vitestFilter.length) shards = 1; // a few files do not make shards
  return Array.from({ length: shards }, (_, i) => {
    const json = `${tmp}/vitest-${name}-${i + 1}.json`;
    const shard = shards > 1 ? [`--shard=${i + 1}/${shards}`] : [];
    const j = job(`vitest ${name} ${i + 1}/${shards}`, bin('vitest'), ['run', ...args, ...shard, '--maxWorkers=1', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`], {
      env,
      count: vitestCount(json),
      weight: weight / shards,
    });
    return Object.assign(j, { json });
  });
}

// Files whose servers reach PostgreSQL straight whatever the run (real processes with their own DATABASE_URL, the
// refusals of a database without a pooler): the run through PgBouncer would only repeat the PostgreSQL run.
const straightOnly = ['crash-safety', 'sign-out-two-processes', 'overload', 'cli', 'batch-crash'];
// The sweeps generated from the route table: they check every route's answers, roles and refusals, the same SQL
// whichever database answers it and however it reaches PostgreSQL. With a PostgreSQL server they run once, straight to
// it; the PGlite run and the PgBouncer run leave them out (the pooler's own concern, unnamed statements and a school per
// transaction, is what every other file exercises, and PGlite's every other behaviour too).
const sweeps = ['hostile-input', 'hostile-uploads', 'bad-input', 'probe', 'role-matrix', 'route-table', 'openapi', 'lazy-schemas', 'responses'];
const excluding = (names) => names.flatMap((f) => ['--exclude', `**/${f}.test.ts`]);

const queue = [
  check('type-check', bin('tsc'), ['--noEmit', '-p', '.'], 2),
  // Biome: the formatter's layout and the linter's rules (biome.json); `npm run format` fixes what it can.
  check('lint and format', bin('biome'), ['ci', '--diagnostic-level=error', '.'], 0.5),
  // everything on PGlite (TEST_DATABASE_URL emptied, since CI exports it for the other runs)
  ...vitestRun('pglite', [], { TEST_DATABASE_URL: '', TEST_PGBOUNCER_URL: '' }, pgUrl ? 2 : 1, pgUrl ? 9 : 12, pgUrl ? excluding(sweeps) : []),
  ...(pgUrl ? vitestRun('postgres', ['server'], { TEST_DATABASE_URL: pgUrl, TEST_PGBOUNCER_URL: '' }, 2, 12) : []),
  ...(bouncerUrl ? vitestRun('pgbouncer', ['server'], { TEST_DATABASE_URL: pgUrl, TEST_PGBOUNCER_URL: bouncerUrl }, 1, 5, excluding([...straightOnly, ...sweeps])) : []),
].sort((a, b) => b.weight - a.weight);
if (!pgUrl) console.log('(TEST_DATABASE_URL is not set: the API suite runs on PGlite only)');
else if (!bouncerUrl) console.log('(TEST_PGBOUNCER_URL is not set: the API suite does not run through PgBouncer)');

const done = [];
async function lane(first = []) {
  for (const j of first) {
    done.push(await runJob(j));
    if (!j.ok && j.then) break;
  }
  for (let j = queue.shift(); j; j = queue.shift()) done.push(await runJob(j));
}

const journeys = [];
if (e2e) {
  const build = job('build', 'npm', ['run', 'build']);
  build.count = asOne(build);
  build.then = true; // no journeys without the apps
  const browser = job('browser journeys (Chromium)', bin('playwright'), ['test', ...e2eFilter], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${tmp}/playwright.json` } });
  browser.count = () => {
    const file = `${tmp}/playwright.json`;
    if (!existsSync(file)) return { passed: 0, failed: 1 };
    const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
    return { passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + (s.flaky ?? 0) + (s.expected || s.unexpected ? 0 : 1) };
  };
  browser.journeys = true;
  journeys.push(build, browser);
}
/** The first lines of an error: enough to name the cause at the end of the output, where CI's tail shows it. */
const firstLines = (text, n = 12) =>
  String(text ?? '')
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .slice(0, n)
    .join('\n    ');

/** A check or the build that failed: the end of its log, where its tools print their verdict. */
function checkFailures() {
  return done.filter((j) => !j.ok && !j.json && !j.journeys).map((j) => `${j.label}:\n    ${firstLines(readFileSync(j.log, 'utf8').trimEnd().split('\n').slice(-12).join('\n'))}`);
}

function vitestFailures() {
  const out = [];
  for (const j of done) {
    if (!j.json || !existsSync(j.json)) continue;
    for (const f of JSON.parse(readFileSync(j.json, 'utf8')).testResults ?? []) {
      const failed = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of failed) out.push(`${j.label}: ${f.name.replace(`${process.cwd()}/`, '')} > ${a.fullName}\n    ${firstLines(a.failureMessages?.[0])}`);
      if (!failed.length && f.status === 'failed') out.push(`${j.label}: ${f.name.replace(`${process.cwd()}/`, '')}\n    ${firstLines(f.message)}`);
    }
  }
  return out;
}

function journeyFailures() {
  const file = `${tmp}/playwright.json`;
  if (!existsSync(file)) return [];
  const out = [];
  const walk = (suite, path) => {
    for (const s of suite.suites ?? []) walk(s, [...path, s.title]);
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected' || t.status === 'flaky') {
          const error = t.results?.find((r) => r.error)?.error;
          out.push(`journey (${t.status}): ${[...path, spec.title].filter(Boolean).join(' > ')}\n    ${firstLines(error?.message ?? error?.value)}`);
        }
  };
  for (const s of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) walk(s, [s.title]);
  return out;
}

const began = Date.now();
await Promise.all([lane(journeys), lane()]);

let passed = 0;
let failed = 0;
for (const j of done) {
  console.log(`\n=== ${j.label}: output ===`);
  process.stdout.write(readFileSync(j.log, 'utf8'));
}
console.log('\n=== times ===');
for (const j of done) {
  const c = j.count();
  passed += c.passed;
  failed += c.failed;
  console.log(`${j.label}: ${j.seconds} s, ${c.passed} passed, ${c.failed} failed`);
}
const failures = [...checkFailures(), ...vitestFailures(), ...journeyFailures()];
if (failures.length) console.log(`\n=== what failed ===\n${failures.join('\n\n')}`);
writeFileSync(`${tmp}/times.json`, JSON.stringify({ seconds: Math.round((Date.now() - began) / 1000), jobs: done.map(({ label, seconds, ok }) => ({ label, seconds, ok })) }, null, 2));
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
