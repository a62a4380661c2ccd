import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, pgliteDirFor } from '../db/client.ts';
import { type ApiProcess, emptyAppsBuild, ROOT, startApiProcess, TSX } from '../test/api-process.ts';
import { freshPostgresDatabase } from '../test/harness.ts';

/**
 * `npm run school` itself, as the operator runs it: a child process (tsx server/schools/cli.ts) beside real servers
 * (server/main.ts). On the embedded database it refuses while a server has the data folder open and works once it is
 * stopped; on PostgreSQL it runs beside two API processes, and what it does (create, suspend, resume) is obeyed by
 * both at once, a school created after its slug was asked for included.
 */
const base = process.env.TEST_DATABASE_URL;

/** Runs the command; answers its exit code and what it printed. */
function school(env: Record<string, string>, ...args: string[]) {
  return new Promise<{ code: number; out: string; err: string }>((resolve) => {
    execFile(TSX, ['server/schools/cli.ts', ...args], { cwd: ROOT, env: { ...process.env, ...env, VITEST: '' } }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out: stdout, err: stderr });
    });
  });
}

/** A call to a server as the apps make it. */
async function call(url: string, tenant: string, method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  const res = await fetch(url + path, {
    method,
    headers: { domain: tenant, ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.body ? { 'content-type': 'application/json' } : {}) },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: the test reads whatever JSON the API answered
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, any> };
}
const signIn = (url: string, tenant: string, username: string, password: string) =>
  call(url, tenant, 'POST', '/api/token', { body: { username, password, client_id: 'web', client_secret: 'public', grant_type: 'password' } });

/** The set-password link's key in the newest mail of a school's outbox. */
function mailedKey(dataDir: string, slug: string) {
  const dir = join(dataDir, 'outbox', slug);
  const [file] = readdirSync(dir).sort().reverse();
  return /\/reset_password\/([A-Za-z0-9_-]{43})/.exec(readFileSync(join(dir, file), 'utf8').replace(/=\r?\n/g, ''))?.[1];
}

const BAD_CSV = 'slug,title,languages,sections,admin_email\nomega,Omega,en,,o@omega.example\nsigma,Sigma,ru,,not-an-address\n';

describe.skipIf(!!base)('npm run school on the embedded database', () => {
  let dataDir: string;
  let server: ApiProcess | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lms-school-cli-'));
    // the run's seeded start, on disk as `npm start` leaves it
    const start = inject('seededStart');
    const database = await openDatabase({ pgliteDir: pgliteDirFor(dataDir), pgliteSnapshot: new Blob([await readFile(start.pgliteDump!)]) });
    await database.close();
    const dist = emptyAppsBuild(dataDir);
    env = { DATA_DIR: dataDir, DIST_DIR: dist, DATABASE_URL: '' };
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a CSV with a bad row: exit 1, the row and field named, nothing written', async () => {
    writeFileSync(join(dataDir, 'schools.csv'), BAD_CSV);
    const bad = await school(env, 'create', '--from', join(dataDir, 'schools.csv'));
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('error: row 3, field "admin_email": "not-an-address" is not an e-mail address');
    expect(bad.err).toContain('Nothing was written.');
    const list = await school(env, 'list');
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/^demo\s+Demo Business School\s+ru,en\s+networking,lifelong_learning,rating,message,payment\s+active\s+\d+$/m);
    expect(list.out).not.toContain('omega');
    const usage = await school(env, 'frobnicate');
    expect([usage.code, usage.err]).toEqual([2, expect.stringContaining('unknown verb "frobnicate"')]);
  });

  it('refuses while the server has the database open; works once it is stopped; the server then serves the school', async () => {
    server = await startApiProcess(env);
    const busy = await school(env, 'create', '--slug', 'omega', '--title', 'Omega', '--admin-email', 'o@omega.example');
    expect(busy.code).toBe(1);
    expect(busy.err).toMatch(/is open in another process: the server \(pid \d+/);
    expect(busy.err).toContain('Stop the server first');
    expect((await call(server.url, 'omega', 'GET', '/api/logo')).status).toBe(404);
    await server.stop();

    const made = await school(env, 'create', '--slug', 'omega', '--title', 'Omega', '--languages', 'en', '--sections', 'rating', '--admin-email', 'o@omega.example', '--host', 'campus.example');
    expect(made.code).toBe(0);
    expect(made.out).toContain('Created omega: https://omega.campus.example');
    const key = mailedKey(dataDir, 'omega');
    expect(key).toBeDefined();
    expect((await school(env, 'suspend', 'omega')).code).toBe(0);

    server = await startApiProcess(env);
    // suspended before it ever opened: its face answers, its sign-in does not
    expect((await call(server.url, 'omega', 'GET', '/api/logo')).body.data.title).toBe('Omega');
    const refused = await call(server.url, 'omega', 'POST', `/api/user/resetPassword/${key}`, { body: { password: 'Omega-2026!', confirm_password: 'Omega-2026!' } });
    expect([refused.status, refused.body.name]).toEqual([403, 'ERROR_SCHOOL_SUSPENDED']);
    await server.stop();
    server = undefined;
    // resumed (its sign-in working again is held on PostgreSQL below and in schools.test.ts)
    expect((await school(env, 'resume', 'omega')).code).toBe(0);
    expect((await school(env, 'list')).out).toMatch(/^omega\s+Omega\s+en\s+rating\s+active\s+1$/m);
  }, 180_000);
});

describe.skipIf(!base)('npm run school beside two API processes on one PostgreSQL', () => {
  let drop: () => Promise<void>;
  let env: Record<string, string>;
  const servers: ApiProcess[] = [];
  let cliData: string;

  beforeAll(async () => {
    const fresh = await freshPostgresDatabase(base!, 'lms_school_cli', inject('seededStart').template);
    drop = fresh.drop;
    const root = mkdtempSync(join(tmpdir(), 'lms-school-pg-'));
    const dist = emptyAppsBuild(root);
    cliData = join(root, 'cli');
    env = { DATABASE_URL: fresh.url, DIST_DIR: dist, DATA_DIR: cliData };
    for (const i of [0, 1]) servers.push(await startApiProcess({ ...env, DATA_DIR: join(root, `p${i}`) }));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await drop?.();
  }, 60_000);

  it('a school created, suspended and resumed by the command is obeyed by both processes at once', async () => {
    const [A, B] = servers.map((s) => s.url);
    // both have been asked for it before it exists
    for (const url of [A, B]) expect((await call(url, 'rho', 'GET', '/api/logo')).body.name).toBe('NOT_FOUND_DOMAIN');
    // a bad row first: nothing of it anywhere
    writeFileSync(join(cliData, '..', 'schools.csv'), BAD_CSV);
    const bad = await school(env, 'create', '--from', join(cliData, '..', 'schools.csv'));
    expect([bad.code, bad.err]).toEqual([1, expect.stringContaining('row 3, field "admin_email"')]);
    for (const url of [A, B]) expect((await call(url, 'omega', 'GET', '/api/logo')).status).toBe(404);

    const made = await school(env, 'create', '--slug', 'rho', '--title', 'Rho Academy', '--admin-email', 'dean@rho.example');
    expect(made.code).toBe(0);
    for (const url of [A, B]) expect((await call(url, 'rho', 'GET', '/api/logo')).body.data?.title).toBe('Rho Academy');
    const key = mailedKey(cliData, 'rho');
    expect((await call(B, 'rho', 'POST', `/api/user/resetPassword/${key}`, { body: { password: 'Rho-2026!x', confirm_password: 'Rho-2026!x' } })).status).toBe(200);
    const token = (await signIn(A, 'rho', 'dean@rho.example', 'Rho-2026!x')).body.access_token as string;
    // both processes have the token (and the school) in memory
    for (const url of [A, B]) expect((await call(url, 'rho', 'GET', '/api/user', { token })).status).toBe(200);

    expect((await school(env, 'suspend', 'rho')).code).toBe(0);
    for (const url of [A, B]) {
      const me = await call(url, 'rho', 'GET', '/api/user', { token });
      expect([me.status, me.body.name]).toEqual([403, 'ERROR_SCHOOL_SUSPENDED']);
      const again = await signIn(url, 'rho', 'dean@rho.example', 'Rho-2026!x');
      expect([again.status, again.body.name]).toEqual([403, 'ERROR_SCHOOL_SUSPENDED']);
      expect((await signIn(url, 'demo', 'student', 'Demo12345')).status).toBe(200);
    }
    const list = await school(env, 'list');
    expect(list.out).toMatch(/^rho\s+Rho Academy\s+ru,en\s+-\s+suspended since [\d-]+ [\d:]+\s+1$/m);

    expect((await school(env, 'resume', 'rho')).code).toBe(0);
    for (const url of [A, B]) expect((await call(url, 'rho', 'GET', '/api/user', { token })).body.data?.email).toBe('dean@rho.example');
  }, 120_000);
});
