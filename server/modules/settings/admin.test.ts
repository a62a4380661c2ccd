import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { multipart } from '../../test/forms.ts';
import { settings } from '../../db/schema/index.ts';
import { DEFAULT_WELCOME, sendWelcomeMail } from './welcome.ts';

const DEFAULT_RU = DEFAULT_WELCOME.ru;

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const GIF = Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex');

describe('settings admin', () => {
  let api: TestApi;
  let admin: string;
  let superadmin: string;
  let northAdmin: string;
  const refused: Record<string, string> = {};
  let smtp: SMTPServer;
  let port = 0;
  const inbox: { to: string[]; raw: string; user?: string }[] = [];

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    superadmin = await api.login('superadmin');
    northAdmin = await api.login('admin', 'north');
    for (const role of ['moderator', 'trainer', 'student']) refused[role] = await api.login(role);
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, cb) {
        if (auth.username === 'mailer' && auth.password === 'S3cret!') cb(null, { user: auth.username });
        else cb(new Error('Invalid username or password'));
      },
      onData(stream, session, cb) {
        let raw = '';
        stream.on('data', (c) => (raw += c.toString()));
        stream.on('end', () => {
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: raw.replace(/=\r?\n/g, ''), user: session.user as string | undefined });
          cb();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    port = (smtp.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((r) => smtp.close(() => r()));
    await api.close();
  });

  const get = (url: string, token = admin, tenant?: string) => api.call({ method: 'GET', url, token, tenant });
  const put = (url: string, payload: unknown, token = admin, tenant?: string) => api.call({ method: 'PUT', url, token, tenant, payload: payload as object });

  describe('client settings 13, 16, 17, 19', () => {
    it('lists them with their defaults, then the stored values; the portal reads the same', async () => {
      const list = await get('/admin/setting');
      expect(list.statusCode).toBe(200);
      expect(list.json().data).toEqual([
        { id: 13, name: 'theme', value: 'light' },
        {
          id: 16,
          name: 'learning_durations',
          value: [
            { format: 'full-time', months: 24 },
            { format: 'blended', months: 18 },
            { format: 'online', months: 12 },
          ],
        },
        { id: 17, name: 'instalments', value: [6, 12, 18, 24, 36] },
        { id: 19, name: 'calendar_id', value: '' },
      ]);
      const dark = await put('/admin/setting/13', { value: 'dark' });
      expect(dark.json().data).toEqual({ id: 13, name: 'theme', value: 'dark' });
      expect((await api.call({ method: 'GET', url: '/api/setting/13' })).json().data.value).toBe('dark');
      expect((await api.call({ method: 'GET', url: '/api/setting/13', tenant: 'north' })).json().data.value).toBe('light');
      const inst = await put('/admin/setting/17', { value: [24, 6, 12, 6] }, superadmin);
      expect(inst.json().data.value).toEqual([6, 12, 24]);
      expect((await api.call({ method: 'GET', url: '/api/setting/17' })).json().data.value).toEqual([6, 12, 24]);
      const dur = await put('/admin/setting/16', {
        value: [
          { format: 'online', months: '10' },
          { format: ' mba ', months: 20 },
        ],
      });
      expect(dur.json().data.value).toEqual([
        { format: 'online', months: 10 },
        { format: 'mba', months: 20 },
      ]);
      const cal = await put('/admin/setting/19', { value: ' school@group.calendar.google.com ' });
      expect(cal.json().data.value).toBe('school@group.calendar.google.com');
      expect((await get('/admin/setting/19')).json().data.value).toBe('school@group.calendar.google.com');
      // via the method override (the back office's form posts)
      const viaPost = await api.call({ method: 'POST', url: '/admin/setting/13', token: admin, payload: { _method: 'PUT', value: 'light' } });
      expect(viaPost.json().data.value).toBe('light');
    });

    it('refuses a wrong value per id (422 on value), an unknown id (404) and a non-numeric id (422)', async () => {
      const cases: [number, unknown][] = [
        [13, 'blue'],
        [16, []],
        [16, [{ format: '', months: 12 }]],
        [16, [{ format: 'online', months: 0 }]],
        [
          16,
          [
            { format: 'a', months: 1 },
            { format: 'a', months: 2 },
          ],
        ],
        [17, [5]],
        [17, []],
        [17, 'all'],
        [19, 42],
      ];
      for (const [id, value] of cases) {
        const res = await put(`/admin/setting/${id}`, { value });
        expect(res.statusCode, `${id} ${JSON.stringify(value)}`).toBe(422);
        expect(
          Object.keys(res.json().errors).some((k) => k.startsWith('value')),
          JSON.stringify(res.json()),
        ).toBe(true);
      }
      expect((await put('/admin/setting/13', {})).statusCode).toBe(422);
      expect((await put('/admin/setting/3', { value: 'x' })).json().name).toBe('NOT_FOUND_SETTING');
      expect((await get('/admin/setting/4')).statusCode).toBe(404);
      expect((await get('/admin/setting/abc')).statusCode).toBe(422);
      expect((await get('/admin/setting/13')).json().data.value).toBe('light');
    });

    it('keeps schools apart: the north admin changes north only', async () => {
      await put('/admin/setting/13', { value: 'dark' }, northAdmin, 'north');
      expect((await api.call({ method: 'GET', url: '/api/setting/13', tenant: 'north' })).json().data.value).toBe('dark');
      expect((await api.call({ method: 'GET', url: '/api/setting/13' })).json().data.value).toBe('light');
      // a demo token does not work in north
      expect((await put('/admin/setting/13', { value: 'light' }, admin, 'north')).statusCode).toBe(401);
    });
  });

  it('refuses every settings route to moderators, trainers and students (403) and without a session (401)', async () => {
    const routes: [string, string, object?][] = [
      ['GET', '/admin/setting'],
      ['GET', '/admin/setting/13'],
      ['PUT', '/admin/setting/13', { value: 'dark' }],
      ['GET', '/admin/email/setting'],
      ['PUT', '/admin/email/setting', { host: 'x', port: 25, encryption: 'none' }],
      ['POST', '/admin/email/setting/test', { to: 'a@b.test' }],
      ['GET', '/admin/setting/social'],
      ['PUT', '/admin/setting/social', {}],
      ['GET', '/admin/setting/adminEmails'],
      ['PUT', '/admin/setting/adminEmails', { emails: [] }],
      ['GET', '/admin/setting/welcomeMail'],
      ['PUT', '/admin/setting/welcomeMail', { ru: { subject: 's', body: 'b' }, en: { subject: 's', body: 'b' } }],
      ['GET', '/admin/access'],
      ['PUT', '/admin/access', { rating: false }],
      ['DELETE', '/admin/setting/3/changeLogo'],
    ];
    for (const [method, url, payload] of routes) {
      for (const [role, token] of Object.entries(refused)) {
        const res = await api.call({ method: method as 'GET', url, token, payload });
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(res.json().name).toBe('ERROR_ACCESS');
      }
      expect((await api.call({ method: method as 'GET', url, payload })).statusCode, `anonymous ${method} ${url}`).toBe(401);
    }
    const logo = multipart({ _method: 'PUT', value: { name: 'logo.png', data: PNG, type: 'image/png' } });
    expect((await api.call({ method: 'POST', url: '/admin/setting/3/changeLogo', token: refused.moderator, ...logo })).statusCode).toBe(403);
    expect((await get('/admin/access')).json().data.rating).toBe(true);
    expect((await get('/admin/setting/13')).json().data.value).toBe('light');
  });

  describe('logo', () => {
    it('uploads an image as form data with _method=PUT; /api/logo then serves it; a new one replaces it', async () => {
      const form = multipart({ _method: 'PUT', value: { name: 'logo.png', data: PNG, type: 'image/png' } });
      const res = await api.call({ method: 'POST', url: '/admin/setting/3/changeLogo', token: admin, ...form });
      expect(res.statusCode).toBe(200);
      const url = res.json().data.url as string;
      expect((await api.call({ method: 'GET', url: '/api/logo' })).json().data.url).toBe(url);
      const img = await api.call({ method: 'GET', url });
      expect(img.headers['content-type']).toBe('image/png');
      expect(img.rawPayload.equals(PNG)).toBe(true);
      expect((await api.call({ method: 'GET', url: '/api/logo', tenant: 'north' })).json().data.url).toBeNull();

      const again = await api.call({ method: 'POST', url: '/admin/setting/3/changeLogo', token: admin, ...multipart({ _method: 'PUT', value: { name: 'l.gif', data: GIF, type: 'image/gif' } }) });
      const url2 = again.json().data.url as string;
      expect(url2).not.toBe(url);
      const img2 = await api.call({ method: 'GET', url: (await api.call({ method: 'GET', url: '/api/logo' })).json().data.url });
      expect(img2.headers['content-type']).toBe('image/gif');
    });

    it('refuses a file that is not an image (415), no file (422) and a too large one (413)', async () => {
      const text = await api.call({
        method: 'POST',
        url: '/admin/setting/3/changeLogo',
        token: admin,
        ...multipart({ _method: 'PUT', value: { name: 'logo.png', data: Buffer.from('<svg onload="alert(1)"/>'), type: 'image/png' } }),
      });
      expect(text.statusCode).toBe(415);
      expect(text.json().name).toBe('ERROR_EXT_TYPE');
      const none = await api.call({ method: 'POST', url: '/admin/setting/3/changeLogo', token: admin, ...multipart({ _method: 'PUT', value: '' }) });
      expect(none.statusCode).toBe(422);
      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
      const tooBig = await api.call({ method: 'POST', url: '/admin/setting/3/changeLogo', token: admin, ...multipart({ _method: 'PUT', value: { name: 'big.png', data: big, type: 'image/png' } }) });
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().name).toBe('ERROR_MAX_SIZE_5');
      expect((await api.call({ method: 'GET', url: '/api/logo' })).json().data.url).not.toBeNull();
    });

    it('removes the logo', async () => {
      expect((await api.call({ method: 'DELETE', url: '/admin/setting/3/changeLogo', token: admin })).json().data.url).toBeNull();
      expect((await api.call({ method: 'GET', url: '/api/logo' })).json().data.url).toBeNull();
    });
  });

  describe('e-mail settings and the test mail through a real SMTP server', () => {
    it('answers defaults, stores the settings without ever answering the password, keeps it when blank', async () => {
      const empty = (await get('/admin/email/setting')).json().data;
      expect(empty).toMatchObject({ host: '', has_password: false, encryption: 'tls' });
      const saved = await put('/admin/email/setting', {
        host: '127.0.0.1',
        port,
        username: 'mailer',
        password: 'S3cret!',
        encryption: 'none',
        from_address: 'school@demo.test',
        from_name: 'Demo School',
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data).toEqual({ host: '127.0.0.1', port, username: 'mailer', encryption: 'none', from_address: 'school@demo.test', from_name: 'Demo School', has_password: true });
      expect(JSON.stringify(saved.json())).not.toContain('S3cret');
      const again = await put('/admin/email/setting', { host: '127.0.0.1', port, username: 'mailer', password: '', encryption: 'none', from_address: 'school@demo.test', from_name: 'Demo School' });
      expect(again.json().data.has_password).toBe(true);
      expect(JSON.stringify((await get('/admin/email/setting')).json())).not.toContain('S3cret');
      const [row] = await api.db
        .select()
        .from(settings)
        .where(and(eq(settings.tenant_id, 1), eq(settings.key, 'email')));
      expect((row.value as { password: string }).password).toBe('S3cret!');
      expect((await get('/admin/email/setting', northAdmin, 'north')).json().data.host).toBe('');
    });

    it('declares answers that cannot carry the password: the response schemas name has_password, never password', () => {
      const path = (api.app.swagger() as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }).paths['/admin/email/setting'];
      for (const method of ['get', 'put']) {
        const answer = JSON.stringify(path[method].responses['200']);
        expect(answer).toContain('"has_password"');
        expect(answer).not.toContain('"password"');
      }
    });

    it('sends a test mail through the stored settings (authenticated) and reports a failure', async () => {
      const before = inbox.length;
      const res = await api.call({ method: 'POST', url: '/admin/email/setting/test', token: admin, payload: { to: 'check@demo.test' }, headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ sent: true, to: 'check@demo.test' });
      expect(inbox.length).toBe(before + 1);
      const mail = inbox.at(-1)!;
      expect(mail.to).toEqual(['check@demo.test']);
      expect(mail.user).toBe('mailer');
      expect(mail.raw).toContain('test mail');
      expect(mail.raw).toMatch(/From: "?Demo School"? <school@demo.test>/);

      await put('/admin/email/setting', { host: '127.0.0.1', port, username: 'mailer', password: 'wrong-one', encryption: 'none' });
      const failed = await api.call({ method: 'POST', url: '/admin/email/setting/test', token: admin, payload: { to: 'check@demo.test' } });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().name).toBe('ERROR_SEND_MAIL');
      expect(failed.json().variables.error).toMatch(/Invalid|auth/i);
      await put('/admin/email/setting', { host: '127.0.0.1', port, username: 'mailer', password: 'S3cret!', encryption: 'none', from_address: 'school@demo.test', from_name: 'Demo School' });

      const none = await api.call({ method: 'POST', url: '/admin/email/setting/test', token: northAdmin, tenant: 'north', payload: { to: 'check@north.test' } });
      expect(none.statusCode).toBe(409);
      expect(none.json().name).toBe('ERROR_SEND_MAIL');
    });

    it('refuses bad e-mail settings and a bad test address (422)', async () => {
      for (const payload of [
        { host: 'h', port: 0, encryption: 'none' },
        { host: 'h', port: 25, encryption: 'starttls' },
        { host: 'h', port: 25, encryption: 'none', from_address: 'not-an-email' },
        { port: 25, encryption: 'none' },
      ]) {
        const res = await put('/admin/email/setting', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      }
      const bad = await api.call({ method: 'POST', url: '/admin/email/setting/test', token: admin, payload: { to: 'nobody' } });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.to).toEqual(['validation.email']);
      expect((await get('/admin/email/setting')).json().data.host).toBe('127.0.0.1');
    });
  });

  it('stores social links (http(s) only; empty removes one) that the portal reads', async () => {
    const res = await put('/admin/setting/social', { telegram: 'https://t.me/demo_school', vk: '', site: 'https://demo.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ telegram: 'https://t.me/demo_school', vk: '', site: 'https://demo.test' });
    expect((await api.call({ method: 'GET', url: '/api/social/link' })).json().data).toEqual({ telegram: 'https://t.me/demo_school', site: 'https://demo.test' });
    expect((await get('/admin/setting/social')).json().data.instagram).toBe('');
    const bad = await put('/admin/setting/social', { telegram: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('telegram');
    expect((await api.call({ method: 'GET', url: '/api/social/link', tenant: 'north' })).json().data).toEqual({});
  });

  it('stores admin e-mails (deduplicated); quiz notifications go to them; an empty list falls back to the admins', async () => {
    const res = await put('/admin/setting/adminEmails', { emails: ['Head@demo.test', 'head@demo.test', 'dean@demo.test'] });
    expect(res.json().data.emails).toEqual(['head@demo.test', 'dean@demo.test']);
    expect((await get('/admin/setting/adminEmails')).json().data.emails).toEqual(['head@demo.test', 'dean@demo.test']);
    expect((await get('/admin/setting/adminEmails', northAdmin, 'north')).json().data.emails).toEqual([]);
    const bad = await put('/admin/setting/adminEmails', { emails: ['ok@demo.test', 'broken'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty(['emails.1']);
    expect((await put('/admin/setting/adminEmails', { emails: [] })).json().data.emails).toEqual([]);
    const rows = await api.db
      .select()
      .from(settings)
      .where(and(eq(settings.tenant_id, 1), eq(settings.key, 'admin_emails')));
    expect(rows).toHaveLength(0);
  });

  it('stores the welcome mail in both languages; the welcome mail uses these texts and placeholders', async () => {
    const defaults = (await get('/admin/setting/welcomeMail')).json().data;
    expect(defaults.is_default).toBe(true);
    expect(defaults.ru.subject).toContain('{school}');
    const res = await put('/admin/setting/welcomeMail', {
      ru: { subject: 'Добро пожаловать в {school}', body: 'Здравствуйте, {name}! Ваш логин: {login}.' },
      en: { subject: 'Welcome to {school}', body: 'Hello {name}! Your login: {login}. {unknown}' },
    });
    expect(res.json().data).toMatchObject({ is_default: false, en: { subject: 'Welcome to {school}' } });
    expect((await put('/admin/setting/welcomeMail', { ru: { subject: '', body: 'x' }, en: { subject: 's', body: 'b' } })).statusCode).toBe(422);
    expect((await put('/admin/setting/welcomeMail', { ru: { subject: 's', body: 'b' } })).statusCode).toBe(422);
    expect((await get('/admin/setting/welcomeMail', northAdmin, 'north')).json().data.is_default).toBe(true);

    const before = inbox.length;
    const r = await sendWelcomeMail(api.app, { id: 1, slug: 'demo', title: 'Demo Business School' }, { email: 'new@demo.test', login: 'newbie', name: 'Анна', surname: 'Петрова' }, 'en');
    expect(r.sent).toBe(true);
    expect(inbox.length).toBe(before + 1);
    expect(inbox.at(-1)!.raw).toContain('Subject: Welcome to Demo Business School');
    expect(inbox.at(-1)!.raw).toContain('Your login: newbie. {unknown}');
    await sendWelcomeMail(api.app, { id: 1, slug: 'demo', title: 'Demo Business School' }, { email: 'new@demo.test', login: 'newbie', name: 'Анна', surname: 'Петрова' }, 'ru');
    expect(inbox.at(-1)!.raw).toMatch(/Subject: =\?UTF-8\?/);
  });

  it('mails the welcome text to a user an admin creates, with the login, password and portal link', async () => {
    const before = inbox.length;
    const res = await api.call({
      method: 'POST',
      url: '/admin/user',
      token: admin,
      headers: { 'accept-language': 'en', origin: 'http://demo.localhost:8080' },
      payload: { login: 'welcome_probe', email: 'welcome_probe@demo.test', password: 'Welcome123', name: 'Ivan', surname: 'Probe' },
    });
    expect(res.statusCode).toBe(201);
    await expect.poll(() => inbox.length, { timeout: 10_000 }).toBe(before + 1);
    const mail = inbox.at(-1)!;
    expect(mail.to).toEqual(['welcome_probe@demo.test']);
    expect(mail.raw).toContain('Subject: Welcome to Demo Business School');
    expect(mail.raw).toContain('Hello Ivan Probe! Your login: welcome_probe.');
    await put('/admin/setting/welcomeMail', { ru: DEFAULT_RU, en: { subject: 'Hi {name}', body: 'Password: {password}\nSign in: {link}' } });
    await api.call({
      method: 'POST',
      url: '/admin/user',
      token: admin,
      headers: { 'accept-language': 'en', origin: 'http://demo.localhost:8080' },
      payload: { login: 'welcome_probe2', email: 'welcome_probe2@demo.test', password: 'Welcome123', name: 'Olga', surname: 'Probe' },
    });
    await expect.poll(() => inbox.length, { timeout: 10_000 }).toBe(before + 2);
    expect(inbox.at(-1)!.raw).toContain('Password: Welcome123');
    expect(inbox.at(-1)!.raw).toContain('Sign in: http://demo.localhost:8080/');
  });

  it('switches sections on and off; the guard and /api/access follow at once', async () => {
    const flags = (await get('/admin/access')).json().data;
    expect(flags).toEqual({ networking: true, lifelong_learning: true, rating: true, message: true, payment: true });
    const student = refused.student;
    expect((await api.call({ method: 'GET', url: '/api/user/getRating', token: student })).statusCode).toBe(200);
    const off = await put('/admin/access', { rating: false });
    expect(off.json().data).toEqual({ ...flags, rating: false });
    expect((await api.call({ method: 'GET', url: '/api/access' })).json().data.rating).toEqual({ enabled: false });
    const refusedRating = await api.call({ method: 'GET', url: '/api/user/getRating', token: student });
    expect(refusedRating.statusCode).toBe(403);
    expect((await api.call({ method: 'GET', url: '/api/access', tenant: 'north' })).json().data.rating).toEqual({ enabled: true });
    expect((await put('/admin/access', { rating: 'maybe' })).statusCode).toBe(422);
    expect((await put('/admin/access', { rating: true }, superadmin)).json().data.rating).toBe(true);
    expect((await api.call({ method: 'GET', url: '/api/user/getRating', token: student })).statusCode).toBe(200);
  });
});
