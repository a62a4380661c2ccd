// `npm run bench:reports`: the reports on the big school of `npm run bench:data` (issue 12). For every report: its
// first page through the real route (first call, then the median of three more); an Excel export of about 100 000
// rows through the export job's writer (time, and the growth of the process's resident memory); and the query plans
// (EXPLAIN ANALYZE) of the two heaviest first pages. BENCH_EXPORT_MILLION=1 adds an export of 1 000 000 rows (a school of
// its own, made on first use: bench/report-data.ts ensureMillionSchool). Figures go to docs/performance.md, "Reports".
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { loadConfig } from '../server/config.ts';
import { openDatabase, statementProbe } from '../server/db/client.ts';
import { buildApp } from '../server/app.ts';
import { tenants, users, programs, quizzes } from '../server/db/schema/index.ts';
import { issueTokens } from '../server/core/tokens.ts';
import { bindToSchool } from '../server/db/school.ts';
import { prepareReport } from '../server/modules/reports/catalogue.ts';
import { exportToFile } from '../server/modules/report-export/jobs.ts';
import { BENCH_SCHOOL, BENCH_URL, MILLION_SCHOOL, ensureMillionSchool } from './report-data.ts';

process.env.SCHEDULE_TICK_MS = '0';
const dataDir = mkdtempSync(join(tmpdir(), 'lms-bench-reports-'));
const config = { ...loadConfig({}), dataDir, logLevel: 'silent' };
const database = await openDatabase({ url: BENCH_URL });
const [school] = await database.db.select().from(tenants).where(eq(tenants.slug, BENCH_SCHOOL));
if (!school) throw new Error('Run `npm run bench:data` first');
const db = bindToSchool(database.db, school.id);
const [admin] = await db
  .select()
  .from(users)
  .where(and(eq(users.role, 'admin')));
const token = (await issueTokens(db, admin.id)).access_token;
const [program] = await db.select().from(programs).limit(1);
const [quiz] = await db.select().from(quizzes).limit(1);
const app = await buildApp({ config, database, logger: false });
await app.ready();

const extra: Record<string, string> = { learningPathSummary: `&program_id=${program.id}`, quizAnswerBreakdown: `&quiz_id=${quiz.id}`, trafficLights: '&step=program' };
const ALL_TYPES = [
  'quizScoreResults',
  'quizAnswerBreakdown',
  'learningPathSummary',
  'learningPathSummary&sort=percent',
  'getUserActivity',
  'getUserActivity&sort=seconds',
  'trafficLights',
  'lookedNews',
  'submittedProject',
  'getMediaActivity',
];
// BENCH_REPORTS=getUserActivity,quizAnswerBreakdown measures only those (each with its variants); BENCH_EXPORT=0 skips the export
const only = process.env.BENCH_REPORTS?.split(',');
const types = only ? ALL_TYPES.filter((t) => only.includes(t.split('&')[0])) : ALL_TYPES;
const results: { type: string; first: number; median: number; total: number; sql: { text: string; params: unknown[]; ms: number }[] }[] = [];
for (const type of types) {
  const [name, sort] = type.split('&');
  const url = `/admin/report/${name}?period=all&per_page=15${extra[name] ?? ''}${sort ? `&${sort}` : ''}`;
  const times: number[] = [];
  let total = 0;
  let statements: { text: string; params: unknown[]; ms: number }[] = [];
  for (let i = 0; i < 4; i++) {
    const seen: { text: string; params: unknown[]; ms: number }[] = [];
    statementProbe.listener = (text, params) => seen.push({ text, params, ms: 0 });
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, domain: BENCH_SCHOOL } });
    times.push(performance.now() - t);
    statementProbe.listener = undefined;
    if (res.statusCode !== 200) throw new Error(`${type}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    total = res.json().meta.total;
    if (i === 0) statements = seen.filter((s) => !/tokens|tenant_access|"tenants"|^(begin|commit|rollback|set local)/i.test(s.text));
  }
  const warm = times.slice(1).sort((a, b) => a - b);
  results.push({ type, first: times[0], median: warm[1], total, sql: statements });
  console.log(`${type.padEnd(20)} first ${times[0].toFixed(0).padStart(5)} ms, median ${warm[1].toFixed(0).padStart(5)} ms, ${total} rows`);
}

/** An Excel export through the export job's writer: its time and the growth of the process's resident memory (sampled every 50 ms). */
async function measureExport(label: string, on: typeof db, slug: string, type: string, params: Parameters<typeof prepareReport>[2]) {
  const { def, input } = await prepareReport(on, type, params);
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  const file = await exportToFile(on, dataDir, slug, def, input, 'ru');
  const exportMs = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    `${label} ${file.rows} rows: ${(exportMs / 1000).toFixed(2)} s, ${(file.size / 1048576).toFixed(1)} MB file, RSS ${(rss0 / 1048576).toFixed(0)} → peak ${(peak / 1048576).toFixed(0)} MB (+${((peak - rss0) / 1048576).toFixed(0)} MB)`,
  );
}

if (process.env.BENCH_EXPORT !== '0') {
  // Excel export of ~100 000 rows: the attempts of the last ~half year
  const half = new Date(Date.now() - 182 * 86_400_000).toISOString().slice(0, 10);
  await measureExport('export', db, BENCH_SCHOOL, 'quizScoreResults', { date_start: half });
}
if (process.env.BENCH_EXPORT_MILLION === '1') {
  // 1 000 000 rows: every attempt of the school bench_million (made on the first run that asks)
  const million = bindToSchool(database.db, await ensureMillionSchool(BENCH_URL));
  await measureExport('export (bench_million)', million, MILLION_SCHOOL, 'quizScoreResults', { period: 'all' });
}

// the two heaviest first pages: the plan of each one's slowest statement
const heaviest = [...results].sort((a, b) => b.median - a.median).slice(0, 2);
for (const r of heaviest) {
  let worst = { text: '', params: [] as unknown[], ms: -1, plan: '' };
  for (const s of r.sql) {
    const t = performance.now();
    // as the route runs it: JIT compilation off (server/modules/reports/index.ts, withoutJit)
    const { rows } = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return (await tx.execute(sql.raw(`explain (analyze, buffers off, costs off) ${inline(s.text, s.params)}`))) as unknown as { rows: { 'QUERY PLAN': string }[] };
    });
    const ms = performance.now() - t;
    if (ms > worst.ms) worst = { ...s, ms, plan: rows.map((x) => x['QUERY PLAN']).join('\n') };
  }
  console.log(`\n### ${r.type} (median ${r.median.toFixed(0)} ms)\n\n${worst.text}\n\n${worst.plan}`);
}

/** A statement with its parameters written in, for EXPLAIN (benchmark only: the values are our own). */
function inline(text: string, params: unknown[]) {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const v = params[Number(n) - 1];
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    if (v instanceof Date) return `'${v.toISOString()}'`;
    return `'${String(v).replace(/'/g, "''")}'`;
  });
}

await app.close();
await database.close();
