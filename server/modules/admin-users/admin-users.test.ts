import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { cities, demoAudit, events, tokens, users } from '../../db/schema/index.ts';

describe('/admin/user', () => {
  let api: TestApi;
  let admin: string;
  let moderator: string;
  let student: string;
  let northAdmin: string;
  const idOf = (login: string, tenantId = 1) => api.userId(login, tenantId);

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    moderator = await api.login('moderator');
    student = await api.login('student');
    northAdmin = await api.login('admin', 'north');
  });
  afterAll(() => api.close());

  it('lists users with search, filters, sorting and pages', async () => {
    const res = await api.call({ method: 'GET', url: '/admin/user?per_page=2&page=1&sort=login&order=asc', token: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // the demo school: one user per role and three networking members (server/modules/networking/seed.ts)
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 2, total: 8, last_page: 4, from: 1, to: 2 });
    expect(body.data.map((u: { login: string }) => u.login)).toEqual(['admin', 'dmitry.volkov']);
    expect(body.data[0].password_hash).toBeUndefined();
    const search = await api.call({ method: 'GET', url: `/admin/user?q=${encodeURIComponent('Студентов')}`, token: moderator });
    expect(search.json().data.map((u: { login: string }) => u.login)).toEqual(['student']);
    const role = await api.call({ method: 'GET', url: '/admin/user?filter[role]=trainer', token: admin });
    expect(role.json().data.map((u: { login: string }) => u.login)).toEqual(['trainer']);
    const bad = await api.call({ method: 'GET', url: '/admin/user?per_page=1000', token: admin });
    expect(bad.statusCode).toBe(422);
  });

  it('refuses students and trainers, and tokens of another school', async () => {
    expect((await api.call({ method: 'GET', url: '/admin/user', token: student })).json().name).toBe('ERROR_ACCESS');
    expect((await api.call({ method: 'GET', url: '/admin/user', token: await api.login('trainer') })).statusCode).toBe(403);
    expect((await api.call({ method: 'GET', url: '/admin/user', token: northAdmin })).statusCode).toBe(401);
    const north = await api.call({ method: 'GET', url: '/admin/user', token: northAdmin, tenant: 'north' });
    expect(north.json().data.every((u: { email: string }) => u.email.endsWith('@north.test'))).toBe(true);
  });

  it('creates and edits a user with every field; dates reformatted', async () => {
    const res = await api.call({
      method: 'POST',
      url: '/admin/user',
      token: admin,
      payload: { login: 'ivanov', email: 'ivanov@demo.test', password: 'Start12345', name: 'Иван', surname: 'Иванов', role: 'trainer', birthday_date: '01.02.1985', date_block: '2030-01-01' },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    expect(res.json().data).toMatchObject({ roles: ['trainer'], birthday_date: '1985-02-01', date_block: '2030-01-01' });
    const upd = await api.call({ method: 'PUT', url: `/admin/user/${id}`, token: admin, payload: { insurance_number: '123-456-789 00', patronymic: 'Петрович', role: 'student' } });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ insurance_number: '123-456-789 00', patronymic: 'Петрович', roles: ['student'] });
    await api.login('ivanov', 'demo', 'Start12345');
    const dup = await api.call({ method: 'POST', url: '/admin/user', token: admin, payload: { login: 'ivanov2', email: 'IVANOV@demo.test', password: 'Start12345', name: 'a', surname: 'b' } });
    expect(dup.json().name).toBe('USER_EMAIL_ISSET');
    const badRole = await api.call({ method: 'POST', url: '/admin/user', token: admin, payload: { login: 'x', email: 'x@demo.test', password: 'Start12345', name: 'a', surname: 'b', role: 'god' } });
    expect(badRole.statusCode).toBe(422);
    const mod = await api.call({
      method: 'POST',
      url: '/admin/user',
      token: moderator,
      payload: { login: 'boss', email: 'boss@demo.test', password: 'Start12345', name: 'a', surname: 'b', role: 'admin' },
    });
    expect(mod.statusCode).toBe(403);
  });

  it('accepts an update as form data with _method=PUT', async () => {
    const id = await idOf('trainer');
    const boundary = 'xyz';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="_method"\r\n\r\nPUT\r\n--${boundary}\r\nContent-Disposition: form-data; name="hobby"\r\n\r\nsailing\r\n--${boundary}--\r\n`;
    const res = await api.call({ method: 'POST', url: `/admin/user/${id}`, token: admin, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.hobby).toBe('sailing');
  });

  it("answers 404 for another school's user id, and touches nothing there", async () => {
    const northStudent = await idOf('student', 2);
    expect((await api.call({ method: 'GET', url: `/admin/user/${northStudent}`, token: admin })).json().name).toBe('USER_DOES_NOT_EXIST');
    expect((await api.call({ method: 'PUT', url: `/admin/user/${northStudent}`, token: admin, payload: { hobby: 'x' } })).statusCode).toBe(404);
    expect((await api.call({ method: 'POST', url: '/admin/block/user', token: admin, payload: { users: [northStudent] } })).statusCode).toBe(404);
    expect((await api.call({ method: 'DELETE', url: `/admin/user/${northStudent}`, token: admin })).statusCode).toBe(404);
    const [still] = await api.db.select().from(users).where(eq(users.id, northStudent));
    expect(still.is_blocked).toBe(false);
  });

  it('blocks and unblocks many; a blocked user cannot sign in', async () => {
    const a = (await api.call({ method: 'POST', url: '/admin/user', token: admin, payload: { login: 'blk1', email: 'b1@demo.test', password: 'Start12345', name: 'a', surname: 'b' } })).json().data.id;
    const b = (await api.call({ method: 'POST', url: '/admin/user', token: admin, payload: { login: 'blk2', email: 'b2@demo.test', password: 'Start12345', name: 'a', surname: 'b' } })).json().data.id;
    const tokenB = await api.login('blk2', 'demo', 'Start12345');
    const res = await api.call({ method: 'POST', url: '/admin/block/user', token: moderator, payload: { users: [a, b] } });
    expect(res.json().data.count).toBe(2);
    const denied = await api.call({ method: 'POST', url: '/api/token', payload: { client_id: 'web', client_secret: 'public', grant_type: 'password', username: 'blk1', password: 'Start12345' } });
    expect(denied.json().name).toBe('ERROR_BLOCK');
    expect((await api.call({ method: 'GET', url: '/api/user', token: tokenB })).json().name).toBe('ERROR_BLOCK');
    expect((await api.call({ method: 'POST', url: '/admin/active/user', token: admin, payload: { users: [a, b] } })).json().data.count).toBe(2);
    await api.login('blk1', 'demo', 'Start12345');
    expect((await api.call({ method: 'POST', url: '/admin/block/user', token: admin, payload: { users: [] } })).json().name).toBe('NOT_CHECK_ID_USER');
    expect((await api.call({ method: 'POST', url: '/admin/block/user', token: admin, payload: { users: ['abc'] } })).statusCode).toBe(422);
  });

  it('deletes one and many, never the main administrator; moderators cannot delete', async () => {
    const main = await idOf('superadmin');
    const del = await api.call({ method: 'DELETE', url: `/admin/user/${main}`, token: admin });
    expect(del.statusCode).toBe(409);
    expect(del.json().name).toBe('NOT_ACCESS_DELETE_SUPERADMIN');
    const x = (await api.call({ method: 'POST', url: '/admin/user', token: admin, payload: { login: 'del1', email: 'd1@demo.test', password: 'Start12345', name: 'a', surname: 'b' } })).json().data.id;
    const y = (await api.call({ method: 'POST', url: '/admin/user', token: admin, payload: { login: 'del2', email: 'd2@demo.test', password: 'Start12345', name: 'a', surname: 'b' } })).json().data.id;
    expect((await api.call({ method: 'POST', url: '/admin/delete/user', token: moderator, payload: { users: [x] } })).statusCode).toBe(403);
    expect((await api.call({ method: 'POST', url: '/admin/delete/user', token: admin, payload: { users: [x, main] } })).json().name).toBe('NOT_ACCESS_DELETE_SUPERADMIN');
    expect((await api.call({ method: 'POST', url: '/admin/delete/user', token: admin, payload: { users: [x, y] } })).json().data.count).toBe(2);
    expect((await api.call({ method: 'POST', url: `/admin/user/${x}`, token: admin, payload: { _method: 'DELETE' } })).statusCode).toBe(404);
  });

  it("logs in as a user: demo calls are audited and kept out of the user's activity", async () => {
    const studentId = await idOf('student');
    const before = (await api.db.select().from(users).where(eq(users.id, studentId)))[0].last_login_at;
    const res = await api.call({ method: 'POST', url: `/admin/user/${studentId}/authorization`, token: admin });
    expect(res.statusCode).toBe(200);
    const demo = res.json().access_token;
    expect(res.json().expires_in).toBe(7200);
    const me = await api.call({ method: 'GET', url: '/api/user', token: demo, headers: { demo: '1' } });
    expect(me.json().data.login).toBe('student');
    const audit = await api.db.select().from(demoAudit).where(eq(demoAudit.user_id, studentId));
    expect(audit.length).toBeGreaterThan(0);
    expect(audit[0].actor_id).toBe(await idOf('admin'));
    expect((await api.db.select().from(users).where(eq(users.id, studentId)))[0].last_login_at).toEqual(before);
    expect(
      (await api.call({ method: 'PUT', url: '/api/changePassword', token: demo, payload: { old_password: 'Demo12345', password: 'Other12345', confirm_password: 'Other12345' } })).statusCode,
    ).toBe(403);
    expect((await api.call({ method: 'GET', url: '/admin/user', token: demo })).statusCode).toBe(403);
    const logins = await api.db
      .select()
      .from(events)
      .where(and(eq(events.user_id, studentId), eq(events.kind, 'login')));
    expect(logins.length).toBe(1); // the student's own sign-in in beforeAll, none from demo mode
    expect((await api.call({ method: 'POST', url: `/admin/user/${studentId}/authorization`, token: moderator })).statusCode).toBe(403);
    expect((await api.call({ method: 'POST', url: `/admin/user/${await idOf('superadmin')}/authorization`, token: admin })).statusCode).toBe(403);
    const list = await api.call({ method: 'GET', url: '/admin/demo/audit', token: admin });
    expect(list.json().meta.total).toBeGreaterThan(0);
  });

  it('takes a bulk selection as form data (users[]=…)', async () => {
    const a = (await api.call({ method: 'POST', url: '/admin/user', token: admin, payload: { login: 'frm1', email: 'f1@demo.test', password: 'Start12345', name: 'a', surname: 'b' } })).json().data.id;
    const b = (await api.call({ method: 'POST', url: '/admin/user', token: admin, payload: { login: 'frm2', email: 'f2@demo.test', password: 'Start12345', name: 'a', surname: 'b' } })).json().data.id;
    const boundary = 'bulk';
    const part = (name: string, v: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`;
    const payload = `${part('users[]', String(a))}${part('users[]', String(b))}--${boundary}--\r\n`;
    const res = await api.call({ method: 'POST', url: '/admin/block/user', token: admin, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.count).toBe(2);
    const rows = await api.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, 1), eq(users.is_blocked, true)));
    expect(rows.map((u) => u.login).sort()).toEqual(expect.arrayContaining(['frm1', 'frm2']));
    const del = await api.call({
      method: 'POST',
      url: '/admin/delete/user',
      token: admin,
      payload: `${part('users[]', String(a))}--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(del.json().data.count).toBe(1);
    const blocked = await api.call({ method: 'GET', url: '/admin/user?filter[is_blocked]=1', token: admin });
    expect(blocked.json().data.map((u: { login: string }) => u.login)).toEqual(['frm2']);
    const empty = await api.call({
      method: 'POST',
      url: '/admin/active/user',
      token: admin,
      payload: `${part('_', '')}--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().name).toBe('NOT_CHECK_ID_USER');
    expect((await api.call({ method: 'POST', url: '/admin/delete/user', token: admin, payload: {} })).json().name).toBe('NOT_CHECK_ID_USER');
  });

  it('refuses each role that may not touch a route, and nobody deletes themselves', async () => {
    const trainer = await api.login('trainer');
    const studentId = await idOf('student');
    expect((await api.call({ method: 'GET', url: `/admin/user/${studentId}`, token: student })).statusCode).toBe(403);
    expect((await api.call({ method: 'PUT', url: `/admin/user/${studentId}`, token: trainer, payload: { hobby: 'x' } })).statusCode).toBe(403);
    expect((await api.call({ method: 'POST', url: '/admin/user', token: trainer, payload: { login: 'zz', email: 'zz@demo.test', password: 'Start12345', name: 'a', surname: 'b' } })).statusCode).toBe(
      403,
    );
    expect((await api.call({ method: 'DELETE', url: `/admin/user/${studentId}`, token: moderator })).statusCode).toBe(403);
    expect((await api.call({ method: 'POST', url: '/admin/active/user', token: student, payload: { users: [studentId] } })).statusCode).toBe(403);
    // A moderator manages students and trainers, not admins.
    const adminId = await idOf('admin');
    const up = await api.call({ method: 'PUT', url: `/admin/user/${adminId}`, token: moderator, payload: { hobby: 'x' } });
    expect(up.statusCode).toBe(403);
    expect(up.json().name).toBe('ERROR_ACCESS');
    const self = await api.call({ method: 'DELETE', url: `/admin/user/${adminId}`, token: admin });
    expect(self.statusCode).toBe(409);
    expect((await api.db.select().from(users).where(eq(users.id, adminId))).length).toBe(1);
    // Tokens of another school: 401.
    expect((await api.call({ method: 'DELETE', url: `/admin/user/${studentId}`, token: northAdmin })).statusCode).toBe(401);
    expect((await api.call({ method: 'POST', url: '/admin/delete/user', token: northAdmin, payload: { users: [studentId] } })).statusCode).toBe(401);
  });

  it("shows a person's papers only to those who manage them", async () => {
    const papers = { passport_number: '4510 123456', passport_issued_by: 'ОВД', passport_subdivision_code: '770-001', insurance_number: '123-456-789 00' };
    const [adminId, studentId] = [await idOf('admin'), await idOf('student')];
    await api.db.update(users).set(papers).where(eq(users.id, adminId));
    await api.db.update(users).set(papers).where(eq(users.id, studentId));
    // a moderator manages students, not admins: the admin's papers are withheld, in the list and on the page
    const list = (await api.call({ method: 'GET', url: '/admin/user?per_page=100', token: moderator })).json().data as Record<string, unknown>[];
    expect(list.find((u) => u.id === adminId)).toMatchObject({ passport_number: null, passport_issued_by: null, passport_subdivision_code: null, insurance_number: null, login: 'admin' });
    expect(list.find((u) => u.id === studentId)).toMatchObject(papers);
    expect((await api.call({ method: 'GET', url: `/admin/user/${adminId}`, token: moderator })).json().data).toMatchObject({ passport_number: null, insurance_number: null });
    expect((await api.call({ method: 'GET', url: `/admin/user/${studentId}`, token: moderator })).json().data).toMatchObject(papers);
    // an admin manages both
    expect((await api.call({ method: 'GET', url: `/admin/user/${adminId}`, token: admin })).json().data).toMatchObject(papers);
  });

  it('answers 422 with the field for bad input', async () => {
    const id = await idOf('trainer');
    const put = async (payload: Record<string, unknown>) => api.call({ method: 'PUT', url: `/admin/user/${id}`, token: admin, payload });
    const email = await put({ email: 'not-an-email' });
    expect(email.statusCode).toBe(422);
    expect(Object.keys(email.json().errors)).toContain('email');
    const date = await put({ birthday_date: '31.02.1990' });
    expect(date.statusCode).toBe(422);
    expect(date.json().errors.birthday_date).toBeDefined();
    const country = await put({ country_id: 999999 });
    expect(country.statusCode).toBe(422);
    expect(country.json().errors.country_id).toBeDefined();
    const [city] = await api.db.select().from(cities).limit(1);
    const place = await put({ country_id: city.country_id, city_id: city.id });
    expect(place.statusCode).toBe(200);
    expect(place.json().data).toMatchObject({ country_id: city.country_id, city_id: city.id });
    const pw = await put({ password: 'short' });
    expect(pw.statusCode).toBe(422);
    expect(pw.json().errors.password).toBeDefined();
    const missing = await api.call({ method: 'POST', url: '/admin/user', token: admin, payload: { login: 'nomail', password: 'Start12345', name: 'a', surname: 'b' } });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toContain('email');
    expect((await api.call({ method: 'GET', url: '/admin/user/abc', token: admin })).statusCode).toBe(422);
  });

  it('log in as: who may act as whom, never from demo mode, never across schools', async () => {
    const superadmin = await api.login('superadmin');
    const adminId = await idOf('admin');
    const moderatorId = await idOf('moderator');
    // An admin does not act as another admin; a superadmin does.
    const other = (
      await api.call({ method: 'POST', url: '/admin/user', token: superadmin, payload: { login: 'admin2', email: 'admin2@demo.test', password: 'Start12345', name: 'a', surname: 'b', role: 'admin' } })
    ).json().data.id;
    expect((await api.call({ method: 'POST', url: `/admin/user/${other}/authorization`, token: admin })).statusCode).toBe(403);
    expect((await api.call({ method: 'POST', url: `/admin/user/${adminId}/authorization`, token: admin })).statusCode).toBe(403); // oneself
    const asAdmin = await api.call({ method: 'POST', url: `/admin/user/${adminId}/authorization`, token: superadmin });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toMatchObject({ token_type: 'Bearer', expires_in: 7200 });
    expect(typeof asAdmin.json().refresh_token).toBe('string');
    // The stored token remembers the real actor.
    const demoRows = await api.db
      .select()
      .from(tokens)
      .where(and(eq(tokens.user_id, adminId), eq(tokens.actor_id, await idOf('superadmin'))));
    expect(demoRows.length).toBeGreaterThan(0);
    // From inside demo mode, no further "log in as".
    const demo = asAdmin.json().access_token;
    const nested = await api.call({ method: 'POST', url: `/admin/user/${moderatorId}/authorization`, token: demo, headers: { demo: '1' } });
    expect(nested.statusCode).toBe(403);
    // Another school's user is not found; another school's token is refused.
    expect((await api.call({ method: 'POST', url: `/admin/user/${await idOf('student', 2)}/authorization`, token: admin })).statusCode).toBe(404);
    expect((await api.call({ method: 'POST', url: `/admin/user/${moderatorId}/authorization`, token: northAdmin })).statusCode).toBe(401);
    expect((await api.call({ method: 'POST', url: `/admin/user/${moderatorId}/authorization`, token: student })).statusCode).toBe(403);
  });

  it('lists demo-mode calls with actor and user, only to admins of the school', async () => {
    const studentId = await idOf('student');
    const demo = (await api.call({ method: 'POST', url: `/admin/user/${studentId}/authorization`, token: admin })).json().access_token;
    await api.call({ method: 'GET', url: '/api/user?marker=audit', token: demo, headers: { demo: '1' } });
    const res = await api.call({ method: 'GET', url: `/admin/demo/audit?per_page=100&filter[user_id]=${studentId}`, token: admin });
    expect(res.statusCode).toBe(200);
    const row = res.json().data.find((r: { url: string }) => r.url.includes('marker=audit'));
    expect(row).toMatchObject({ actor_login: 'admin', user_login: 'student', method: 'GET', status: 200 });
    expect(typeof row.created_at).toBe('string');
    expect(res.json().data.every((r: { user_id: number }) => r.user_id === studentId)).toBe(true);
    expect((await api.call({ method: 'GET', url: '/admin/demo/audit', token: moderator })).statusCode).toBe(403);
    expect((await api.call({ method: 'GET', url: '/admin/demo/audit', token: northAdmin })).statusCode).toBe(401);
    const north = await api.call({ method: 'GET', url: '/admin/demo/audit', token: northAdmin, tenant: 'north' });
    expect(north.statusCode).toBe(200);
    expect(north.json().meta.total).toBe(0);
    expect((await api.call({ method: 'GET', url: '/admin/demo/audit?per_page=0', token: admin })).statusCode).toBe(422);
  });
});
