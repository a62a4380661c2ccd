import { existsSync, mkdtempSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { openDatabase, pgliteDirFor, type Database } from '../db/client.ts';
import { seedReferenceData } from '../seed/reference.ts';
import { DEMO_PASSWORD, seedDemo } from '../seed/demo.ts';
import { type ApiProcess, emptyAppsBuild, freePort, startApiProcess } from './api-process.ts';
import { freshPostgresDatabase } from './harness.ts';
import {
  chapterQuizzes,
  chapters,
  diplomaFiles,
  documents,
  files,
  marketAds,
  media,
  projectFiles,
  questionAnswers,
  questionOptions,
  questions,
  quizAttempts,
  quizzes,
  scormPackages,
  tenants,
} from '../db/schema/index.ts';

/**
 * Crash safety (issue 10, docs/security.md "Crash safety"): a REAL server process (`tsx server/main.ts`) is killed with
 * SIGKILL during a large upload, an answer burst and a long download, then started again on the same data. After each
 * restart: every acknowledged write is there exactly once, nothing is half-written, no orphan file is left.
 * Nothing here waits a fixed time: readiness is polled on /health and each kill follows an observed event.
 */
const pgBase = process.env.TEST_DATABASE_URL;
const MB = 1024 * 1024;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean | Promise<boolean>, what: string, ms = 120_000) {
  for (let waited = 0; waited < ms; waited += 50) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe('crash safety: kill -9 of a real server, then a restart on the same data', () => {
  let dataDir: string;
  let distDir: string;
  let databaseUrl = '';
  let dropDb: (() => Promise<void>) | undefined;
  let apiPort: number;
  let webPort: number;
  let server: ApiProcess | undefined;
  let pollId: number;
  let pollProgramId: number;
  let pollQuestions: { id: number; type: string; options: number[] }[];
  let admin: string;
  /** The large file acknowledged in the upload case; downloaded in the third case. */
  let bigFile: { id: number; size: number };

  const base = () => `http://127.0.0.1:${apiPort}`;

  async function open(): Promise<Database> {
    return databaseUrl ? openDatabase({ url: databaseUrl }) : openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
  }

  async function start() {
    // API_WORKERS unset: as many API processes as cores on PostgreSQL, as `npm start` runs
    server = await startApiProcess({ DATA_DIR: dataDir, DIST_DIR: distDir, DATABASE_URL: databaseUrl, API_WORKERS: '' }, { apiPort, webPort });
    return server;
  }

  async function kill9() {
    await server!.kill9();
    server = undefined;
  }

  async function stop() {
    await server!.stop();
    server = undefined;
  }

  async function api(method: string, url: string, token?: string, body?: unknown) {
    const res = await fetch(`${base()}${url}`, {
      method,
      headers: { domain: 'demo', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: await res.json().catch(() => null) };
  }

  async function login(username: string, password = DEMO_PASSWORD) {
    const res = await api('POST', '/api/token', undefined, { username, password, client_id: 'web', client_secret: 'public', grant_type: 'password' });
    if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json.access_token as string;
  }

  /** A multipart upload to the file manager, streamed in 256 KB pieces; each piece waits for the socket to drain. */
  function upload(token: string, name: string, size: number, opts: { stopAfter?: number } = {}) {
    const boundary = '----crash' + Math.random().toString(16).slice(2);
    const req = http.request(`${base()}/admin/file`, { method: 'POST', headers: { domain: 'demo', authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    const acked: Promise<{ status: number; body: string }> = new Promise((ok, fail) => {
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => ok({ status: res.statusCode!, body }));
        res.on('error', fail);
      });
      req.on('error', fail);
    });
    const write = (chunk: Buffer | string) => new Promise<void>((ok) => (req.write(chunk) ? ok() : req.once('drain', ok)));
    const sent = (async () => {
      await write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`);
      const piece = Buffer.alloc(256 * 1024, 'a');
      for (let done = 0; done < size; done += piece.length) {
        if (opts.stopAfter !== undefined && done >= opts.stopAfter) return; // the rest never comes: the server is killed meanwhile
        await write(piece.subarray(0, Math.min(piece.length, size - done)));
      }
      req.end(`\r\n--${boundary}--\r\n`);
    })().catch(() => undefined);
    return { acked, sent, req };
  }

  const tmpFiles = () => (existsSync(join(dataDir, 'tmp')) ? readdirSync(join(dataDir, 'tmp')) : []);

  /**
   * The start sweep spares entries written to in the last minute (TMP_START_GRACE_MS: another API process sharing
   * DATA_DIR may be writing them), so the leftovers of the killed process are dated back two minutes instead of waiting.
   */
  function ageLeftovers() {
    const then = new Date(Date.now() - 120_000);
    for (const f of tmpFiles()) utimesSync(join(dataDir, 'tmp', f), then, then);
  }

  /** The restart after a kill: the leftovers of the dead process are old enough, then the server starts on the same data. */
  async function restart() {
    ageLeftovers();
    await start();
  }

  function filesOnDisk() {
    const root = join(dataDir, 'files');
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(dir, e.name));
        else found.push(relative(root, join(dir, e.name)));
      }
    };
    if (existsSync(root)) walk(root);
    return found;
  }

  /**
   * Nothing half-written, no orphan: every stored path of every table that keeps bytes points at a file of the right
   * size (for the file manager), and every file under DATA_DIR/files belongs to a row. Run with the server stopped
   * (the embedded database has one owner at a time).
   */
  async function checkFiles(db: Database['db']) {
    const slugs = new Map((await db.select().from(tenants)).map((t) => [t.id, t.slug]));
    const rows: { tenant_id: number; path: string | null }[] = [
      ...(await db.select({ tenant_id: media.tenant_id, path: media.path }).from(media)),
      ...(await db.select({ tenant_id: documents.tenant_id, path: documents.path }).from(documents)),
      ...(await db.select({ tenant_id: projectFiles.tenant_id, path: projectFiles.path }).from(projectFiles)),
      ...(await db.select({ tenant_id: diplomaFiles.tenant_id, path: diplomaFiles.path }).from(diplomaFiles)),
      ...(await db.select({ tenant_id: marketAds.tenant_id, path: marketAds.image }).from(marketAds)),
    ];
    const managed = await db.select().from(files);
    const referenced = new Set([...rows, ...managed].filter((r) => r.path).map((r) => join(slugs.get(r.tenant_id)!, r.path!)));
    for (const f of managed) {
      const abs = join(dataDir, 'files', slugs.get(f.tenant_id)!, f.path);
      expect(existsSync(abs), `file-manager row ${f.id} has its bytes`).toBe(true);
      expect(statSync(abs).size, `file-manager row ${f.id} is whole`).toBe(f.size);
    }
    // a SCORM package's extracted files belong to its folder's row (server/core/stored-files.ts STORED_FOLDER_COLUMNS)
    const folders = (await db.select({ tenant_id: scormPackages.tenant_id, dir: scormPackages.dir }).from(scormPackages)).map((r) => `${join(slugs.get(r.tenant_id)!, r.dir)}/`);
    const orphans = filesOnDisk().filter((p) => !referenced.has(p) && !folders.some((f) => p.startsWith(f)));
    expect(orphans).toEqual([]);
    return managed;
  }

  /** Stops the (restarted) server gracefully, runs `check` on the database directly, and starts the server again. */
  async function inspect<T>(check: (db: Database['db']) => Promise<T>) {
    await stop();
    const database = await open();
    try {
      return await check(database.db);
    } finally {
      await database.close();
      await start();
    }
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lms-kill9-'));
    // the server also serves the two apps; the API suite runs before they are built, so a minimal pair stands in
    distDir = emptyAppsBuild(`${dataDir}-apps`);
    apiPort = await freePort();
    webPort = await freePort();
    if (pgBase) {
      const fresh = await freshPostgresDatabase(pgBase, 'lms_crash');
      databaseUrl = fresh.url;
      dropDb = fresh.drop;
    }
    // seeded here, as `npm run db:seed` does, so that the ids of the quiz and its program are known before the start
    const database = await open();
    await seedReferenceData(database.db);
    await seedDemo(database.db, dataDir);
    const db = database.db;
    const [demo] = await db.select().from(tenants).where(eq(tenants.slug, 'demo'));
    const [poll] = await db
      .select()
      .from(quizzes)
      .where(and(eq(quizzes.tenant_id, demo.id), eq(quizzes.title, 'Опрос: как вам курс?')));
    pollId = poll.id;
    const [holder] = await db
      .select({ program_id: chapters.program_id })
      .from(chapterQuizzes)
      .innerJoin(chapters, eq(chapters.id, chapterQuizzes.chapter_id))
      .where(eq(chapterQuizzes.quiz_id, pollId));
    pollProgramId = holder.program_id;
    const qs = await db.select().from(questions).where(eq(questions.quiz_id, pollId));
    const opts = await db
      .select()
      .from(questionOptions)
      .where(
        inArray(
          questionOptions.question_id,
          qs.map((q) => q.id),
        ),
      );
    pollQuestions = qs.map((q) => ({ id: q.id, type: q.type, options: opts.filter((o) => o.question_id === q.id).map((o) => o.id) }));
    await database.close();
    await start();
    admin = await login('admin');
  }, 240_000);

  afterAll(async () => {
    if (server) await kill9().catch(() => undefined);
    await dropDb?.();
    await rm(dataDir, { recursive: true, force: true });
    await rm(`${dataDir}-apps`, { recursive: true, force: true });
  }, 120_000);

  it('loses no acknowledged upload and leaves no partial one behind when killed in the middle of a large upload', async () => {
    const whole = upload(admin, 'whole.txt', 12 * MB);
    const first = await whole.acked;
    expect(first.status).toBe(201);
    const [stored] = JSON.parse(first.body).data;
    bigFile = { id: stored.id, size: 12 * MB };

    // a 36 MB upload that stops sending after 4 MB: the server has written its head to DATA_DIR/tmp
    const cut = upload(admin, 'cut.txt', 36 * MB, { stopAfter: 4 * MB });
    cut.acked.catch(() => undefined);
    await until(() => tmpFiles().some((f) => statSync(join(dataDir, 'tmp', f)).size >= 2 * MB), 'the partial upload on disk');
    await kill9();
    cut.req.destroy();
    expect(tmpFiles().length).toBeGreaterThan(0); // the leftover the restart must clear

    await restart();
    expect(tmpFiles()).toEqual([]); // cleared at start (server/core/multipart.ts)
    const managed = await inspect(checkFiles);
    expect(managed.filter((f) => f.id === bigFile.id).map((f) => f.size)).toEqual([12 * MB]);
    expect(managed.some((f) => f.name === 'cut.txt')).toBe(false);
  }, 300_000);

  it('keeps every answer acknowledged with 200 exactly once when killed during an answer burst', async () => {
    const STUDENTS = 16;
    const tag = Math.random().toString(36).slice(2, 8);
    const ids: number[] = [];
    for (let i = 0; i < STUDENTS; i++) {
      const res = await api('POST', '/admin/user', admin, { login: `burst${tag}${i}`, email: `burst${tag}${i}@example.com`, password: 'Crash-safe-2026', name: 'Burst', surname: `Student${i}` });
      expect(res.status).toBe(201);
      ids.push(res.json.data.id);
    }
    expect((await api('POST', `/admin/program/${pollProgramId}/setUser`, admin, { users: ids })).status).toBe(200);
    const tokens = await Promise.all(ids.map((_, i) => login(`burst${tag}${i}`, 'Crash-safe-2026')));
    const attempts = await Promise.all(
      tokens.map(async (t) => {
        const res = await api('GET', `/api/quiz/${pollId}?is_new=true`, t);
        expect(res.status).toBe(200);
        return res.json.data.attempt.id as number;
      }),
    );

    // every student answers every question at once; the kill comes after the first acknowledgements
    const acknowledged: { attempt: number; question: number }[] = [];
    const answerOf = (q: (typeof pollQuestions)[number]) => (q.type === 'text' ? 'fine' : q.type === 'radio' ? q.options[0] : [q.options[0]]);
    const burst = tokens.flatMap((t, i) =>
      pollQuestions.map((q) =>
        api('POST', '/api/QuestionUserAnswer', t, { id_quizAttemp: attempts[i], question_id: q.id, answer: answerOf(q) }).then(
          (r) => void (r.status === 200 && acknowledged.push({ attempt: attempts[i], question: q.id })),
          () => undefined, // cut by the kill: stored or not, both are correct
        ),
      ),
    );
    const total = burst.length;
    await until(() => acknowledged.length >= Math.min(5, total), 'the first acknowledged answers');
    await kill9();
    await Promise.all(burst);
    const acked = [...acknowledged];
    expect(acked.length).toBeGreaterThan(0);

    await restart();
    expect(tmpFiles()).toEqual([]);
    await inspect(async (db) => {
      const stored = await db.select().from(questionAnswers).where(inArray(questionAnswers.attempt_id, attempts));
      for (const a of acked)
        expect(
          stored.filter((s) => s.attempt_id === a.attempt && s.question_id === a.question),
          `answer ${a.attempt}/${a.question}`,
        ).toHaveLength(1);
      const rows = await db.select().from(quizAttempts).where(inArray(quizAttempts.id, attempts));
      for (const row of rows) {
        const mine = stored.filter((s) => s.attempt_id === row.id);
        expect(mine.length).toBeLessThanOrEqual(row.question_order.length);
        expect(mine.every((s) => row.question_order.includes(s.question_id))).toBe(true);
        expect(new Set(mine.map((s) => s.question_id)).size).toBe(mine.length);
      }
      await checkFiles(db);
    });
    // the restarted server goes on where the burst stopped: the rest of the answers are taken, none twice
    for (let i = 0; i < tokens.length; i++) {
      for (const q of pollQuestions) {
        const res = await api('POST', '/api/QuestionUserAnswer', tokens[i], { id_quizAttemp: attempts[i], question_id: q.id, answer: answerOf(q) });
        const wasAcked = acked.some((a) => a.attempt === attempts[i] && a.question === q.id);
        if (wasAcked) expect(res.status).toBe(409);
        else expect([200, 409]).toContain(res.status);
      }
    }
  }, 300_000);

  // There is no long report or list export yet (issue 10 names one; none exists today): a large file-manager
  // download stands for "a long export".
  it('keeps the stored file whole when killed during a long download', async () => {
    const res = await new Promise<http.IncomingMessage>((ok, fail) =>
      http.get(`${base()}/admin/file/${bigFile.id}/download`, { headers: { domain: 'demo', authorization: `Bearer ${admin}` } }, ok).on('error', fail),
    );
    expect(res.statusCode).toBe(200);
    res.on('error', () => undefined);
    // read one piece and stop reading: the server is in the middle of sending 12 MB
    await new Promise<void>((ok) => res.once('data', () => ok()));
    res.pause();
    await kill9();
    res.destroy();

    await restart();
    expect(tmpFiles()).toEqual([]);
    const again = await fetch(`${base()}/admin/file/${bigFile.id}/download`, { headers: { domain: 'demo', authorization: `Bearer ${admin}` } });
    expect(again.status).toBe(200);
    const bytes = Buffer.from(await again.arrayBuffer());
    expect(bytes.length).toBe(bigFile.size);
    expect(bytes.every((b) => b === 'a'.charCodeAt(0))).toBe(true);
    await inspect(checkFiles);
  }, 300_000);
});
