// `npm run bench:diplomas` (issue 31): a bulk issue of BENCH_DIPLOMAS (200) diplomas to one group, through the real
// route and its background work: a designed A4 landscape template with a stamp image, text blocks and the QR code;
// each PDF into the students' documents, a mail each (the outbox), and the ZIP of all written to disk as a stream.
// Measures the time to the ZIP and the growth of this process's resident memory (peak over the start), sampled every
// 20 ms. The ZIP is streamed file by file (archiver, stored), so memory should not grow with the number of diplomas.
// On the embedded database by default; DATABASE_URL for PostgreSQL (a database seeded with `npm run db:seed`).
// `npm run bench` runs this file in a process of its own (its memory apart from the load generator's) and puts the
// lines it prints that start with `|` or `ZIP` into its table (bench/run.ts, BENCH_DIPLOMAS=0 leaves it out).
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { buildApp } from '../server/app.ts';
import { seedReferenceData } from '../server/seed/reference.ts';
import { seedDemo } from '../server/seed/demo.ts';
import { groupUsers, groups, users } from '../server/db/schema/index.ts';
import { issueTokens } from '../server/core/tokens.ts';
import { bindToSchool } from '../server/db/school.ts';
import { zipFiles } from '../server/modules/diplomas/batch.ts';
import { documents } from '../server/db/schema/index.ts';
import { inArray } from 'drizzle-orm';
import { storedPath } from '../server/core/storage.ts';

const COUNT = Number(process.env.BENCH_DIPLOMAS ?? 200);
const dataDir = mkdtempSync(join(tmpdir(), 'lms-bench-diplomas-'));
const config = { ...loadConfig({}), dataDir, logLevel: 'silent' };
const database = await openDatabase({ url: process.env.DATABASE_URL, pgliteDir: process.env.DATABASE_URL ? undefined : 'memory://' });
if (!process.env.DATABASE_URL) {
  await seedReferenceData(database.db);
  await seedDemo(database.db, dataDir);
}
const db = database.db;
const SURNAMES = ['Иванов', 'Петров', 'Соколов', 'Кузнецов', 'Орлов'];
const NAMES = ['Павел', 'Никита', 'Илья', 'Сергей', 'Андрей'];
const created = await db
  .insert(users)
  .values(
    Array.from({ length: COUNT }, (_, i) => ({
      tenant_id: 1,
      login: `diploma${i}-${Date.now()}`,
      email: `diploma${i}@demo.test`,
      password_hash: 'x',
      role: 'student' as const,
      surname: SURNAMES[i % 5],
      name: NAMES[((i / 5) % 5) | 0],
      patronymic: 'Андреевич',
      sex: 'male' as const,
    })),
  )
  .returning({ id: users.id });
const [group] = await db
  .insert(groups)
  .values({ tenant_id: 1, title: `Выпуск ${COUNT}` })
  .returning();
await db.insert(groupUsers).values(created.map((u) => ({ tenant_id: 1, group_id: group.id, user_id: u.id })));
const demo = bindToSchool(db, 1);
const [admin] = await demo.select().from(users).where(eq(users.login, 'admin'));
const token = (await issueTokens(demo, admin.id)).access_token;

const app = await buildApp({ config, database, logger: false });
await app.ready();
const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, form?: { payload: Buffer; headers: Record<string, string> }) => {
  const res = await app.inject({ method, url, headers: { domain: 'demo', authorization: `Bearer ${token}`, ...form?.headers }, payload: form ? form.payload : (payload as object) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};

const template = (await call('POST', '/admin/template', { title: 'Диплом (бенч)', number_prefix: 'BENCH', layout: { page: { size: 'A4', orientation: 'landscape' }, blocks: [] } })).data;
const png = await QRCode.toBuffer('stamp', { width: 400, margin: 0, color: { dark: '#d00000ff', light: '#ffffffff' } });
const boundary = 'benchboundary';
const body = Buffer.concat([
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stamp.png"\r\nContent-Type: image/png\r\n\r\n`),
  png,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);
const stamp = (await call('POST', `/admin/template/${template.id}/images`, undefined, { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } })).data;
await call('PUT', `/admin/template/${template.id}`, {
  layout: {
    page: { size: 'A4', orientation: 'landscape' },
    blocks: [
      { type: 'text', x: 20, y: 30, width: 257, text: 'ДИПЛОМ\nо профессиональной переподготовке', font: 'serif-bold', font_size: 28, align: 'center' },
      {
        type: 'text',
        x: 20,
        y: 80,
        width: 257,
        text: 'Настоящий диплом выдан {{name_dative}}\nв том, что он(а) прошёл(ла) обучение в объёме {{hours}} часов.\nРегистрационный номер {{registration_number}}, дата выдачи {{date}}.',
        font: 'serif',
        font_size: 14,
        align: 'center',
      },
      { type: 'image', image_id: stamp.id, x: 200, y: 140, width: 45, height: 45 },
      { type: 'qr', x: 250, y: 170, size: 30 },
    ],
  },
});

global.gc?.();
const rss0 = process.memoryUsage().rss;
let peak = rss0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const t0 = performance.now();
const batch = (await call('POST', '/admin/diploma_batch', { template_id: template.id, group_id: group.id, hours: 520, date_issue: '2026-07-01' })).data;
let state = batch;
while (state.status !== 'done') {
  await new Promise((r) => setTimeout(r, 100));
  state = (await call('GET', `/admin/diploma_batch/${batch.id}`)).data;
}
const ms = performance.now() - t0;
clearInterval(sampler);
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
// the ZIP step alone, again on the same 200 PDFs: its own memory, apart from rendering and the database
const docs = await demo
  .select({ path: documents.path })
  .from(documents)
  .where(
    inArray(
      documents.user_id,
      created.map((u) => u.id),
    ),
  );
global.gc?.();
const zipRss0 = process.memoryUsage().rss;
let zipPeak = zipRss0;
const zipSampler = setInterval(() => {
  zipPeak = Math.max(zipPeak, process.memoryUsage().rss);
}, 5);
const z0 = performance.now();
await zipFiles(
  join(dataDir, 'again.zip'),
  docs.map((d, i) => ({ abs: storedPath(dataDir, 'demo', d.path ?? ''), name: `${i}.pdf` })),
);
const zipMs = performance.now() - z0;
clearInterval(zipSampler);
console.log(`ZIP of the ${docs.length} PDFs alone: ${zipMs.toFixed(0)} ms, RSS growth at peak ${mb(zipPeak - zipRss0)} MB`);
console.log(`| diplomas | issued | failed | time to the ZIP | per diploma | ZIP | RSS before | RSS growth at peak | load avg (1 min) |`);
console.log(`|---|---|---|---|---|---|---|---|---|`);
console.log(
  `| ${COUNT} | ${state.done} | ${state.failed} | ${(ms / 1000).toFixed(1)} s | ${(ms / COUNT).toFixed(0)} ms | ${mb(state.zip_size)} MB | ${mb(rss0)} MB | ${mb(peak - rss0)} MB | ${loadavg()[0].toFixed(1)} |`,
);
await app.close();
await database.close();
process.exit(0);
