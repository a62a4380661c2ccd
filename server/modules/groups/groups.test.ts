import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { groups, users } from '../../db/schema/index.ts';

describe('/admin/group', () => {
  let api: TestApi;
  let admin: string;
  const userId = async (login: string, tenantId = 1) =>
    (
      await api.db
        .select()
        .from(users)
        .where(and(eq(users.login, login), eq(users.tenant_id, tenantId)))
    )[0].id;

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
  });
  afterAll(() => api.close());

  it('creates, lists, renames and deletes a group; refuses other roles and schools', async () => {
    const created = await api.call({ method: 'POST', url: '/admin/group', token: admin, payload: { title: 'EMBA-2027' } });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const list = (await api.call({ method: 'GET', url: '/admin/group?q=EMBA', token: admin })).json();
    expect(list.data).toEqual([expect.objectContaining({ title: 'EMBA-2027', users_count: 0 })]);
    expect((await api.call({ method: 'PUT', url: `/admin/group/${id}`, token: admin, payload: { title: 'EMBA-27' } })).json().data.title).toBe('EMBA-27');
    expect((await api.call({ method: 'PUT', url: `/admin/group/${id}`, token: admin, payload: { title: '' } })).statusCode).toBe(422);
    expect((await api.call({ method: 'GET', url: '/admin/group', token: await api.login('student') })).statusCode).toBe(403);
    const moderator = await api.login('moderator');
    expect((await api.call({ method: 'GET', url: '/admin/group', token: moderator })).statusCode).toBe(200); // to address mail
    expect((await api.call({ method: 'POST', url: '/admin/group', token: moderator, payload: { title: 'Curated' } })).statusCode).toBe(403);
    expect((await api.call({ method: 'PUT', url: `/admin/group/${id}`, token: moderator, payload: { title: 'Curated' } })).statusCode).toBe(403);
    expect((await api.call({ method: 'GET', url: `/admin/group/${id}`, token: await api.login('admin', 'north'), tenant: 'north' })).json().name).toBe('NOT_FOUND_GROUP');
    expect((await api.call({ method: 'DELETE', url: `/admin/group/${id}`, token: admin })).statusCode).toBe(200);
  });

  it('adds users by selection and by e-mails (reporting unknown ones), removes one', async () => {
    const id = (await api.call({ method: 'POST', url: '/admin/group', token: admin, payload: { title: 'Cohort' } })).json().data.id;
    const sel = await api.call({ method: 'POST', url: `/admin/group/${id}/setUser`, token: admin, payload: { users: [await userId('trainer'), await userId('student', 2)] } });
    expect(sel.json().data.added).toBe(1); // the north student is not ours
    expect((await api.call({ method: 'POST', url: `/admin/group/${id}/setUser`, token: admin, payload: { users: [] } })).json().name).toBe('NOT_CHECK_ID_USER');
    const byMail = await api.call({ method: 'POST', url: `/admin/group/${id}/setUsers`, token: admin, payload: { emails: 'STUDENT@demo.test, ghost@demo.test\nstudent@north.test' } });
    expect(byMail.json().data).toMatchObject({ added: 1, unknown: ['ghost@demo.test', 'student@north.test'] });
    expect(
      byMail
        .json()
        .data.group.users.map((u: { login: string }) => u.login)
        .sort(),
    ).toEqual(['student', 'trainer']);
    expect((await api.call({ method: 'POST', url: `/admin/group/${id}/setUsers`, token: admin, payload: { emails: ' ' } })).json().name).toBe('NO_EMAILS');
    const detached = await api.call({ method: 'POST', url: `/admin/group/${id}/detachUser`, token: admin, payload: { user_id: await userId('trainer') } });
    expect(detached.json().data.users.map((u: { login: string }) => u.login)).toEqual(['student']);
    expect((await api.call({ method: 'POST', url: `/admin/group/${id}/detachUser`, token: admin, payload: { user_id: await userId('trainer') } })).statusCode).toBe(404);
  });

  it('refuses to delete a group that has access to a program', async () => {
    const [mba] = await api.db
      .select()
      .from(groups)
      .where(and(eq(groups.tenant_id, 1), eq(groups.title, 'MBA-2026')));
    const res = await api.call({ method: 'DELETE', url: `/admin/group/${mba.id}`, token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().name).toBe('GROUP_HAS_ACCESS');
  });
});
