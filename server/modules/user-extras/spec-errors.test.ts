import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { documentTemplates } from '../../db/schema/index.ts';

/**
 * The specification's USER_DOES_NOT_EXIST and ERROR_LANG (issue 29): a missing user where a route names one, and a
 * language other than ru or en where a route takes one. Each refused call changes nothing.
 */
describe('USER_DOES_NOT_EXIST and ERROR_LANG', () => {
  let api: TestApi;
  let admin: string;
  const idOf = (login: string, tenantId = 1) => api.userId(login, tenantId);

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
  });
  afterAll(() => api.close());

  it('a user id that names nobody (or another school’s user) is USER_DOES_NOT_EXIST, in the path or the body', async () => {
    const northStudent = await idOf('student', 2);
    for (const id of [2147483000, northStudent]) {
      const get = await api.call({ method: 'GET', url: `/admin/user/${id}`, token: admin });
      expect([get.statusCode, get.json().name]).toEqual([404, 'USER_DOES_NOT_EXIST']);
      const social = await api.call({ method: 'GET', url: `/admin/user/${id}/social`, token: admin });
      expect([social.statusCode, social.json().name]).toEqual([404, 'USER_DOES_NOT_EXIST']);
      const mail = await api.call({ method: 'POST', url: '/admin/email/sendPassword', token: admin, payload: { user_id: id } });
      expect([mail.statusCode, mail.json().name]).toEqual([404, 'USER_DOES_NOT_EXIST']);
    }
    const act = await api.call({ method: 'GET', url: '/admin/2147483000/getInfoAct', token: admin });
    expect([act.statusCode, act.json().name]).toEqual([404, 'USER_DOES_NOT_EXIST']);
    // the north student still signs in with the old password: nothing was reset
    expect(await api.login('student', 'north')).toBeTruthy();
  });

  it('a language other than ru or en is ERROR_LANG with the field named; nothing is sent or stored', async () => {
    const trainer = await idOf('trainer');
    for (const lang of ['de', 'RU', '', 5]) {
      const res = await api.call({ method: 'POST', url: '/admin/email/sendPassword', token: admin, payload: { user_id: trainer, lang } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ name: 'ERROR_LANG', errors: { lang: ['validation.lang'] } });
    }
    expect(await api.login('trainer')).toBeTruthy(); // the password was not replaced

    const before = (await api.db.select().from(documentTemplates)).length;
    const tpl = await api.call({ method: 'POST', url: '/admin/template', token: admin, payload: { title: 'Fr', body: 'x', lang: 'fr' } });
    expect([tpl.statusCode, tpl.json().name, tpl.json().errors]).toEqual([422, 'ERROR_LANG', { lang: ['validation.lang'] }]);
    expect((await api.db.select().from(documentTemplates)).length).toBe(before);
  });

  it('a bad language beside another bad field is the general validation error, each field with its message', async () => {
    const res = await api.call({ method: 'POST', url: '/admin/template', token: admin, payload: { title: 'x'.repeat(300), body: 'x', lang: 'fr' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().name).toBe('Validation Error');
    expect(res.json().errors.lang).toEqual(['validation.lang']);
    expect(res.json().errors.title).toBeDefined();
  });
});
