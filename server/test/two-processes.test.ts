import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, emptyAppsBuild, startApiProcess } from './api-process.ts';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { testDatabaseOptions } from './harness.ts';
import { openDatabase } from '../db/client.ts';
import { seedReferenceData } from '../seed/reference.ts';
import { DEMO_PASSWORD, seedDemo } from '../seed/demo.ts';
import { chapterQuizzes, chapters, programs, questionOptions, questions, quizzes } from '../db/schema/index.ts';

/**
 * Several API processes on one PostgreSQL (issue 16 item 3, docs/deployment.md): two real servers (`server/main.ts`,
 * each its own Node process with its own pools and caches) on one fresh database. What one process changes, the other
 * obeys: a quiz edited through A is scored by its new key in an answer through B (the quiz cache's version lives in
 * the database), and the sign-in throttle counts failures made through both. PostgreSQL only (TEST_DATABASE_URL):
 * the embedded PGlite is one process by nature.
 */
const base = process.env.TEST_DATABASE_URL;

describe.skipIf(!base)('two API processes on one PostgreSQL', () => {
  const name = `lms_two_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const servers: ApiProcess[] = [];
  const api: string[] = [];
  let quizId = 0;
  let right = 0;
  let wrong = 0;
  const questionIds: number[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base!);
    url.pathname = `/${name}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'lms-two-'));
    // the database as a newcomer would have it, plus a two-question quiz in the demo student's program
    const database = await openDatabase({ url: url.toString() });
    await seedReferenceData(database.db);
    await seedDemo(database.db, dataDir);
    const db = database.db;
    const [p] = await db
      .select()
      .from(programs)
      .where(and(eq(programs.tenant_id, 1), eq(programs.title, 'Стратегический менеджмент')));
    const [c] = await db.select().from(chapters).where(eq(chapters.program_id, p.id));
    const [quiz] = await db.insert(quizzes).values({ tenant_id: 1, title: 'Two processes', kind: 'pass', show_correct: true }).returning();
    await db.insert(chapterQuizzes).values({ tenant_id: 1, chapter_id: c.id, quiz_id: quiz.id, sort: 60 });
    quizId = quiz.id;
    for (const sort of [1, 2]) {
      const [q] = await db
        .insert(questions)
        .values({ tenant_id: 1, quiz_id: quiz.id, text: `Q${sort}`, type: 'radio', sort })
        .returning();
      const [a, b] = await db
        .insert(questionOptions)
        .values([
          { tenant_id: 1, question_id: q.id, text: 'A', is_correct: true, score: 1, sort: 0 },
          { tenant_id: 1, question_id: q.id, text: 'B', is_correct: false, score: 0, sort: 1 },
        ])
        .returning();
      questionIds.push(q.id);
      if (sort === 2) [right, wrong] = [a.id, b.id];
    }
    await database.close();
    const dist = emptyAppsBuild(dataDir);
    // both start at the same moment on one database: neither may fail at start (the schema lock in openDatabase)
    // (each is kept as soon as it answers, so that afterAll stops it even when the other fails to start)
    await Promise.all(
      [0, 1].map(async (i) =>
        servers.push(
          await startApiProcess({
            // through PgBouncer in npm test's third API run (harness.ts testDatabaseOptions), straight otherwise
            DATABASE_URL: testDatabaseOptions(url.toString()).url,
            DATABASE_DIRECT_URL: testDatabaseOptions(url.toString()).directUrl ?? '',
            DATA_DIR: join(dataDir, `p${i}`),
            DIST_DIR: dist,
          }),
        ),
      ),
    );
    api.push(...servers.map((s) => s.url));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }, 60_000);

  const call = async (a: string, method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(a + path, {
      method,
      headers: { domain: 'demo', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    // biome-ignore lint/suspicious/noExplicitAny: the test reads whatever JSON the API answered
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const signIn = (a: string, username: string, password: string) => call(a, 'POST', '/api/token', undefined, { username, password, client_id: 'web', client_secret: 'public', grant_type: 'password' });

  it('an answer through one process is scored by the key staff changed through the other', async () => {
    const [A, B] = api;
    const admin = (await signIn(A, 'admin', DEMO_PASSWORD)).body.access_token as string;
    const student = (await signIn(B, 'student', DEMO_PASSWORD)).body.access_token as string;
    const started = await call(B, 'GET', `/api/quiz/${quizId}?is_new=true`, student);
    expect(started.status).toBe(200);
    const attempt = started.body.data.attempt.id as number;
    // B caches the quiz with its first answer
    const first = await call(B, 'POST', '/api/QuestionUserAnswer', student, {
      id_quizAttemp: attempt,
      question_id: questionIds[0],
      answer: (await call(B, 'GET', `/api/quiz/${quizId}/question?id_quizAttemp=${attempt}`, student)).body.data.question.options.find((o: { text: string }) => o.text === 'A').id,
    });
    expect([first.status, first.body.data?.is_correct]).toEqual([200, true]);
    // staff make B the right option of question 2 through A
    expect((await call(A, 'PUT', `/admin/QuestionOption/${wrong}`, admin, { is_correct: true })).status).toBe(200);
    const second = await call(B, 'POST', '/api/QuestionUserAnswer', student, { id_quizAttemp: attempt, question_id: questionIds[1], answer: wrong });
    expect([second.status, second.body.data?.is_correct]).toEqual([200, true]);
    expect(second.body.data.correct_option_ids).toEqual([wrong]);
    expect(second.body.data.attempt).toMatchObject({ status: 'FINISHED', score: 2 });
    void right;
  });

  it('counts failed sign-ins made through both processes against one limit', async () => {
    const [A, B] = api;
    // five failures per address and name in 15 minutes (server/modules/accounts): three through A, two through B
    const tries = [A, B, A, B, A];
    for (const a of tries) expect((await signIn(a, 'trainer', 'not-the-password')).status).toBe(401);
    const sixthA = await signIn(A, 'trainer', 'not-the-password');
    const sixthB = await signIn(B, 'trainer', DEMO_PASSWORD);
    expect([sixthA.status, sixthA.body.name]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    expect([sixthB.status, sixthB.body.name]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
  });
});
