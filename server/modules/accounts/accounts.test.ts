import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { multipart } from '../../test/forms.ts';
import { demoAudit, events, settings, tenants, tokens, users } from '../../db/schema/index.ts';
import { sha256 } from '../../core/context.ts';

const CLIENT = { client_id: 'web', client_secret: 'public', grant_type: 'password' };
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('accounts', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  describe('POST /api/token', () => {
    it('signs in by login or e-mail and answers a bearer token pair', async () => {
      for (const username of ['student', 'STUDENT@demo.test']) {
        const res = await api.call({ method: 'POST', url: '/api/token', payload: { ...CLIENT, username, password: 'Demo12345' } });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ token_type: 'Bearer', expires_in: 86400 });
      }
      const remember = await api.call({ method: 'POST', url: '/api/token', payload: { ...CLIENT, username: 'student', password: 'Demo12345', remember: true } });
      expect(remember.json().expires_in).toBe(30 * 86400);
    });

    it('refuses a wrong password, an unknown user and an unknown client', async () => {
      const pass = await api.call({ method: 'POST', url: '/api/token', payload: { ...CLIENT, username: 'trainer', password: 'wrong-pass' } });
      expect(pass.statusCode).toBe(401);
      expect(pass.json().name).toBe('ERROR_PASS');
      const login = await api.call({ method: 'POST', url: '/api/token', payload: { ...CLIENT, username: 'nobody', password: 'Demo12345' } });
      expect(login.json().name).toBe('ERROR_LOGIN');
      const client = await api.call({ method: 'POST', url: '/api/token', payload: { ...CLIENT, client_id: 'evil', username: 'student', password: 'Demo12345' } });
      expect(client.statusCode).toBe(401);
      expect(client.json().name).toBe('NOT_AUTHORIZED');
    });

    it('answers malformed JSON and missing fields with 422 and changes nothing', async () => {
      const bad = await api.call({ method: 'POST', url: '/api/token', payload: '{"username":', headers: { 'content-type': 'application/json' } });
      expect(bad.statusCode).toBe(422);
      const missing = await api.call({ method: 'POST', url: '/api/token', payload: { username: 'student' } });
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toMatchObject({ name: 'Validation Error' });
      expect(Object.keys(missing.json().errors)).toContain('grant_type');
    });

    it('throttles repeated failures with 429', async () => {
      let last: Awaited<ReturnType<typeof api.call>> | undefined;
      for (let i = 0; i < 6; i++) last = await api.call({ method: 'POST', url: '/api/token', payload: { ...CLIENT, username: 'moderator', password: `wrong-${i}-pass` } });
      expect(last!.statusCode).toBe(429);
      expect(last!.json().name).toBe('TOO_MANY_ATTEMPTS');
    });

    it('refuses a blocked user and a user past the automatic blocking date', async () => {
      const [u] = await api.db
        .insert(users)
        .values({ tenant_id: 1, login: 'blocked1', email: 'b1@demo.test', password_hash: (await api.db.select().from(users).where(eq(users.login, 'student')))[0].password_hash, is_blocked: true })
        .returning();
      const res = await api.call({ method: 'POST', url: '/api/token', payload: { ...CLIENT, username: 'blocked1', password: 'Demo12345' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().name).toBe('ERROR_BLOCK');
      await api.db.update(users).set({ is_blocked: false, date_block: '2020-01-01' }).where(eq(users.id, u.id));
      const dated = await api.call({ method: 'POST', url: '/api/token', payload: { ...CLIENT, username: 'blocked1', password: 'Demo12345' } });
      expect(dated.json().name).toBe('ERROR_BLOCK');
    });

    it('refreshes a session and rotates the refresh token', async () => {
      const first = (await api.call({ method: 'POST', url: '/api/token', payload: { ...CLIENT, username: 'student', password: 'Demo12345' } })).json();
      const res = await api.call({ method: 'POST', url: '/api/token', payload: { client_id: 'web', client_secret: 'public', grant_type: 'refresh_token', refresh_token: first.refresh_token } });
      expect(res.statusCode).toBe(200);
      const again = await api.call({ method: 'POST', url: '/api/token', payload: { client_id: 'web', client_secret: 'public', grant_type: 'refresh_token', refresh_token: first.refresh_token } });
      expect(again.statusCode).toBe(401);
      expect((await api.call({ method: 'GET', url: '/api/user', token: first.access_token })).statusCode).toBe(401);
      expect((await api.call({ method: 'GET', url: '/api/user', token: res.json().access_token })).statusCode).toBe(200);
    });

    it('records the login as an event', async () => {
      await api.login('trainer');
      const rows = await api.db.select().from(events).where(eq(events.kind, 'login'));
      expect(rows.length).toBeGreaterThan(0);
    });
  });

  describe('schools are isolated', () => {
    it('refuses a token of north used in demo, and a north login in demo', async () => {
      const north = await api.login('student', 'north');
      expect((await api.call({ method: 'GET', url: '/api/user', token: north, tenant: 'north' })).statusCode).toBe(200);
      const cross = await api.call({ method: 'GET', url: '/api/user', token: north, tenant: 'demo' });
      expect(cross.statusCode).toBe(401);
      expect(cross.json().name).toBe('NOT_AUTHORIZED');
      await api.db.insert(users).values({ tenant_id: 2, login: 'onlynorth', email: 'on@north.test', password_hash: 'x' });
      const res = await api.call({ method: 'POST', url: '/api/token', payload: { ...CLIENT, username: 'onlynorth', password: 'Demo12345' } });
      expect(res.json().name).toBe('ERROR_LOGIN');
    });

    it('refuses an expired token', async () => {
      const token = await api.login('student');
      await api.db
        .update(tokens)
        .set({ access_expires_at: new Date(Date.now() - 1000) })
        .where(eq(tokens.access_hash, sha256(token)));
      const res = await api.call({ method: 'GET', url: '/api/user', token });
      expect(res.statusCode).toBe(401);
      expect(res.json().name).toBe('NOT_AUTHORIZED');
      expect((await api.call({ method: 'PUT', url: '/api/user', token, payload: { hobby: 'x' } })).statusCode).toBe(401);
    });

    it('answers an unknown school with NOT_FOUND_DOMAIN', async () => {
      const res = await api.call({ method: 'POST', url: '/api/token', tenant: 'nowhere', payload: { ...CLIENT, username: 'student', password: 'Demo12345' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().name).toBe('NOT_FOUND_DOMAIN');
    });

    it("does not serve another school's avatar", async () => {
      const [northStudent] = await api.db
        .select()
        .from(users)
        .where(and(eq(users.tenant_id, 2), eq(users.login, 'student')));
      await api.db.update(users).set({ avatar: 'avatars/x.png' }).where(eq(users.id, northStudent.id));
      const res = await api.call({ method: 'GET', url: `/api/files/avatar/${northStudent.id}` });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('profile', () => {
    it('answers the profile with roles and without the password hash', async () => {
      const token = await api.login('student');
      const res = await api.call({ method: 'GET', url: '/api/user', token });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ login: 'student', roles: ['student'], is_start: null });
      expect(data.password_hash).toBeUndefined();
    });

    it('refuses without a token and with a revoked one', async () => {
      expect((await api.call({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
      const token = await api.login('trainer');
      expect((await api.call({ method: 'POST', url: '/api/logout', token })).statusCode).toBe(200);
      expect((await api.call({ method: 'GET', url: '/api/user', token })).statusCode).toBe(401);
    });

    it('edits the profile, reformatting DD.MM.YYYY dates, and marks the welcome seen', async () => {
      const token = await api.login('student');
      const res = await api.call({ method: 'PUT', url: '/api/user', token, payload: { hobby: 'chess', birthday_date: '31.12.1990', passport_number_when: '2015-05-20', is_start: true } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ hobby: 'chess', birthday_date: '1990-12-31', passport_number_when: '2015-05-20' });
      expect(res.json().data.is_start).not.toBeNull();
    });

    it('refuses bad input with 422 naming the field, and changes nothing', async () => {
      const token = await api.login('student');
      for (const [payload, field] of [
        [{ email: 'nope' }, 'email'],
        [{ birthday_date: '31.02.1990' }, 'birthday_date'],
        [{ hobby: 'x'.repeat(2001) }, 'hobby'],
        [{ name: '' }, 'name'],
        [{ country_id: 'abc' }, 'country_id'],
      ] as const) {
        const res = await api.call({ method: 'PUT', url: '/api/user', token, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        expect(Object.keys(res.json().errors)).toContain(field);
      }
      const used = await api.call({ method: 'PUT', url: '/api/user', token, payload: { email: 'admin@demo.test' } });
      expect(used.statusCode).toBe(409);
      expect(used.json().name).toBe('USER_EMAIL_ISSET');
      const me = (await api.call({ method: 'GET', url: '/api/user', token })).json().data;
      expect(me.email).toBe('student@demo.test');
    });

    it('cannot change role or login through the profile', async () => {
      const token = await api.login('student');
      await api.call({ method: 'PUT', url: '/api/user', token, payload: { role: 'admin', login: 'boss', hobby: 'go' } });
      const me = (await api.call({ method: 'GET', url: '/api/user', token })).json().data;
      expect(me.roles).toEqual(['student']);
      expect(me.login).toBe('student');
    });

    it('uploads an avatar image as form data and serves it; refuses non-images and large files', async () => {
      const token = await api.login('student');
      const ok = await api.call({ method: 'POST', url: '/api/user/setAvatar', token, ...multipart({ avatar: { name: 'me.png', data: PNG, type: 'image/png' } }) });
      expect(ok.statusCode).toBe(200);
      const url = ok.json().data.avatar as string;
      expect(url).toMatch(/^\/api\/files\/avatar\/\d+/);
      const img = await api.call({ method: 'GET', url });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
      const fake = await api.call({ method: 'POST', url: '/api/user/setAvatar', token, ...multipart({ avatar: { name: 'evil.png', data: Buffer.from('<?php echo 1; ?>'), type: 'image/png' } }) });
      expect(fake.statusCode).toBe(415);
      expect(fake.json().name).toBe('ERROR_EXT_TYPE');
      const big = await api.call({
        method: 'POST',
        url: '/api/user/setAvatar',
        token,
        ...multipart({ avatar: { name: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), type: 'image/png' } }),
      });
      expect(big.statusCode).toBe(413);
      expect(big.json().name).toBe('ERROR_MAX_SIZE_5');
      const after = (await api.call({ method: 'GET', url: '/api/user', token })).json().data;
      expect(after.avatar).toBe(url);
    });
  });

  describe('PUT /api/changePassword', () => {
    it('checks the old password, the rule and the confirmation, then changes it', async () => {
      const [u] = await api.db
        .insert(users)
        .values({ tenant_id: 1, login: 'changer', email: 'changer@demo.test', password_hash: (await api.db.select().from(users).where(eq(users.login, 'admin')))[0].password_hash })
        .returning();
      void u;
      const token = await api.login('changer');
      const other = await api.login('changer');
      const wrongOld = await api.call({ method: 'PUT', url: '/api/changePassword', token, payload: { old_password: 'nope-nope', password: 'NewPass123', confirm_password: 'NewPass123' } });
      expect(wrongOld.json().name).toBe('ERROR_OLD_PASSWORD');
      const mismatch = await api.call({ method: 'PUT', url: '/api/changePassword', token, payload: { old_password: 'Demo12345', password: 'NewPass123', confirm_password: 'NewPass124' } });
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json().errors.confirm_password).toEqual(['validation.passwords_match']);
      const short = await api.call({ method: 'PUT', url: '/api/changePassword', token, payload: { old_password: 'Demo12345', password: 'short', confirm_password: 'short' } });
      expect(short.json().errors.password).toEqual(['validation.password']);
      const long = await api.call({ method: 'PUT', url: '/api/changePassword', token, payload: { old_password: 'Demo12345', password: 'x'.repeat(25), confirm_password: 'x'.repeat(25) } });
      expect(long.json().errors.password).toEqual(['validation.password']);
      const same = await api.call({ method: 'PUT', url: '/api/changePassword', token, payload: { old_password: 'Demo12345', password: 'Demo12345', confirm_password: 'Demo12345' } });
      expect(same.json().name).toBe('ERROR_CHANGE_PASSWORD');
      const ok = await api.call({ method: 'PUT', url: '/api/changePassword', token, payload: { old_password: 'Demo12345', password: 'NewPass123', confirm_password: 'NewPass123' } });
      expect(ok.statusCode).toBe(200);
      expect((await api.call({ method: 'GET', url: '/api/user', token: other })).statusCode).toBe(401);
      expect((await api.call({ method: 'GET', url: '/api/user', token })).statusCode).toBe(200);
      await api.login('changer', 'demo', 'NewPass123');
    });
  });

  describe('password reset by mail through a real SMTP server', () => {
    let smtp: SMTPServer;
    let port = 0;
    const inbox: string[] = [];
    beforeAll(async () => {
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        onData(stream, _session, cb) {
          let raw = '';
          stream.on('data', (c) => (raw += c.toString()));
          stream.on('end', () => {
            inbox.push(raw);
            cb();
          });
        },
      });
      await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
      port = (smtp.server.address() as { port: number }).port;
      await api.db.insert(settings).values({ tenant_id: 1, key: 'email', value: { host: '127.0.0.1', port, encryption: 'none', from_address: 'school@demo.test', from_name: 'Demo' } });
    });
    afterAll(() => new Promise<void>((r) => smtp.close(() => r())));

    it('mails a link that resets the password once', async () => {
      const unknown = await api.call({ method: 'POST', url: '/api/user/sendLinkResetPassword', payload: { email: 'ghost@demo.test' } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().name).toBe('Email_doesnt_exists');
      const res = await api.call({
        method: 'POST',
        url: '/api/user/sendLinkResetPassword',
        payload: { email: 'trainer@demo.test' },
        headers: { origin: 'http://demo.localhost:8080', 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(200);
      expect(inbox.length).toBe(1);
      const mail = inbox[0].replace(/=\r?\n/g, '');
      expect(mail).toContain('password reset');
      const token = /reset_password\/([A-Za-z0-9_-]+)/.exec(mail)![1];
      expect(mail).toContain('http://demo.localhost:8080/reset_password/');
      const north = await api.call({ method: 'POST', url: `/api/user/resetPassword/${token}`, tenant: 'north', payload: { password: 'Fresh12345', confirm_password: 'Fresh12345' } });
      expect(north.statusCode).toBe(404);
      const bad = await api.call({ method: 'POST', url: `/api/user/resetPassword/${token}`, payload: { password: 'Fresh12345', confirm_password: 'Other12345' } });
      expect(bad.statusCode).toBe(422);
      const ok = await api.call({ method: 'POST', url: `/api/user/resetPassword/${token}`, payload: { password: 'Fresh12345', confirm_password: 'Fresh12345' } });
      expect(ok.statusCode).toBe(200);
      await api.login('trainer', 'demo', 'Fresh12345');
      const twice = await api.call({ method: 'POST', url: `/api/user/resetPassword/${token}`, payload: { password: 'Again12345', confirm_password: 'Again12345' } });
      expect(twice.statusCode).toBe(404);
      expect(twice.json().name).toBe('NOT_FOUND_TOKEN');
    });
  });

  describe('registration', () => {
    it('creates a student who can sign in; refuses a used e-mail and a weak password', async () => {
      const body = { login: 'newbie', email: 'newbie@demo.test', password: 'Secret123', confirm_password: 'Secret123', name: 'New', surname: 'Bie' };
      const res = await api.call({ method: 'POST', url: '/api/register', payload: body });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.roles).toEqual(['student']);
      await api.login('newbie', 'demo', 'Secret123');
      expect((await api.call({ method: 'POST', url: '/api/register', payload: { ...body, login: 'other' } })).json().name).toBe('USER_EMAIL_ISSET');
      expect((await api.call({ method: 'POST', url: '/api/register', payload: { ...body, login: 'x2', email: 'x2@demo.test', password: 'abc', confirm_password: 'abc' } })).statusCode).toBe(422);
      // the same login is free in another school
      expect((await api.call({ method: 'POST', url: '/api/register', tenant: 'north', payload: body })).statusCode).toBe(201);
    });
  });

  it('keeps demo-mode calls out of activity (audit table exists)', async () => {
    const rows = await api.db.select().from(demoAudit);
    expect(Array.isArray(rows)).toBe(true);
    const [t] = await api.db.select().from(tenants).where(eq(tenants.slug, 'demo'));
    expect(t.title).toBeTruthy();
  });
});
