// `npm run bench:data`: a big school in PostgreSQL for the list benchmarks (issue 16 item 4, docs/performance.md):
// 50,000 users, 200 programs and 1,000,000 quiz answers (100,000 finished attempts of a ten-question quiz), built
// with generate_series in a few statements. DATABASE_URL names the database (migrated first); the school is `bench`
// (BENCH_SCHOOL), dropped and built again on every run. Sizes: BENCH_USERS, BENCH_PROGRAMS, BENCH_ANSWERS.
//
// `npm run bench:data -- --search` then measures the user search of the back office (GET /admin/user?q=…) on that
// school through the real API: 10 clients (BENCH_CONNECTIONS), 10 s a pattern (BENCH_SECONDS), p50 / p99 and the
// query plan, with the load average beside each figure. `--no-trigram` drops the trigram indexes first (the
// "before" figure) and builds them again afterwards.
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { buildApp } from '../server/app.ts';
import { seedReferenceData } from '../server/seed/reference.ts';
import { tenants, users } from '../server/db/schema/index.ts';
import { bindToSchool } from '../server/db/school.ts';
import { issueTokens } from '../server/core/tokens.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required (an empty or bench database on PostgreSQL)');
  process.exit(1);
}
const SCHOOL = process.env.BENCH_SCHOOL ?? 'bench';
const USERS = Number(process.env.BENCH_USERS ?? 50_000);
const PROGRAMS = Number(process.env.BENCH_PROGRAMS ?? 200);
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 1_000_000);
const QUESTIONS = 10;
const search = process.argv.includes('--search');
const withoutTrigram = process.argv.includes('--no-trigram');

const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
const database = await openDatabase({ url });
const pool = new pg.Pool({ connectionString: url, max: 2 });
const q = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows;

async function build() {
  const t0 = Date.now();
  await seedReferenceData(database.db);
  await q('delete from tenants where slug = $1', [SCHOOL]);
  const [{ id: school }] = await q(`insert into tenants (slug, title) values ($1, 'Bench school') returning id`, [SCHOOL]);
  // users: varied names so that searches find a few hundred, not all; one admin who can sign in (password bench-pass-1)
  await q(
    `insert into users (tenant_id, login, email, password_hash, role, name, surname, patronymic, created_at, last_login_at)
     select $1, 'user' || g, 'user' || g || '@bench.test', 'x', case when g % 500 = 0 then 'trainer' else 'student' end,
       (array['Анна','Иван','Мария','Пётр','Ольга','Сергей','Елена','Дмитрий','Наталья','Алексей','Ирина','Павел'])[1 + g % 12],
       (array['Иванов','Петров','Сидоров','Смирнов','Кузнецов','Попов','Васильев','Соколов','Михайлов','Новиков','Фёдоров','Морозов','Волков','Алексеев','Лебедев'])[1 + (g / 12) % 15] || '-' || (g % 997),
       (array['Андреевич','Борисович','Викторович','Геннадьевич','Олегович'])[1 + g % 5],
       now() - g * interval '1 minute', case when g % 3 = 0 then null else now() - (g % 1000) * interval '1 hour' end
     from generate_series(1, $2::int) g`,
    [school, USERS],
  );
  const [admin] = await database.db
    .insert(users)
    .values({ tenant_id: school, login: 'bench-admin', email: 'admin@bench.test', password_hash: 'x', role: 'admin', name: 'Bench', surname: 'Admin' })
    .returning();
  await q(
    `insert into programs (tenant_id, title, title_en, description, created_at)
     select $1, 'Программа ' || g || ' ' || (array['Финансы','Стратегия','Маркетинг','Лидерство','Операции'])[1 + g % 5], 'Program ' || g, 'Описание программы ' || g, now() - g * interval '1 day'
     from generate_series(1, $2::int) g`,
    [school, PROGRAMS],
  );
  // one quiz of ten radio questions with four options each; attempts of users, ten answers each
  const [{ id: quiz }] = await q(`insert into quizzes (tenant_id, title, kind, max_attempts) values ($1, 'Bench exam', 'exam', null) returning id`, [school]);
  const qs = await q(`insert into questions (tenant_id, quiz_id, text, type, sort) select $1, $2, 'Вопрос ' || g, 'radio', g from generate_series(1, ${QUESTIONS}) g returning id`, [school, quiz]);
  await q(
    `insert into question_options (tenant_id, question_id, text, is_correct, score, sort)
     select $1, q.id, 'Вариант ' || o, o = 1, case when o = 1 then 1 else 0 end, o from unnest($2::int[]) q(id), generate_series(1, 4) o`,
    [school, qs.map((r) => r.id)],
  );
  const attempts = Math.ceil(ANSWERS / QUESTIONS);
  const perUser = Math.ceil(attempts / USERS);
  await q(
    `insert into quiz_attempts (tenant_id, quiz_id, user_id, number, status, started_at, finished_at, question_order, option_order, score, max_score, percent, passed, answered_count, answered_score)
     select $1, $2, u.id, n, 'FINISHED', now() - interval '1 day', now() - interval '1 day' + interval '20 minutes', $3::jsonb, '{}'::jsonb, 7, 10, 70, true, 10, 7
     from (select id from users where tenant_id = $1 and login like 'user%' order by id limit $4) u, generate_series(1, $5::int) n`,
    [school, quiz, JSON.stringify(qs.map((r) => r.id)), Math.ceil(attempts / perUser), perUser],
  );
  await q(
    `insert into question_answers (tenant_id, attempt_id, question_id, option_ids, is_correct, score, answered_at)
     select $1, a.id, q.id, '[]'::jsonb, (a.id + q.id) % 10 < 7, case when (a.id + q.id) % 10 < 7 then 1 else 0 end, a.started_at
     from (select id, started_at from quiz_attempts where quiz_id = $2 order by id limit $3) a, unnest($4::int[]) q(id)`,
    [school, quiz, attempts, qs.map((r) => r.id)],
  );
  await q('analyze');
  const [counts] = await q(
    `select (select count(*) from users where tenant_id = $1)::int as users, (select count(*) from programs where tenant_id = $1)::int as programs,
       (select count(*) from question_answers where tenant_id = $1)::int as answers`,
    [school],
  );
  console.log(`school ${SCHOOL} (id ${school}): ${counts.users} users, ${counts.programs} programs, ${counts.answers} answers in ${((Date.now() - t0) / 1000).toFixed(1)} s (load ${load()})`);
  return admin.id as number;
}

const TRIGRAM = ['surname', 'name', 'patronymic', 'login', 'email'];

async function measure() {
  const [school] = await database.db.select().from(tenants).where(eq(tenants.slug, SCHOOL));
  if (!school) throw new Error(`no school ${SCHOOL}: run npm run bench:data first`);
  const [admin] = await database.db.select().from(users).where(eq(users.email, 'admin@bench.test'));
  if (withoutTrigram) for (const c of TRIGRAM) await q(`drop index if exists users_${c}_trgm`);
  const token = (await issueTokens(bindToSchool(database.db, school.id), admin.id)).access_token;
  const config = { ...loadConfig({}), logLevel: 'silent' };
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const headers = { authorization: `Bearer ${token}`, domain: SCHOOL };
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const duration = Number(process.env.BENCH_SECONDS ?? 10);
  console.log(`\nuser search, ${connections} clients, ${duration} s each, trigram indexes ${withoutTrigram ? 'DROPPED' : 'present'}\n`);
  console.log('| q | total | req/s | p50 ms | p99 ms | non-2xx | load avg (1/5/15 min) |');
  console.log('|---|---|---|---|---|---|---|');
  for (const pattern of ['Сидоров-12', 'user4242', 'bench.test', 'Ольга']) {
    const path = `/admin/user?q=${encodeURIComponent(pattern)}&per_page=25`;
    const first = await fetch(base + path, { headers });
    const total = ((await first.json()) as { meta?: { total: number } }).meta?.total;
    const res = await new Promise<autocannon.Result>((resolve, reject) => autocannon({ url: base + path, headers, connections, duration }, (err, r) => (err ? reject(err) : resolve(r))));
    console.log(`| ${pattern} | ${total} | ${Math.round(res.requests.average)} | ${res.latency.p50} | ${res.latency.p99} | ${res.non2xx} / ${res.requests.total} | ${load()} |`);
  }
  // the plan of the search as the API sends it (the school's condition and the five columns)
  const plan = await q(
    `explain (analyze, costs off, timing off, summary off) select * from users where tenant_id = $1 and (surname ilike $2 or name ilike $2 or patronymic ilike $2 or login ilike $2 or email ilike $2) order by id desc limit 25`,
    [school.id, '%user4242%'],
  );
  console.log(`\nplan (q=user4242):\n${plan.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
  await app.close();
  if (withoutTrigram) {
    for (const c of TRIGRAM) await q(`create index if not exists users_${c}_trgm on users using gin (${c} gin_trgm_ops)`);
    console.log('\ntrigram indexes built again');
  }
}

try {
  if (search) await measure();
  else await build();
} finally {
  await pool.end();
  await database.close();
}
