import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { cities, countries, passwordResets, settings, users } from '../../db/schema/index.ts';
import { sha256 } from '../../core/context.ts';
import { hashPassword } from '../../core/password.ts';
import { seedReferenceData } from '../../seed/reference.ts';
import { issueTokens } from '../../core/tokens.ts';

/** The decoded text of every part of a MIME message (base64 or quoted-printable). */
function decodeMail(eml: string) {
  return eml
    .split(/\n--[^\n]+\n/)
    .map((part) => {
      const [head, ...rest] = part.split('\n\n');
      const raw = rest.join('\n\n');
      if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(raw.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/Content-Transfer-Encoding: quoted-printable/i.test(head))
        return Buffer.from(
          raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8');
      return raw;
    })
    .join('\n');
}

const CLIENT = { client_id: 'web', client_secret: 'public', grant_type: 'password' };
const REFRESH = { client_id: 'web', client_secret: 'public', grant_type: 'refresh_token' };

/** Second suite: throttles, refresh across schools, demo mode, the outbox and edge cases of files. */
describe('accounts: sessions, throttles, outbox', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const userOf = async (login: string, tenantId = 1) =>
    (
      await api.db
        .select()
        .from(users)
        .where(and(eq(users.tenant_id, tenantId), eq(users.login, login)))
    )[0];

  it('locks a username after 5 failures with retry_after, even for the right password, and only for that key', async () => {
    const from = { remoteAddress: '10.1.1.1' };
    for (let i = 0; i < 5; i++) {
      const r = await api.call({ method: 'POST', url: '/api/token', ...from, payload: { ...CLIENT, username: 'admin', password: `bad-pass-${i}` } });
      expect(r.json().name).toBe('ERROR_PASS');
    }
    const locked = await api.call({ method: 'POST', url: '/api/token', ...from, payload: { ...CLIENT, username: 'ADMIN', password: 'Demo12345' } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().name).toBe('TOO_MANY_ATTEMPTS');
    expect(locked.json().variables.retry_after).toBeGreaterThan(800);
    expect(locked.json().variables.retry_after).toBeLessThanOrEqual(900);
    // another address, another school and another username are not locked
    expect((await api.call({ method: 'POST', url: '/api/token', remoteAddress: '10.1.1.2', payload: { ...CLIENT, username: 'admin', password: 'Demo12345' } })).statusCode).toBe(200);
    expect((await api.call({ method: 'POST', url: '/api/token', ...from, tenant: 'north', payload: { ...CLIENT, username: 'admin', password: 'Demo12345' } })).statusCode).toBe(200);
    expect((await api.call({ method: 'POST', url: '/api/token', ...from, payload: { ...CLIENT, username: 'trainer', password: 'Demo12345' } })).statusCode).toBe(200);
  });

  it('refuses a refresh token of another school, a missing one, and refreshes of a blocked user', async () => {
    const north = (await api.call({ method: 'POST', url: '/api/token', tenant: 'north', payload: { ...CLIENT, username: 'student', password: 'Demo12345' } })).json();
    const cross = await api.call({ method: 'POST', url: '/api/token', tenant: 'demo', payload: { ...REFRESH, refresh_token: north.refresh_token } });
    expect(cross.statusCode).toBe(401);
    expect(cross.json().name).toBe('NOT_AUTHORIZED');
    // the north session still works in north
    expect((await api.call({ method: 'POST', url: '/api/token', tenant: 'north', payload: { ...REFRESH, refresh_token: north.refresh_token } })).statusCode).toBe(200);
    // two simultaneous refreshes with the same token: exactly one wins
    const pairB = (await api.call({ method: 'POST', url: '/api/token', payload: { ...CLIENT, username: 'student', password: 'Demo12345' } })).json();
    const race = await Promise.all([1, 2].map(() => api.call({ method: 'POST', url: '/api/token', payload: { ...REFRESH, refresh_token: pairB.refresh_token } })));
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const missing = await api.call({ method: 'POST', url: '/api/token', payload: REFRESH });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toContain('refresh_token');
    const hash = (await userOf('admin')).password_hash;
    const [u] = await api.db.insert(users).values({ tenant_id: 1, login: 'willblock', email: 'wb@demo.test', password_hash: hash }).returning();
    const pair = (await api.call({ method: 'POST', url: '/api/token', payload: { ...CLIENT, username: 'willblock', password: 'Demo12345' } })).json();
    await api.db.update(users).set({ is_blocked: true }).where(eq(users.id, u.id));
    const blocked = await api.call({ method: 'POST', url: '/api/token', payload: { ...REFRESH, refresh_token: pair.refresh_token } });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().name).toBe('ERROR_BLOCK');
    expect((await api.call({ method: 'GET', url: '/api/user', token: pair.access_token })).json().name).toBe('ERROR_BLOCK');
  });

  it('refuses a password change in demo mode and leaves the password alone', async () => {
    const admin = await userOf('admin');
    const student = await userOf('student');
    const demo = await issueTokens(api.app.schoolDb(1), student.id, { actorId: admin.id });
    const res = await api.call({
      method: 'PUT',
      url: '/api/changePassword',
      token: demo.access_token,
      headers: { demo: '1' },
      payload: { old_password: 'Demo12345', password: 'Hacked1234', confirm_password: 'Hacked1234' },
    });
    expect(res.statusCode).toBe(403);
    await api.login('student', 'demo', 'Demo12345');
    const missing = await api.call({ method: 'PUT', url: '/api/changePassword', token: await api.login('student'), payload: { password: 'Hacked1234' } });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toContain('old_password');
  });

  it("writes the reset mail into the outbox in Russian with the school's own link when no SMTP is set", async () => {
    const res = await api.call({
      method: 'POST',
      url: '/api/user/sendLinkResetPassword',
      tenant: 'north',
      remoteAddress: '10.2.2.2',
      headers: { origin: 'http://evil.example.com' },
      payload: { email: 'Trainer@North.test' },
    });
    expect(res.statusCode).toBe(200);
    const dir = join(api.config.dataDir, 'outbox', 'north');
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files.length).toBe(1);
    const eml = readFileSync(join(dir, files[0]), 'utf8');
    expect(eml).toMatch(/^To: trainer@north\.test$/m);
    expect(eml).toMatch(/^Subject: =\?UTF-8\?/m); // the Russian subject is encoded
    const body = decodeMail(eml);
    expect(body).toContain('пароль');
    expect(body).toContain(`http://north.localhost:${api.config.webPort}/reset_password/`);
    expect(body).toMatch(/<a href="http:\/\/north\.localhost:\d+\/reset_password\/[A-Za-z0-9_-]+">Задать новый пароль<\/a>/);
    const token = /reset_password\/([A-Za-z0-9_-]+)/.exec(body)![1];
    // a live session is signed out by the reset
    const session = await api.login('trainer', 'north');
    const ok = await api.call({ method: 'POST', url: `/api/user/resetPassword/${token}`, tenant: 'north', payload: { password: 'NorthNew123', confirm_password: 'NorthNew123' } });
    expect(ok.statusCode).toBe(200);
    expect((await api.call({ method: 'GET', url: '/api/user', token: session, tenant: 'north' })).statusCode).toBe(401);
    await api.login('trainer', 'north', 'NorthNew123');
    // the demo trainer keeps the old password
    await api.login('trainer', 'demo', 'Demo12345');
  });

  it("answers 503 ERROR_SEND_MAIL when the school's SMTP server is down, keeping the message in the outbox", async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    await api.db.insert(settings).values({ tenant_id: 1, key: 'email', value: { host: '127.0.0.1', port, encryption: 'none', from_address: 'school@demo.test' } });
    const res = await api.call({ method: 'POST', url: '/api/user/sendLinkResetPassword', remoteAddress: '10.4.4.4', payload: { email: 'student@demo.test' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().name).toBe('ERROR_SEND_MAIL');
    const files = readdirSync(join(api.config.dataDir, 'outbox', 'demo'));
    expect(files.length).toBe(1);
    await api.db.delete(settings).where(and(eq(settings.tenant_id, 1), eq(settings.key, 'email')));
  });

  it('refuses an expired reset link and a short new password', async () => {
    const u = await userOf('moderator');
    await api.db.insert(passwordResets).values({ tenant_id: 1, user_id: u.id, token_hash: sha256('expired-token-1'), expires_at: new Date(Date.now() - 1000) });
    const expired = await api.call({ method: 'POST', url: '/api/user/resetPassword/expired-token-1', payload: { password: 'Fresh12345', confirm_password: 'Fresh12345' } });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().name).toBe('NOT_FOUND_TOKEN');
    await api.db.insert(passwordResets).values({ tenant_id: 1, user_id: u.id, token_hash: sha256('live-token-1'), expires_at: new Date(Date.now() + 60_000) });
    const short = await api.call({ method: 'POST', url: '/api/user/resetPassword/live-token-1', payload: { password: 'short', confirm_password: 'short' } });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['validation.password']);
    await api.login('moderator', 'demo', 'Demo12345');
  });

  it('lets only one of several simultaneous requests use a reset link', async () => {
    // on PostgreSQL (a pool of connections) the requests really interleave; PGlite runs them one after another
    const u = await userOf('moderator');
    await api.db.insert(passwordResets).values({ tenant_id: 1, user_id: u.id, token_hash: sha256('race-token-1'), expires_at: new Date(Date.now() + 60_000) });
    const passwords = ['RaceFirst123', 'RaceSecond123', 'RaceThird123', 'RaceFourth123'];
    const answers = await Promise.all(passwords.map((password) => api.call({ method: 'POST', url: '/api/user/resetPassword/race-token-1', payload: { password, confirm_password: password } })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404, 404, 404]);
    const winner = passwords[answers.findIndex((r) => r.statusCode === 200)];
    for (const loser of passwords.filter((p) => p !== winner))
      expect((await api.call({ method: 'POST', url: '/api/token', remoteAddress: '10.9.9.9', payload: { ...CLIENT, username: 'moderator', password: loser } })).json().name).toBe('ERROR_PASS');
    await api.login('moderator', 'demo', winner);
    await api.db
      .update(users)
      .set({ password_hash: await hashPassword('Demo12345') })
      .where(eq(users.id, u.id));
  });

  it('throttles reset requests per school and address', async () => {
    const from = { remoteAddress: '10.3.3.3' };
    for (let i = 0; i < 5; i++) {
      const r = await api.call({ method: 'POST', url: '/api/user/sendLinkResetPassword', ...from, payload: { email: `ghost${i}@demo.test` } });
      expect(r.statusCode).toBe(404);
    }
    const sixth = await api.call({ method: 'POST', url: '/api/user/sendLinkResetPassword', ...from, payload: { email: 'student@demo.test' } });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().name).toBe('TOO_MANY_ATTEMPTS');
    expect(sixth.json().variables.retry_after).toBeGreaterThan(0);
    const bad = await api.call({ method: 'POST', url: '/api/user/sendLinkResetPassword', remoteAddress: '10.3.3.4', payload: { email: 'not-an-email' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain('email');
  });

  it('answers 404 for an avatar that is not set or missing on disk, and 422 without the file', async () => {
    const token = await api.login('trainer');
    const me = (await api.call({ method: 'GET', url: '/api/user', token })).json().data;
    expect(me.avatar).toBeNull();
    expect((await api.call({ method: 'GET', url: `/api/files/avatar/${me.id}` })).json().name).toBe('NOT_FOUND_FILE');
    await api.db.update(users).set({ avatar: 'avatars/gone.png' }).where(eq(users.id, me.id));
    expect((await api.call({ method: 'GET', url: `/api/files/avatar/${me.id}` })).statusCode).toBe(404);
    await api.db.update(users).set({ avatar: '../../../etc/passwd' }).where(eq(users.id, me.id));
    expect((await api.call({ method: 'GET', url: `/api/files/avatar/${me.id}` })).statusCode).toBe(404);
    const noFile = await api.call({ method: 'POST', url: '/api/user/setAvatar', token, payload: {} });
    expect(noFile.statusCode).toBe(422);
    expect((await api.call({ method: 'POST', url: '/api/user/setAvatar', payload: {} })).statusCode).toBe(401);
  });

  it('lets a user keep their own e-mail in another case; refuses a north token on PUT /api/user in demo', async () => {
    const token = await api.login('student');
    const same = await api.call({ method: 'PUT', url: '/api/user', token, payload: { email: 'Student@Demo.test' } });
    expect(same.statusCode).toBe(200);
    expect(same.json().data.email).toBe('Student@Demo.test');
    const north = await api.login('student', 'north');
    const cross = await api.call({ method: 'PUT', url: '/api/user', token: north, tenant: 'demo', payload: { hobby: 'crossing' } });
    expect(cross.statusCode).toBe(401);
    expect((await userOf('student')).hobby).not.toBe('crossing');
  });

  it('registers with 422 naming the missing fields and a bad login', async () => {
    const res = await api.call({ method: 'POST', url: '/api/register', payload: { login: 'a b', email: 'x@demo.test' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['login', 'password', 'name', 'surname']));
    const mismatch = await api.call({
      method: 'POST',
      url: '/api/register',
      payload: { login: 'newer', email: 'newer@demo.test', password: 'Secret123', confirm_password: 'Secret124', name: 'A', surname: 'B' },
    });
    expect(mismatch.json().errors.confirm_password).toEqual(['validation.passwords_match']);
    const usedLogin = await api.call({
      method: 'POST',
      url: '/api/register',
      payload: { login: 'STUDENT', email: 'fresh@demo.test', password: 'Secret123', confirm_password: 'Secret123', name: 'A', surname: 'B' },
    });
    expect(usedLogin.statusCode).toBe(409);
    expect(usedLogin.json().name).toBe('USER_EMAIL_ISSET');
  });

  it('fills reference data once, whatever the number of starts', async () => {
    const before = (await api.db.select({ n: count() }).from(countries))[0].n;
    const beforeCities = (await api.db.select({ n: count() }).from(cities))[0].n;
    await seedReferenceData(api.db);
    expect((await api.db.select({ n: count() }).from(countries))[0].n).toBe(before);
    expect((await api.db.select({ n: count() }).from(cities))[0].n).toBe(beforeCities);
    const codes = (await api.db.select({ code: countries.code }).from(countries)).map((r) => r.code);
    for (const c of ['RU', 'KZ', 'US', 'DE', 'CN', 'BR']) expect(codes).toContain(c);
    for (const c of ['EU', 'UN', 'EZ', 'QO', 'XA', 'XB', 'ZZ', 'SU', 'UK', 'DD', 'YU', 'ZR']) expect(codes).not.toContain(c);
    const titles = (await api.db.select({ t: countries.title_en }).from(countries)).map((r) => r.t);
    expect(new Set(titles).size).toBe(titles.length); // one Russia, one Germany, …
    expect(codes.length).toBeGreaterThanOrEqual(240);
    expect(codes.length).toBeLessThanOrEqual(249);
  });

  it('accepts a real country and one of its cities, refuses unknown ones and a city of another country', async () => {
    const token = await api.login('student');
    const [ru] = await api.db.select().from(countries).where(eq(countries.code, 'RU'));
    const [kz] = await api.db.select().from(countries).where(eq(countries.code, 'KZ'));
    const [kazan] = await api.db.select().from(cities).where(eq(cities.title_en, 'Kazan'));
    const ok = await api.call({ method: 'PUT', url: '/api/user', token, payload: { country_id: ru.id, city_id: kazan.id } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ country_id: ru.id, city_id: kazan.id });
    const wrongCity = await api.call({ method: 'PUT', url: '/api/user', token, payload: { country_id: kz.id, city_id: kazan.id } });
    expect(wrongCity.statusCode).toBe(422);
    expect(wrongCity.json().errors.city_id).toEqual(['validation.choice']);
    expect((await api.call({ method: 'PUT', url: '/api/user', token, payload: { country_id: 99999 } })).json().errors.country_id).toEqual(['validation.choice']);
    expect((await api.call({ method: 'PUT', url: '/api/user', token, payload: { city_id: 99999 } })).json().errors.city_id).toEqual(['validation.choice']);
    // moving to another country drops the old city
    const moved = await api.call({ method: 'PUT', url: '/api/user', token, payload: { country_id: kz.id } });
    expect(moved.json().data).toMatchObject({ country_id: kz.id, city_id: null });
  });
});
