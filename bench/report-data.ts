// `npm run bench:data`: fills a PostgreSQL database with one big school for the report benchmarks (issue 12):
// 10 000 students, 200 quizzes, 1 000 000 answers, 1 000 000 events (and 100 000 video progress events), 50 000
// project versions, written with generate_series in a few statements. Runs once: a database that already has the school is left as it is.
// Never part of `npm test`. DATABASE_URL (default postgres://postgres@127.0.0.1:5432/lms_bench_reports, created
// when missing); then `npm run bench:reports` measures the reports on it.
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import { seedReferenceData } from '../server/seed/reference.ts';
import { hashPassword } from '../server/core/password.ts';

export const BENCH_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lms_bench_reports';
export const BENCH_SCHOOL = 'bench';
const STUDENTS = 10_000;
const QUIZZES = 200;
const QUESTIONS_PER_QUIZ = 5;
const ANSWERS = 1_000_000;
const EVENTS = 1_000_000;
const PROJECT_VERSIONS = 50_000;
const VIDEO_PROGRESS = 100_000;
const PROGRAMS = 10;

/** Creates the benchmark database when its server has none of that name. */
export async function ensureDatabase(url: string) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await c.query(`create database ${name.replace(/[^a-z0-9_]/gi, '')}`);
  await c.end();
}

async function main() {
  await ensureDatabase(BENCH_URL);
  const database = await openDatabase({ url: BENCH_URL });
  await seedReferenceData(database.db);
  const pool = new pg.Pool({ connectionString: BENCH_URL, max: 1 });
  const q = (text: string, values: unknown[] = []) => pool.query(text, values);
  if ((await q('select 1 from tenants where slug = $1', [BENCH_SCHOOL])).rowCount) {
    console.log(`The school "${BENCH_SCHOOL}" is already there: nothing generated (drop the database to start again).`);
    await pool.end();
    await database.close();
    return;
  }
  const started = Date.now();
  const step = async (label: string, text: string, values: unknown[] = []) => {
    const t = Date.now();
    const r = await q(text, values);
    console.log(`${label}: ${r.rowCount ?? 0} rows, ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  const hash = await hashPassword('Demo12345');
  const {
    rows: [school],
  } = await q(`insert into tenants (slug, title) values ($1, 'Bench School') returning id`, [BENCH_SCHOOL]);
  const s = school.id as number;
  await q('insert into tenant_access (tenant_id, rating, payment, message) values ($1, true, true, true)', [s]);
  await q(`insert into users (tenant_id, login, email, password_hash, role, name, surname) values ($1, 'admin', 'admin@bench.test', $2, 'admin', 'Admin', 'Bench')`, [s, hash]);
  await step(
    'students',
    `insert into users (tenant_id, login, email, password_hash, role, name, surname, last_login_at)
    select $1, 'st' || g, 'st' || g || '@bench.test', 'x', 'student', 'Name' || (g % 97), 'Surname' || g, now() - (g % 90) * interval '1 day'
    from generate_series(1, ${STUDENTS}) g`,
    [s],
  );
  await step('programs', `insert into programs (tenant_id, title) select $1, 'Program ' || g from generate_series(1, ${PROGRAMS}) g`, [s]);
  await step('chapters', `insert into chapters (tenant_id, program_id, title, sort) select $1, p.id, 'Chapter ' || c, c from programs p, generate_series(1, 4) c where p.tenant_id = $1`, [s]);
  await step(
    'quizzes',
    `insert into quizzes (tenant_id, title, kind) select $1, 'Quiz ' || g, case when g % 10 = 0 then 'poll' when g % 3 = 0 then 'exam' else 'pass' end from generate_series(1, ${QUIZZES}) g`,
    [s],
  );
  await step(
    'chapter quizzes',
    `insert into chapter_quizzes (tenant_id, chapter_id, quiz_id, sort)
    select $1, c.id, q.id, 0 from (select id, row_number() over (order by id) n from quizzes where tenant_id = $1) q
    join (select id, row_number() over (order by id) n, count(*) over () total from chapters where tenant_id = $1) c on c.n = 1 + (q.n - 1) % c.total`,
    [s],
  );
  await step(
    'questions',
    `insert into questions (tenant_id, quiz_id, text, type, sort) select $1, q.id, 'Question ' || g, 'radio', g from quizzes q, generate_series(1, ${QUESTIONS_PER_QUIZ}) g where q.tenant_id = $1`,
    [s],
  );
  await step(
    'options',
    `insert into question_options (tenant_id, question_id, text, is_correct, score, sort) select $1, qu.id, 'Option ' || g, g = 1, case when g = 1 then 2 else 0 end, g from questions qu, generate_series(1, 4) g where qu.tenant_id = $1`,
    [s],
  );
  await step('media', `insert into media (tenant_id, title, kind) select $1, 'Material ' || g, case when g % 5 = 0 then 'project' else 'video' end from generate_series(1, 100) g`, [s]);
  await step(
    'chapter media',
    `insert into chapter_media (tenant_id, chapter_id, media_id, sort)
    select $1, c.id, m.id, 0 from (select id, row_number() over (order by id) n from media where tenant_id = $1) m
    join (select id, row_number() over (order by id) n, count(*) over () total from chapters where tenant_id = $1) c on c.n = 1 + (m.n - 1) % c.total`,
    [s],
  );
  await step(
    'enrolments',
    `insert into program_users (tenant_id, program_id, user_id)
    select $1, p.id, u.id from (select id, row_number() over (order by id) n from users where tenant_id = $1 and role = 'student') u
    join (select id, row_number() over (order by id) n from programs where tenant_id = $1) p on p.n = 1 + u.n % ${PROGRAMS}`,
    [s],
  );
  // attempts: each of 1 000 000 / 5 answers' attempts is one student at one quiz, finished within the last year
  const attempts = ANSWERS / QUESTIONS_PER_QUIZ;
  await step(
    'attempts',
    `insert into quiz_attempts (tenant_id, quiz_id, user_id, number, status, started_at, finished_at, question_order, option_order, score, max_score, percent, passed)
    select $1, q.first + (g / ${STUDENTS}) % ${QUIZZES}, u.first + g % ${STUDENTS}, 1 + g / (${QUIZZES} * ${STUDENTS}), 'FINISHED',
      now() - (g % 365) * interval '1 day' - interval '20 minutes', now() - (g % 365) * interval '1 day' - (g % 600) * interval '1 second',
      '[]', '{}', (g % 6) * 2, 10, (g % 6) * 20, (g % 6) >= 3
    from generate_series(0, ${attempts - 1}) g,
      (select min(id) first from quizzes where tenant_id = $1) q, (select min(id) first from users where tenant_id = $1 and role = 'student') u`,
    [s],
  );
  await step(
    'answers',
    `insert into question_answers (tenant_id, attempt_id, question_id, option_ids, is_correct, score, answered_at)
    select $1, a.id, qu.id, jsonb_build_array(o.id), o.is_correct, o.score, a.finished_at
    from quiz_attempts a
    join lateral (select id, sort from questions where quiz_id = a.quiz_id) qu on true
    join lateral (select id, is_correct, score from question_options where question_id = qu.id and sort = 1 + (a.id + qu.sort) % 4) o on true
    where a.tenant_id = $1`,
    [s],
  );
  await step(
    'events',
    `insert into events (tenant_id, user_id, kind, subject_type, subject_id, created_at)
    select $1, u.first + (g % ${STUDENTS}), (array['login','media_view','news_read','quiz_answer','project_submitted'])[1 + g % 5],
      case when g % 5 = 1 then 'media' end, case when g % 5 = 1 then m.first + (g % 100) end, now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second'
    from generate_series(0, ${EVENTS - 1}) g, (select min(id) first from users where tenant_id = $1 and role = 'student') u, (select min(id) first from media where tenant_id = $1) m`,
    [s],
  );
  await step(
    'project versions',
    `insert into submitted_projects (tenant_id, user_id, media_id, version, status, score, submitted_at, checked_at)
    select $1, u.first + (g / 3) % ${STUDENTS}, pm.ids[1 + (g / 3 / ${STUDENTS}) % array_length(pm.ids, 1)], 1 + g % 3,
      case when g % 3 = 2 then 'awaiting' else 'checked' end, case when g % 3 = 2 then null else g % 11 end,
      now() - (g % 200) * interval '1 day', case when g % 3 = 2 then null else now() - (g % 200) * interval '1 day' + interval '2 days' end
    from generate_series(0, ${PROJECT_VERSIONS - 1}) g, (select min(id) first from users where tenant_id = $1 and role = 'student') u,
      (select array_agg(id order by id) ids from media where tenant_id = $1 and kind = 'project') pm`,
    [s],
  );
  // the player's progress (one `video_progress` per student, video and day, as the server keeps it): 100 000 more events
  await step(
    'video progress',
    `insert into events (tenant_id, user_id, kind, subject_type, subject_id, data, created_at)
    select $1, u.first + (g % ${STUDENTS}), 'video_progress', 'media', vm.ids[1 + (g / 7) % array_length(vm.ids, 1)],
      jsonb_build_object('percent', g % 101, 'position', (g % 101) * 6, 'duration', 600), now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second'
    from generate_series(0, ${VIDEO_PROGRESS - 1}) g, (select min(id) first from users where tenant_id = $1 and role = 'student') u,
      (select array_agg(id order by id) ids from media where tenant_id = $1 and kind = 'video') vm`,
    [s],
  );
  await step('news', `insert into news (tenant_id, title, body, required) select $1, 'News ' || g, 'Text', g % 5 = 0 from generate_series(1, 50) g`, [s]);
  await step(
    'news reads',
    `insert into news_reads (tenant_id, news_id, user_id) select $1, n.id, u.id from (select id from news where tenant_id = $1) n, (select id from users where tenant_id = $1 and role = 'student' and id % 4 = 0) u`,
    [s],
  );
  await q('analyze');
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  await pool.end();
  await database.close();
}

/**
 * A second school, `bench_million`, for the export of 1 000 000 rows (`BENCH_EXPORT_MILLION=1 npm run bench:reports`):
 * 2 000 students, 10 quizzes and 1 000 000 finished attempts (no answers), so that the big school's reports keep
 * their figures. Made once, on the first run that asks for it (about a minute); answers the school's id.
 */
export async function ensureMillionSchool(url: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const q = (text: string, values: unknown[] = []) => pool.query(text, values);
  try {
    const found = await q('select id from tenants where slug = $1', [MILLION_SCHOOL]);
    if (found.rowCount) return found.rows[0].id as number;
    const t = Date.now();
    const {
      rows: [school],
    } = await q(`insert into tenants (slug, title) values ($1, 'Bench Million') returning id`, [MILLION_SCHOOL]);
    const s = school.id as number;
    await q(
      `insert into users (tenant_id, login, email, password_hash, role, name, surname)
      select $1, 'mst' || g, 'mst' || g || '@bench.test', 'x', 'student', 'Name' || (g % 97), 'Surname' || g from generate_series(1, 2000) g`,
      [s],
    );
    await q(`insert into quizzes (tenant_id, title, kind) select $1, 'Quiz ' || g, 'pass' from generate_series(1, 10) g`, [s]);
    await q(
      `insert into quiz_attempts (tenant_id, quiz_id, user_id, number, status, started_at, finished_at, question_order, option_order, score, max_score, percent, passed)
      select $1, q.first + (g / 2000) % 10, u.first + g % 2000, 1 + g / 20000, 'FINISHED',
        now() - (g % 365) * interval '1 day' - interval '20 minutes', now() - (g % 365) * interval '1 day' - (g % 600) * interval '1 second',
        '[]', '{}', (g % 6) * 2, 10, (g % 6) * 20, (g % 6) >= 3
      from generate_series(0, 999999) g,
        (select min(id) first from quizzes where tenant_id = $1) q, (select min(id) first from users where tenant_id = $1) u`,
      [s],
    );
    await q('analyze users; analyze quizzes; analyze quiz_attempts');
    console.log(`school ${MILLION_SCHOOL}: 1 000 000 attempts in ${((Date.now() - t) / 1000).toFixed(0)} s`);
    return s;
  } finally {
    await pool.end();
  }
}
export const MILLION_SCHOOL = 'bench_million';

if (import.meta.url === `file://${process.argv[1]}`) await main();
