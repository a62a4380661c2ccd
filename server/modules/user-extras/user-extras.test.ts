import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { multipart } from '../../test/forms.ts';
import { groups, groupUsers, tokens, users } from '../../db/schema/index.ts';
import { generatePassword, normalizeLink } from './rules.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** Decodes `=?UTF-8?B?…?=` / `=?UTF-8?Q?…?=` words of a mail header. */
function decodeHeader(v: string) {
  return v.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, s: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(s, 'base64').toString('utf8')
      : Buffer.from(
          s.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

async function xlsx(rows: (string | number | { text: string; hyperlink: string })[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('people');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('users: extras of the back office', () => {
  let api: TestApi;
  let admin: string;
  let moderator: string;
  let superadmin: string;
  let northAdmin: string;
  const idOf = (login: string, tenantId = 1) => api.userId(login, tenantId);
  const signIn = (username: string, password: string, tenant = 'demo') =>
    api.call({ method: 'POST', url: '/api/token', tenant, payload: { username, password, client_id: 'web', client_secret: 'public', grant_type: 'password' } });
  const register = (login: string) =>
    api.call({
      method: 'POST',
      url: '/api/register',
      payload: { login, email: `${login}@mail.test`, password: 'Secret123', confirm_password: 'Secret123', name: 'Олег', surname: `Новиков-${login}` },
    });

  beforeAll(async () => {
    api = await startTestApi();
    [admin, moderator, superadmin, northAdmin] = await Promise.all([api.login('admin'), api.login('moderator'), api.login('superadmin'), api.login('admin', 'north')]);
  });
  afterAll(() => api.close());

  describe('GET /admin/registers', () => {
    it('lists users who signed up themselves, newest first, with search, dates and pages; admins and moderators only', async () => {
      expect((await register('selfreg1')).statusCode).toBe(201);
      expect((await register('selfreg2')).statusCode).toBe(201);
      // made by an admin: not a registration
      await api.call({ method: 'POST', url: '/admin/user', token: admin, payload: { login: 'madebyadmin', email: 'mba@mail.test', password: 'Secret123', name: 'A', surname: 'B' } });
      const res = await api.call({ method: 'GET', url: '/admin/registers', token: admin });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.map((r: { login: string }) => r.login)).toEqual(['selfreg2', 'selfreg1']);
      expect(body.meta).toMatchObject({ total: 2, current_page: 1 });
      expect(body.data[0]).toMatchObject({ email: 'selfreg2@mail.test', role: 'student', is_blocked: false });
      expect(typeof body.data[0].registered_at).toBe('string');
      expect(body.data[0].password_hash).toBeUndefined();

      const search = await api.call({ method: 'GET', url: '/admin/registers?q=selfreg1', token: moderator });
      expect(search.json().data.map((r: { login: string }) => r.login)).toEqual(['selfreg1']);
      const today = new Date().toISOString().slice(0, 10);
      expect((await api.call({ method: 'GET', url: `/admin/registers?filter[date_from]=${today}&filter[date_to]=${today}`, token: admin })).json().meta.total).toBe(2);
      expect((await api.call({ method: 'GET', url: '/admin/registers?filter[date_to]=2000-01-01', token: admin })).json().meta.total).toBe(0);
      const paged = (await api.call({ method: 'GET', url: '/admin/registers?per_page=1&page=2&sort=login&order=asc', token: admin })).json();
      expect(paged.data.map((r: { login: string }) => r.login)).toEqual(['selfreg2']);
      expect(paged.meta).toMatchObject({ total: 2, last_page: 2, from: 2, to: 2 });

      await api.call({ method: 'POST', url: '/admin/block/user', token: admin, payload: { users: [await idOf('selfreg1')] } });
      expect((await api.call({ method: 'GET', url: '/admin/registers?filter[is_blocked]=true', token: admin })).json().data.map((r: { login: string }) => r.login)).toEqual(['selfreg1']);

      const ddmm = today.split('-').reverse().join('.');
      expect((await api.call({ method: 'GET', url: `/admin/registers?filter[date_from]=${ddmm}`, token: admin })).json().meta.total).toBe(2);
      const bad = await api.call({ method: 'GET', url: '/admin/registers?filter[date_from]=31.02.2026', token: admin });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors['filter.date_from']).toEqual(['validation.date']);
      expect((await api.call({ method: 'GET', url: '/admin/registers?per_page=500', token: admin })).statusCode).toBe(422);
    });

    it('refuses trainers and students, and shows another school only its own sign-ups', async () => {
      for (const login of ['trainer', 'student']) {
        const res = await api.call({ method: 'GET', url: '/admin/registers', token: await api.login(login) });
        expect(res.statusCode).toBe(403);
        expect(res.json().name).toBe('ERROR_ACCESS');
      }
      expect((await api.call({ method: 'GET', url: '/admin/registers' })).statusCode).toBe(401);
      const north = await api.call({ method: 'GET', url: '/admin/registers', token: northAdmin, tenant: 'north' });
      expect(north.json().meta.total).toBe(0);
    });
  });

  describe('score', () => {
    it('adds and sets a score with a history; admins only', async () => {
      const id = await idOf('student');
      const add = await api.call({ method: 'POST', url: `/admin/user/${id}/setScore`, token: admin, payload: { score: 15, comment: 'Кейс-чемпионат' } });
      expect(add.statusCode).toBe(200);
      expect(add.json().data).toMatchObject({ user_id: id, score: 15 });
      const more = await api.call({ method: 'POST', url: `/admin/user/${id}/setScore`, token: superadmin, payload: { score: -5 } });
      expect(more.json().data.score).toBe(10);
      const set = await api.call({ method: 'POST', url: `/admin/user/${id}/setScore`, token: admin, payload: { score: 42, mode: 'set' } });
      expect(set.json().data.score).toBe(42);
      const got = (await api.call({ method: 'GET', url: `/admin/user/${id}/score`, token: admin })).json().data;
      expect(got.score).toBe(42);
      expect(got.history.map((h: { delta: number; total: number; mode: string }) => [h.mode, h.delta, h.total])).toEqual([
        ['set', 32, 42],
        ['add', -5, 10],
        ['add', 15, 15],
      ]);
      expect(got.history[2].comment).toBe('Кейс-чемпионат');

      const below = await api.call({ method: 'POST', url: `/admin/user/${id}/setScore`, token: admin, payload: { score: -100 } });
      expect(below.statusCode).toBe(422);
      expect(below.json().errors.score).toEqual(['validation.min:0']);
      expect((await api.call({ method: 'POST', url: `/admin/user/${id}/setScore`, token: admin, payload: { score: 'many' } })).statusCode).toBe(422);
      expect((await api.call({ method: 'POST', url: `/admin/user/${id}/setScore`, token: admin, payload: { score: 1, mode: 'double' } })).statusCode).toBe(422);
      expect((await api.call({ method: 'POST', url: `/admin/user/${id}/setScore`, token: admin, payload: {} })).statusCode).toBe(422);
      for (const token of [moderator, await api.login('trainer'), await api.login('student')]) {
        expect((await api.call({ method: 'POST', url: `/admin/user/${id}/setScore`, token, payload: { score: 1 } })).statusCode).toBe(403);
        expect((await api.call({ method: 'GET', url: `/admin/user/${id}/score`, token })).statusCode).toBe(403);
      }
      const north = await api.call({ method: 'POST', url: `/admin/user/${id}/setScore`, token: northAdmin, tenant: 'north', payload: { score: 1 } });
      expect(north.statusCode).toBe(404);
      expect(north.json().name).toBe('USER_DOES_NOT_EXIST');
      expect((await api.call({ method: 'GET', url: `/admin/user/${id}/score`, token: admin })).json().data.score).toBe(42);
    });

    it("keeps an admin away from a superadmin's score", async () => {
      const res = await api.call({ method: 'POST', url: `/admin/user/${await idOf('superadmin')}/setScore`, token: admin, payload: { score: 1 } });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('avatar', () => {
    it('uploads an image for a user; refuses non-images, big files, other schools and roles', async () => {
      const id = await idOf('trainer');
      const ok = await api.call({ method: 'POST', url: `/admin/user/${id}/setAvatar`, token: moderator, ...multipart({ avatar: { name: 'face.png', data: PNG, type: 'image/png' } }) });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.avatar).toMatch(new RegExp(`^/api/files/avatar/${id}\\?v=`));
      const img = await api.call({ method: 'GET', url: `/api/files/avatar/${id}` });
      expect(img.headers['content-type']).toBe('image/png');
      expect(img.rawPayload.equals(PNG)).toBe(true);

      const fake = await api.call({ method: 'POST', url: `/admin/user/${id}/setAvatar`, token: admin, ...multipart({ avatar: { name: 'x.png', data: Buffer.from('<svg/>'), type: 'image/png' } }) });
      expect(fake.statusCode).toBe(415);
      expect(fake.json().name).toBe('ERROR_EXT_TYPE');
      const big = await api.call({
        method: 'POST',
        url: `/admin/user/${id}/setAvatar`,
        token: admin,
        ...multipart({ avatar: { name: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), type: 'image/png' } }),
      });
      expect(big.statusCode).toBe(413);
      expect(big.json().name).toBe('ERROR_MAX_SIZE_5');
      const none = await api.call({ method: 'POST', url: `/admin/user/${id}/setAvatar`, token: admin, ...multipart({ note: 'no file' }) });
      expect(none.statusCode).toBe(422);
      expect(none.json().errors.avatar).toEqual(['validation.required']);

      const north = await api.call({
        method: 'POST',
        url: `/admin/user/${id}/setAvatar`,
        token: northAdmin,
        tenant: 'north',
        ...multipart({ avatar: { name: 'face.png', data: PNG, type: 'image/png' } }),
      });
      expect(north.statusCode).toBe(404);
      const student = await api.call({
        method: 'POST',
        url: `/admin/user/${id}/setAvatar`,
        token: await api.login('student'),
        ...multipart({ avatar: { name: 'face.png', data: PNG, type: 'image/png' } }),
      });
      expect(student.statusCode).toBe(403);
      // a moderator does not manage admins
      const upward = await api.call({
        method: 'POST',
        url: `/admin/user/${await idOf('admin')}/setAvatar`,
        token: moderator,
        ...multipart({ avatar: { name: 'face.png', data: PNG, type: 'image/png' } }),
      });
      expect(upward.statusCode).toBe(403);
    });
  });

  describe('social links', () => {
    it('reads and writes links, normalising and validating addresses', async () => {
      const id = await idOf('student');
      const empty = await api.call({ method: 'GET', url: `/admin/user/${id}/social`, token: moderator });
      expect(empty.json().data).toEqual({ vk: null, telegram: null, linkedin: null, facebook: null, instagram: null, site: null });
      const put = await api.call({ method: 'PUT', url: `/admin/user/${id}/social`, token: moderator, payload: { vk: 'https://vk.com/alexey', telegram: '@alexey_st', site: 'alexey.example.com' } });
      expect(put.statusCode).toBe(200);
      expect(put.json().data).toMatchObject({ vk: 'https://vk.com/alexey', telegram: 'https://t.me/alexey_st', site: 'https://alexey.example.com/', linkedin: null });
      // absent keys stay, null or empty removes
      const clear = await api.call({ method: 'PUT', url: `/admin/user/${id}/social`, token: admin, payload: { site: '', vk: null } });
      expect(clear.json().data).toMatchObject({ vk: null, telegram: 'https://t.me/alexey_st', site: null });
      // also through the method override of form data
      const form = await api.call({ method: 'POST', url: `/admin/user/${id}/social`, token: admin, ...multipart({ _method: 'PUT', linkedin: 'https://www.linkedin.com/in/alexey' }) });
      expect(form.json().data.linkedin).toBe('https://www.linkedin.com/in/alexey');

      const bad = await api.call({
        method: 'PUT',
        url: `/admin/user/${id}/social`,
        token: admin,
        payload: { vk: 'javascript:alert(1)', facebook: 'not a link', instagram: 'https://instagram.com/ok' },
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ vk: ['validation.format'], facebook: ['validation.format'] });
      expect((await api.call({ method: 'GET', url: `/admin/user/${id}/social`, token: admin })).json().data.instagram).toBeNull(); // nothing saved
      // unknown networks are dropped, not stored
      const unknown = await api.call({ method: 'PUT', url: `/admin/user/${id}/social`, token: admin, payload: { myspace: 'https://myspace.com/x' } });
      expect(Object.keys(unknown.json().data)).toEqual(['vk', 'telegram', 'linkedin', 'facebook', 'instagram', 'site']);
      expect((await api.call({ method: 'PUT', url: `/admin/user/${id}/social`, token: admin, payload: { vk: `https://vk.com/${'a'.repeat(300)}` } })).statusCode).toBe(422);

      expect((await api.call({ method: 'GET', url: `/admin/user/${id}/social`, token: northAdmin, tenant: 'north' })).statusCode).toBe(404);
      expect((await api.call({ method: 'PUT', url: `/admin/user/${id}/social`, token: northAdmin, tenant: 'north', payload: { vk: null } })).statusCode).toBe(404);
      const trainer = await api.login('trainer');
      expect((await api.call({ method: 'GET', url: `/admin/user/${id}/social`, token: trainer })).statusCode).toBe(403);
      expect((await api.call({ method: 'PUT', url: `/admin/user/${id}/social`, token: trainer, payload: { vk: null } })).statusCode).toBe(403);
    });

    it('normalises links', () => {
      expect(normalizeLink('telegram', '@ab')).toBeUndefined();
      expect(normalizeLink('site', 'ftp://files.example.com')).toBeUndefined();
      expect(normalizeLink('site', 'https://user:pw@example.com')).toBeUndefined();
      expect(normalizeLink('site', 'https://localhost')).toBeUndefined();
      expect(normalizeLink('vk', ' https://vk.com/id1 ')).toBe('https://vk.com/id1');
    });
  });

  describe('POST /admin/email/sendPassword', () => {
    it('sets a new password, signs the user out and mails it in the chosen language', async () => {
      await api.call({
        method: 'POST',
        url: '/admin/user',
        token: admin,
        payload: { login: 'pw.target', email: 'pw.target@demo.test', password: 'Demo12345', name: 'P', surname: 'T', role: 'trainer' },
      });
      const id = await idOf('pw.target');
      const old = await api.login('pw.target');
      const res = await api.call({ method: 'POST', url: '/admin/email/sendPassword', token: moderator, payload: { user_id: id, lang: 'en' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ user_id: id, email: 'pw.target@demo.test', sent: false, outbox: true });
      expect(JSON.stringify(res.json())).not.toMatch(/password/i);
      const dir = join(api.config.dataDir, 'outbox', 'demo');
      const eml = readFileSync(join(dir, readdirSync(dir).sort().at(-1)!), 'utf8');
      expect(eml).toContain('To: pw.target@demo.test');
      expect(eml).toContain('Subject: Demo Business School: your new password');
      expect(eml).toContain('/auth'); // the portal's sign-in page
      const password = /Password: (\S+)/.exec(eml)![1];
      expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
      expect((await signIn('pw.target', 'Demo12345')).json().name).toBe('ERROR_PASS');
      expect((await signIn('pw.target', password)).statusCode).toBe(200);
      // the old session is over
      expect((await api.call({ method: 'GET', url: '/api/user', token: old })).statusCode).toBe(401);
      const live = await api.db.select().from(tokens).where(eq(tokens.user_id, id));
      expect(live.filter((t) => !t.revoked_at)).toHaveLength(1);

      const ru = await api.call({ method: 'POST', url: '/admin/email/sendPassword', token: admin, headers: { 'accept-language': 'ru' }, payload: { user_id: id } });
      expect(ru.statusCode).toBe(200);
      const eml2 = readFileSync(join(dir, readdirSync(dir).sort().at(-1)!), 'utf8');
      expect(decodeHeader(/^Subject: (.*(?:\n .*)*)/m.exec(eml2)![1].replace(/\n /g, ''))).toBe('Demo Business School: ваш новый пароль');
    });

    it('refuses other roles, users above the caller, oneself, other schools and bad input', async () => {
      const student = await idOf('student');
      expect((await api.call({ method: 'POST', url: '/admin/email/sendPassword', token: await api.login('student'), payload: { user_id: student } })).statusCode).toBe(403);
      expect((await api.call({ method: 'POST', url: '/admin/email/sendPassword', token: moderator, payload: { user_id: await idOf('admin') } })).statusCode).toBe(403);
      expect((await api.call({ method: 'POST', url: '/admin/email/sendPassword', token: admin, payload: { user_id: await idOf('admin') } })).statusCode).toBe(403);
      const north = await api.call({ method: 'POST', url: '/admin/email/sendPassword', token: northAdmin, tenant: 'north', payload: { user_id: student } });
      expect(north.statusCode).toBe(404);
      expect(north.json().name).toBe('USER_DOES_NOT_EXIST');
      expect((await api.call({ method: 'POST', url: '/admin/email/sendPassword', token: admin, payload: {} })).statusCode).toBe(422);
      expect((await api.call({ method: 'POST', url: '/admin/email/sendPassword', token: admin, payload: { user_id: student, lang: 'de' } })).statusCode).toBe(422);
      // the student still signs in with the old password: nothing changed
      expect((await signIn('student', 'Demo12345')).statusCode).toBe(200);
    });

    it('generates passwords with letters and digits', () => {
      let n = 0;
      const seq = (max: number) => n++ % max;
      const p = generatePassword(seq);
      expect(p).toHaveLength(12);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/[2-9]/);
    });
  });

  describe('import', () => {
    it('imports a real xlsx: good rows are created (with group and password), bad rows are reported with codes', async () => {
      const [mba] = await api.db
        .select()
        .from(groups)
        .where(and(eq(groups.tenant_id, 1), eq(groups.title, 'MBA-2026')));
      const file = await xlsx([
        ['Login', 'E-mail', 'Name', 'Surname', 'Patronymic', 'Role', 'Phone', 'Password', 'Group'],
        ['imp.anna', { text: 'imp.anna@mail.test', hyperlink: 'mailto:imp.anna@mail.test' }, 'Анна', 'Импортова', 'Петровна', 'student', '+7 900 1', 'Start1234', 'mba-2026'],
        ['imp.boris', 'imp.boris@mail.test', 'Борис', 'Импортов', '', 'тренер', 79001234567, '', ''],
        ['imp.anna', 'other@mail.test', 'Анна', 'Дубль', '', '', '', '', ''],
        ['student', 'fresh@mail.test', 'X', 'Y', '', '', '', '', ''],
        ['imp.bad', 'not-an-email', '', 'Без имени', '', 'king', '', 'short', 'No such group'],
        [],
        ['imp.super', 'imp.super@mail.test', 'S', 'U', '', 'superadmin', '', '', ''],
      ]);
      const res = await api.call({ method: 'POST', url: '/admin/user/import', token: admin, ...multipart({ file: { name: 'people.xlsx', data: file } }) });
      expect(res.statusCode).toBe(200);
      const { created, refused } = res.json().data;
      expect(created).toBe(2);
      expect(refused).toEqual([
        { row: 4, login: 'imp.anna', email: 'other@mail.test', errors: ['IMPORT_DUPLICATE_LOGIN'] },
        { row: 5, login: 'student', email: 'fresh@mail.test', errors: ['USER_EMAIL_ISSET'] },
        { row: 6, login: 'imp.bad', email: 'not-an-email', errors: ['IMPORT_EMAIL_FORMAT', 'IMPORT_NAME_REQUIRED', 'IMPORT_UNKNOWN_ROLE', 'IMPORT_PASSWORD_LENGTH', 'IMPORT_UNKNOWN_GROUP'] },
        { row: 8, login: 'imp.super', email: 'imp.super@mail.test', errors: ['IMPORT_ROLE_ACCESS'] },
      ]);
      const [anna] = await api.db
        .select()
        .from(users)
        .where(and(eq(users.tenant_id, 1), eq(users.login, 'imp.anna')));
      expect(anna).toMatchObject({ email: 'imp.anna@mail.test', name: 'Анна', surname: 'Импортова', patronymic: 'Петровна', role: 'student', phone: '+7 900 1' });
      expect(
        await api.db
          .select()
          .from(groupUsers)
          .where(and(eq(groupUsers.group_id, mba.id), eq(groupUsers.user_id, anna.id))),
      ).toHaveLength(1);
      expect((await signIn('imp.anna', 'Start1234')).statusCode).toBe(200);
      // every created user gets the school's welcome mail (sent in the background; no SMTP set: the outbox)
      const outbox = join(api.config.dataDir, 'outbox', 'demo');
      const mailedTo = () => readdirSync(outbox).map((f) => /^To: (.+)$/m.exec(readFileSync(join(outbox, f), 'utf8'))?.[1]?.trim());
      await expect.poll(mailedTo).toEqual(expect.arrayContaining(['imp.anna@mail.test', 'imp.boris@mail.test']));
      expect(mailedTo()).not.toContain('imp.super@mail.test');
      const [boris] = await api.db
        .select()
        .from(users)
        .where(and(eq(users.tenant_id, 1), eq(users.login, 'imp.boris')));
      expect(boris).toMatchObject({ role: 'trainer', phone: '79001234567' });
      // no password in the file: no sign-in until an admin sends one
      expect((await signIn('imp.boris', 'anything1')).json().name).toBe('ERROR_PASS');
      expect((await api.call({ method: 'POST', url: '/admin/email/sendPassword', token: admin, payload: { user_id: boris.id, lang: 'en' } })).statusCode).toBe(200);
      // nothing of the refused rows exists
      expect(await api.db.select().from(users).where(eq(users.email, 'fresh@mail.test'))).toHaveLength(0);
      expect(await api.db.select().from(users).where(eq(users.login, 'imp.super'))).toHaveLength(0);
    });

    it('imports a csv with `;`, quotes and a BOM; a moderator may import only roles they manage', async () => {
      const csv =
        '\uFEFFлогин;e-mail;имя;фамилия;роль\r\n' +
        'csv.one;csv.one@mail.test;"Ольга ""Оля""";Смирнова;student\r\n' +
        'csv.two;csv.two@mail.test;Пётр;"Иванов;Петров";admin\r\n' +
        'csv.three;CSV.ONE@mail.test;Ирина;Котова;\r\n';
      const res = await api.call({ method: 'POST', url: '/admin/user/import', token: moderator, ...multipart({ file: { name: 'people.txt', data: Buffer.from(csv), type: 'text/plain' } }) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        created: 1,
        refused: [
          { row: 3, login: 'csv.two', email: 'csv.two@mail.test', errors: ['IMPORT_ROLE_ACCESS'] },
          { row: 4, login: 'csv.three', email: 'CSV.ONE@mail.test', errors: ['IMPORT_DUPLICATE_EMAIL'] },
        ],
      });
      const [one] = await api.db
        .select()
        .from(users)
        .where(and(eq(users.tenant_id, 1), eq(users.login, 'csv.one')));
      expect(one.name).toBe('Ольга "Оля"');
      // the same file again: everything is taken now
      const again = await api.call({ method: 'POST', url: '/admin/user/import', token: admin, ...multipart({ file: { name: 'people.csv', data: Buffer.from(csv) } }) });
      expect(again.json().data.created).toBe(1); // csv.two is an admin's to import
      expect(again.json().data.refused[0]).toMatchObject({ row: 2, errors: ['USER_EMAIL_ISSET'] });
    });

    it('refuses a file that is not a table, a header without required columns, roles and other schools', async () => {
      const upload = (data: Buffer, token = admin, tenant = 'demo') => api.call({ method: 'POST', url: '/admin/user/import', token, tenant, ...multipart({ file: { name: 'x.csv', data } }) });
      for (const data of [PNG, Buffer.from('d0cf11e0a1b11ae1000000000000', 'hex'), Buffer.from('login,email,name\r\na,b,c\r\n'), Buffer.from('\r\n\r\n'), Buffer.from('PK\u0003\u0004 broken zip')]) {
        const res = await upload(data);
        expect(res.statusCode).toBe(422);
        expect(res.json().name).toBe('ERROR_IMPORT_FORMAT');
      }
      expect((await upload(Buffer.from('login,email,name\r\n'))).json().variables.missing).toEqual(['surname']);
      const none = await api.call({ method: 'POST', url: '/admin/user/import', token: admin, payload: {} });
      expect(none.statusCode).toBe(422);
      for (const login of ['trainer', 'student']) expect((await upload(Buffer.from('login,email,name,surname\r\n'), await api.login(login))).statusCode).toBe(403);
      // a north admin imports into north only
      const north = await upload(Buffer.from('login,email,name,surname\r\nnorth.new,north.new@mail.test,N,N\r\n'), northAdmin, 'north');
      expect(north.json().data.created).toBe(1);
      const [row] = await api.db.select().from(users).where(eq(users.login, 'north.new'));
      expect(row.tenant_id).toBe(2);
    });

    it('gives the template as xlsx and csv, both importable', async () => {
      const x = await api.call({ method: 'GET', url: '/admin/user/import/template?format=xlsx', token: moderator });
      expect(x.statusCode).toBe(200);
      expect(x.headers['content-disposition']).toContain('users-import.xlsx');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
      expect(wb.worksheets[0].getRow(1).values).toEqual([undefined, 'login', 'email', 'name', 'surname', 'patronymic', 'role', 'phone', 'password', 'group']);
      const c = await api.call({ method: 'GET', url: '/admin/user/import/template?format=csv', token: admin });
      expect(c.headers['content-type']).toContain('text/csv');
      expect(c.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('login,email,name,surname,patronymic,role,phone,password,group');
      const imported = await api.call({ method: 'POST', url: '/admin/user/import', token: admin, ...multipart({ file: { name: 't.xlsx', data: x.rawPayload } }) });
      expect(imported.json().data).toEqual({ created: 1, refused: [] });
      const csvAgain = await api.call({ method: 'POST', url: '/admin/user/import', token: admin, ...multipart({ file: { name: 't.csv', data: c.rawPayload } }) });
      expect(csvAgain.json().data.refused[0].errors).toEqual(['USER_EMAIL_ISSET']);
      expect((await api.call({ method: 'GET', url: '/admin/user/import/template?format=pdf', token: admin })).statusCode).toBe(422);
      expect((await api.call({ method: 'GET', url: '/admin/user/import/template', token: await api.login('trainer') })).statusCode).toBe(403);
    });
  });
});
