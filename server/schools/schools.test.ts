import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { passwordResets, settings, tenantAccess, tenants, users } from '../db/schema/index.ts';
import { startTestApi, type TestApi } from '../test/harness.ts';
import { readSchoolsCsv } from './csv.ts';
import { SchoolInputError, type RawSchool } from './input.ts';
import { createSchools, listSchools, renameSchool, resumeSchool, suspendSchool } from './schools.ts';

/**
 * Schools without SQL (issue 26 item 4, docs/operations.md), through the library the command wraps, against a running
 * API: a new school answers at once (even after its slug was asked for while unknown), its first main administrator
 * gets a set-password mail in the school's outbox and signs in with it, a suspended school refuses every sign-in and
 * token with ERROR_SCHOOL_SUSPENDED and keeps its data, and bad input writes nothing. On PostgreSQL the API hears the
 * change through the database (pg_notify); on PGlite the command cannot run beside a server, so a test stands for the
 * restart by emptying the school cache (`restarted`).
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;
let api: TestApi;
const origin = (slug: string) => `https://${slug}.campus.test`;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

/**
 * On PostgreSQL the API hears a change a few milliseconds after it commits (its LISTEN connection): asked again until
 * then, for much less than the school cache's 10 s, so that a change not told to the API fails here.
 */
const HEARD = { timeout: 2_000, interval: 20 };

/** On PGlite a change is made with the server stopped: it starts with an empty school cache. */
const restarted = () => {
  if (!onPostgres) api.app.forgetTenantCaches();
};

const create = (raws: RawSchool[], webOrigin = origin) => createSchools(api.db, raws, { dataDir: api.config.dataDir, webOrigin });
const signIn = (tenant: string, username: string, password: string) =>
  api.call({ method: 'POST', url: '/api/token', tenant, payload: { username, password, client_id: 'web', client_secret: 'public', grant_type: 'password' } });

async function counts() {
  const n = async (t: typeof tenants | typeof users | typeof tenantAccess | typeof passwordResets | typeof settings) => Number((await api.db.select({ n: count() }).from(t))[0].n);
  const outbox = join(api.config.dataDir, 'outbox');
  return {
    tenants: await n(tenants),
    users: await n(users),
    access: await n(tenantAccess),
    resets: await n(passwordResets),
    settings: await n(settings),
    mails: existsSync(outbox) ? readdirSync(outbox, { recursive: true }).length : 0,
  };
}

/** The problems a call threw, as `row field` strings; fails when it did not throw a SchoolInputError. */
async function problemsOf(fn: () => Promise<unknown>) {
  const err = await fn().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SchoolInputError);
  return (err as SchoolInputError).problems.map((p) => `${p.row ?? '-'} ${p.field}`);
}

describe('npm run school -- create', () => {
  it('a new school answers at once, with its sections, and its main administrator chooses a password through the mailed link', async () => {
    // asked for before it exists (a typo, an impatient operator): not remembered as unknown
    const before = await api.call({ method: 'GET', url: '/api/logo', tenant: 'acme' });
    expect([before.statusCode, before.json().name]).toEqual([404, 'NOT_FOUND_DOMAIN']);

    const [made] = await create([{ slug: 'acme', title: 'Acme Business School', languages: 'en,ru', sections: 'rating,payment', admin_email: 'Boss@Acme.example' }]);
    expect(made).toMatchObject({ slug: 'acme', adminEmail: 'boss@acme.example' });

    const logo = await api.call({ method: 'GET', url: '/api/logo', tenant: 'acme' });
    expect([logo.statusCode, logo.json().data.title, logo.json().data.languages]).toEqual([200, 'Acme Business School', ['en', 'ru']]);
    const access = await api.call({ method: 'GET', url: '/api/access', tenant: 'acme' });
    expect(access.json().data).toEqual({ networking: { enabled: false }, lifelong_learning: { enabled: false }, rating: { enabled: true }, message: false, payment: true });

    // the mail: an .eml in the school's outbox, in its first language, with a link to the school's portal
    const dir = join(api.config.dataDir, 'outbox', 'acme');
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(made.outbox).toBe(join(dir, files[0]));
    const eml = readFileSync(join(dir, files[0]), 'utf8');
    expect(eml).toMatch(/^To: boss@acme\.example$/m);
    expect(eml).toContain('your school is ready');
    const key = /https:\/\/acme\.campus\.test\/reset_password\/([A-Za-z0-9_-]{43})/.exec(eml.replace(/=\r?\n/g, ''))?.[1];
    expect(key).toBeDefined();

    // no password works before the link is used; then theirs does, as the school's main administrator
    expect((await signIn('acme', 'boss@acme.example', 'Demo12345')).statusCode).toBe(401);
    const set = await api.call({ method: 'POST', url: `/api/user/resetPassword/${key}`, tenant: 'acme', payload: { password: 'Acme-2026!', confirm_password: 'Acme-2026!' } });
    expect(set.statusCode).toBe(200);
    const token = (await signIn('acme', 'boss@acme.example', 'Acme-2026!')).json().access_token as string;
    const me = await api.call({ method: 'GET', url: '/api/user', tenant: 'acme', token });
    expect(me.json().data).toMatchObject({ email: 'boss@acme.example', role: 'superadmin' });
    // a school of its own: the link and the account are not another school's
    expect((await signIn('demo', 'boss@acme.example', 'Acme-2026!')).statusCode).toBe(401);
  });

  it('creates every school of a CSV file, and lists them', async () => {
    const csv = readSchoolsCsv('slug,title,languages,sections,admin_email\nbeta,"Beta, School of Law",ru,,dean@beta.example\ngamma,Gamma,"ru,en",networking lifelong_learning,head@gamma.example\n');
    const made = await create(csv);
    expect(made.map((m) => m.slug)).toEqual(['beta', 'gamma']);
    restarted();
    const list = await listSchools(api.db);
    expect(list.find((s) => s.slug === 'beta')).toMatchObject({ title: 'Beta, School of Law', languages: ['ru'], sections: [], suspended_at: null, users: 1 });
    expect(list.find((s) => s.slug === 'gamma')).toMatchObject({ languages: ['ru', 'en'], sections: ['networking', 'lifelong_learning'] });
    expect(list.find((s) => s.slug === 'demo')?.users).toBeGreaterThan(1);
    // beta mails in Russian, its one language
    const [file] = readdirSync(join(api.config.dataDir, 'outbox', 'beta'));
    expect(readFileSync(join(api.config.dataDir, 'outbox', 'beta', file), 'utf8')).toMatch(/Subject: =\?UTF-8\?/);
    expect((await api.call({ method: 'GET', url: '/api/logo', tenant: 'gamma' })).statusCode).toBe(200);
  });

  it('renames a school: its new title is what every page shows next', async () => {
    expect((await api.call({ method: 'GET', url: '/api/logo', tenant: 'beta' })).json().data.title).toBe('Beta, School of Law');
    await renameSchool(api.db, 'beta', '  Beta Law School ');
    restarted();
    await expect.poll(async () => (await api.call({ method: 'GET', url: '/api/logo', tenant: 'beta' })).json().data.title, HEARD).toBe('Beta Law School');
    expect(await problemsOf(() => renameSchool(api.db, 'beta', ' '))).toEqual(['- title']);
    expect(await problemsOf(() => renameSchool(api.db, 'nosuch', 'X'))).toEqual(['- slug']);
  });
});

describe('bad input writes nothing', () => {
  const good = { slug: 'delta', title: 'Delta', admin_email: 'a@delta.example' };
  const cases: [string, RawSchool, string][] = [
    ['a slug taken', { ...good, slug: 'demo' }, 'slug'],
    ['a slug with capitals', { ...good, slug: 'Delta' }, 'slug'],
    ['a slug with an underscore', { ...good, slug: 'del_ta' }, 'slug'],
    ['a slug starting with "-"', { ...good, slug: '-delta' }, 'slug'],
    ['a slug ending with "-"', { ...good, slug: 'delta-' }, 'slug'],
    ['a slug of 64 characters', { ...good, slug: 'd'.repeat(64) }, 'slug'],
    ['no slug', { ...good, slug: '' }, 'slug'],
    ['the reserved www', { ...good, slug: 'www' }, 'slug'],
    ['the reserved api', { ...good, slug: 'api' }, 'slug'],
    ['the reserved admin', { ...good, slug: 'admin' }, 'slug'],
    ['the reserved docs', { ...good, slug: 'docs' }, 'slug'],
    ['no title', { ...good, title: ' ' }, 'title'],
    ['an address that is not an e-mail', { ...good, admin_email: 'boss at delta' }, 'admin_email'],
    ['an address without a domain', { ...good, admin_email: 'boss@delta' }, 'admin_email'],
    ['no address', { ...good, admin_email: undefined }, 'admin_email'],
    ['a language the apps do not have', { ...good, languages: 'ru,de' }, 'languages'],
    ['a section that does not exist', { ...good, sections: 'rating,chess' }, 'sections'],
  ];
  for (const [what, raw, field] of cases) {
    it(`${what}: an error naming the field "${field}"`, async () => {
      const before = await counts();
      expect(await problemsOf(() => create([raw]))).toEqual([`- ${field}`]);
      expect(await counts()).toEqual(before);
      expect((await api.call({ method: 'GET', url: '/api/logo', tenant: raw.slug || 'delta' })).statusCode).toBe(raw.slug === 'demo' ? 200 : 404);
    });
  }

  it('a CSV with one bad row: the row and field are named, and none of its schools is made', async () => {
    const before = await counts();
    const csv = readSchoolsCsv(
      'slug,title,languages,sections,admin_email\nepsilon,Epsilon,,,e@epsilon.example\nzeta,Zeta,,,not-an-address\neta,Eta,,,h@eta.example\nepsilon,Epsilon again,,,x@epsilon.example\n',
    );
    expect(await problemsOf(() => create(csv))).toEqual(['3 admin_email', '5 slug']);
    expect(await counts()).toEqual(before);
    expect((await listSchools(api.db)).map((s) => s.slug)).not.toContain('epsilon');
  });

  it('a CSV that is not as expected: the row is named', () => {
    const problems = (text: string) => {
      try {
        readSchoolsCsv(text);
      } catch (e) {
        return (e as SchoolInputError).problems.map((p) => `${p.row ?? '-'} ${p.field}`);
      }
      return [];
    };
    expect(problems('slug,title,admin_email\nacme,Acme,a@acme.example,ru,en\n')).toEqual(['2 csv']);
    expect(problems('slug,name,admin_email\nacme,Acme,a@acme.example\n')).toEqual(['1 name', '1 title']);
    expect(problems('slug,title,admin_email\n')).toEqual(['- csv']);
  });

  it('a failure in the middle of a batch leaves nothing: no school, no mail', async () => {
    const before = await counts();
    const failing = (slug: string) => {
      if (slug === 'kappa') throw new Error('the disk is full');
      return origin(slug);
    };
    await expect(
      create(
        [
          { slug: 'iota', title: 'Iota', admin_email: 'i@iota.example' },
          { slug: 'kappa', title: 'Kappa', admin_email: 'k@kappa.example' },
        ],
        failing,
      ),
    ).rejects.toThrow('the disk is full');
    expect(await counts()).toEqual(before);
    expect(existsSync(join(api.config.dataDir, 'outbox', 'iota')) && readdirSync(join(api.config.dataDir, 'outbox', 'iota')).length).toBeFalsy();
  });
});

describe('npm run school -- suspend / resume', () => {
  it('a suspended school refuses every sign-in and token with ERROR_SCHOOL_SUSPENDED, shows its face, keeps its data, and works again when resumed', async () => {
    const token = await api.login('student', 'north');
    const admin = await api.login('admin', 'north');
    const mine = await api.call({ method: 'GET', url: '/api/user', tenant: 'north', token });
    expect(mine.statusCode).toBe(200);
    const before = await counts();

    const suspended = await suspendSchool(api.db, 'north');
    expect(suspended.suspended_at).toBeInstanceOf(Date);
    restarted();
    const refused = (res: { statusCode: number; json(): { name?: string } }) => [res.statusCode, res.json().name];
    const SUSPENDED = [403, 'ERROR_SCHOOL_SUSPENDED'];
    await expect.poll(async () => refused(await api.call({ method: 'GET', url: '/api/user', tenant: 'north', token })), HEARD).toEqual(SUSPENDED);
    expect(refused(await signIn('north', 'student', 'Demo12345'))).toEqual(SUSPENDED);
    expect(refused(await api.call({ method: 'GET', url: '/api/user', tenant: 'north', token }))).toEqual(SUSPENDED);
    expect(refused(await api.call({ method: 'GET', url: '/admin/user', tenant: 'north', token: admin }))).toEqual(SUSPENDED);
    // a token on a page anyone may see is refused too; so are sign-ups and password reset mails
    expect(refused(await api.call({ method: 'GET', url: '/api/logo', tenant: 'north', token }))).toEqual(SUSPENDED);
    expect(refused(await api.call({ method: 'POST', url: '/api/user/sendLinkResetPassword', tenant: 'north', payload: { email: 'student@north.test' } }))).toEqual(SUSPENDED);
    expect(
      refused(
        await api.call({
          method: 'POST',
          url: '/api/register',
          tenant: 'north',
          payload: { login: 'newbie', email: 'newbie@north.test', password: 'Newbie-2026', confirm_password: 'Newbie-2026', name: 'N', surname: 'B' },
        }),
      ),
    ).toEqual(SUSPENDED);
    // anonymous, the apps still get the school's name and theme to show the error with
    const face = await api.call({ method: 'GET', url: '/api/logo', tenant: 'north' });
    expect([face.statusCode, face.json().data.title]).toEqual([200, 'North School of Management']);
    expect((await api.call({ method: 'GET', url: '/api/setting/13', tenant: 'north' })).statusCode).toBe(200);
    // the other school is untouched; the suspended one's data is all there
    expect((await signIn('demo', 'student', 'Demo12345')).statusCode).toBe(200);
    expect((await listSchools(api.db)).find((s) => s.slug === 'north')?.suspended_at).toBeInstanceOf(Date);
    expect(await counts()).toMatchObject({ users: before.users, tenants: before.tenants, access: before.access });

    await resumeSchool(api.db, 'north');
    restarted();
    await expect.poll(async () => (await api.call({ method: 'GET', url: '/api/user', tenant: 'north', token })).statusCode, HEARD).toBe(200);
    const again = await api.call({ method: 'GET', url: '/api/user', tenant: 'north', token });
    expect([again.statusCode, again.json().data.id]).toEqual([200, mine.json().data.id]);
    expect((await signIn('north', 'student', 'Demo12345')).statusCode).toBe(200);
    expect((await api.call({ method: 'GET', url: '/admin/user', tenant: 'north', token: admin })).statusCode).toBe(200);
    expect(await problemsOf(() => suspendSchool(api.db, 'nosuch'))).toEqual(['- slug']);
  });

  it('the OpenAPI document gives every operation bound to a school its possible 403 (ERROR_SCHOOL_SUSPENDED)', () => {
    const doc = api.app.swagger() as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const missing = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api') || path.startsWith('/admin'))
      .flatMap(([path, ops]) => Object.entries(ops).flatMap(([method, op]) => (op.responses?.[403] ? [] : [`${method.toUpperCase()} ${path}`])));
    expect(missing).toEqual([]);
  });
});
