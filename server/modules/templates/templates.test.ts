import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { fillTemplate, placeholdersOf } from './placeholders.ts';

describe('placeholders', () => {
  it('finds and fills placeholders, refusing unknown ones and empty values', () => {
    expect(placeholdersOf('{{name}} and {{ hours }} and {{name}}')).toEqual(['name', 'hours']);
    const values = { name: 'Иванов Иван', hours: '72' } as never;
    expect(fillTemplate('Выдан {{ name }}: {{hours}} ч.', values)).toBe('Выдан Иванов Иван: 72 ч.');
    expect(() => fillTemplate('{{salary}}', values)).toThrow(expect.objectContaining({ code: 'ERROR_GENERATION_TEMPLATE', variables: expect.objectContaining({ unknown: '{{salary}}' }) }));
    expect(() => fillTemplate('{{chairman}}', values)).toThrow(expect.objectContaining({ code: 'ERROR_GENERATION_CONFIG', variables: { fields: 'chairman' } }));
  });
});

describe('/admin/template', () => {
  let api: TestApi;
  let admin: string;

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
  }, 180_000); // the machine may be busy: seeding two schools takes a while
  afterAll(() => api?.close(), 60_000);

  it('creates, lists with search and kind filter, edits and deletes a template', async () => {
    const created = await api.call({
      method: 'POST',
      url: '/admin/template',
      token: admin,
      payload: { title: 'Удостоверение о повышении квалификации', body: 'Настоящий диплом выдан {{name_dative}} ({{hours}} ч.)' },
    });
    expect(created.statusCode).toBe(201);
    const t = created.json().data;
    expect(t).toMatchObject({ kind: 'certificate', placeholders: ['name_dative', 'hours'] });
    await api.call({ method: 'POST', url: '/admin/template', token: admin, payload: { title: 'Справка', kind: 'document', body: 'Справка для {{name}}' } });
    const found = (await api.call({ method: 'GET', url: `/admin/template?q=${encodeURIComponent('повышении')}`, token: admin })).json();
    expect(found.data.map((x: { id: number }) => x.id)).toEqual([t.id]);
    const docs = (await api.call({ method: 'GET', url: '/admin/template?filter[kind]=document&sort=title&order=asc', token: admin })).json();
    expect(docs.data.map((x: { title: string }) => x.title)).toEqual(['Справка']); // the seeded diploma template is a certificate
    const edited = await api.call({ method: 'PUT', url: `/admin/template/${t.id}`, token: admin, payload: { body: '{{name}}, {{program}}, {{registration_number}}, {{date}}' } });
    expect(edited.json().data.placeholders).toEqual(['name', 'program', 'registration_number', 'date']);
    expect((await api.call({ method: 'GET', url: '/admin/template/placeholders', token: admin })).json().data).toContain('{{name_genitive}}');
    expect((await api.call({ method: 'DELETE', url: `/admin/template/${t.id}`, token: admin })).statusCode).toBe(200);
    expect((await api.call({ method: 'GET', url: `/admin/template/${t.id}`, token: admin })).json().name).toBe('NOT_FOUND_TEMPLATE');
  });

  it('refuses unknown placeholders and bad input', async () => {
    const unknown = await api.call({ method: 'POST', url: '/admin/template', token: admin, payload: { title: 'T', body: 'Hello {{nmae}}' } });
    expect([unknown.statusCode, unknown.json().name, unknown.json().variables.unknown]).toEqual([422, 'ERROR_GENERATION_TEMPLATE', '{{nmae}}']);
    const t = (await api.call({ method: 'POST', url: '/admin/template', token: admin, payload: { title: 'T', body: '{{name}}' } })).json().data;
    expect((await api.call({ method: 'PUT', url: `/admin/template/${t.id}`, token: admin, payload: { body: '{{ salary }}' } })).json().name).toBe('ERROR_GENERATION_TEMPLATE');
    expect((await api.call({ method: 'POST', url: '/admin/template', token: admin, payload: { title: '', body: 'x' } })).json().errors).toHaveProperty('title');
    expect((await api.call({ method: 'POST', url: '/admin/template', token: admin, payload: { title: 'x', body: 'x', kind: 'poster' } })).json().errors).toHaveProperty('kind');
    expect((await api.call({ method: 'POST', url: '/admin/template', token: admin, payload: { title: 'x' } })).json().errors).toHaveProperty('body');
  });

  it('is for admins and superadmins of the school only', async () => {
    const t = (await api.call({ method: 'POST', url: '/admin/template', token: admin, payload: { title: 'Ours', body: '{{name}}' } })).json().data;
    expect((await api.call({ method: 'GET', url: '/admin/template', token: await api.login('superadmin') })).statusCode).toBe(200);
    for (const role of ['student', 'trainer', 'moderator']) {
      const token = await api.login(role);
      expect((await api.call({ method: 'GET', url: '/admin/template', token })).statusCode, role).toBe(403);
      expect((await api.call({ method: 'POST', url: '/admin/template', token, payload: { title: 'x', body: 'x' } })).statusCode, role).toBe(403);
      expect((await api.call({ method: 'PUT', url: `/admin/template/${t.id}`, token, payload: { title: 'x' } })).statusCode, role).toBe(403);
      expect((await api.call({ method: 'DELETE', url: `/admin/template/${t.id}`, token })).statusCode, role).toBe(403);
    }
    const north = await api.login('admin', 'north');
    for (const [method, payload] of [['GET'], ['PUT', { title: 'x' }], ['DELETE']] as const) {
      const res = await api.call({ method, url: `/admin/template/${t.id}`, token: north, tenant: 'north', payload });
      expect([res.statusCode, res.json().name], method).toEqual([404, 'NOT_FOUND_TEMPLATE']);
    }
  });
});
