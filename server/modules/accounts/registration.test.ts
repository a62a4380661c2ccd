import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/harness.ts';

describe('self-registration: only where the school accepts sign-ups', () => {
  let api: TestApi;
  let admin: string;
  const body = (login: string) => ({ login, email: `${login}@mail.test`, password: 'Secret123', confirm_password: 'Secret123', name: 'Анна', surname: 'Новикова' });

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
  });
  afterAll(() => api.close());

  it('is open in the demo schools; an admin closes it (sign-up refused 403) and opens it again; the other school is apart', async () => {
    expect((await api.call({ method: 'GET', url: '/api/register' })).json().data).toEqual({ open: true });
    expect((await api.call({ method: 'GET', url: '/admin/setting/registration', token: admin })).json().data).toEqual({ open: true });
    const closed = await api.call({ method: 'PUT', url: '/admin/setting/registration', token: admin, payload: { open: false } });
    expect(closed.json().data).toEqual({ open: false });
    try {
      expect((await api.call({ method: 'GET', url: '/api/register' })).json().data).toEqual({ open: false });
      const refused = await api.call({ method: 'POST', url: '/api/register', payload: body('closedreg') });
      expect([refused.statusCode, refused.json().name]).toEqual([403, 'ERROR_ACCESS']);
      // the other school keeps its own setting
      expect((await api.call({ method: 'GET', url: '/api/register', tenant: 'north' })).json().data).toEqual({ open: true });
      expect((await api.call({ method: 'POST', url: '/api/register', tenant: 'north', payload: body('northreg') })).statusCode).toBe(201);
    } finally {
      await api.call({ method: 'PUT', url: '/admin/setting/registration', token: admin, payload: { open: true } });
    }
    expect((await api.call({ method: 'POST', url: '/api/register', payload: body('openreg') })).statusCode).toBe(201);
  });

  it('lets only admins change the setting; bad input is 422', async () => {
    for (const role of ['trainer', 'moderator', 'student']) {
      const res = await api.call({ method: 'PUT', url: '/admin/setting/registration', token: await api.login(role), payload: { open: false } });
      expect(res.statusCode, role).toBe(403);
    }
    expect((await api.call({ method: 'PUT', url: '/admin/setting/registration', token: admin, payload: { open: 'maybe' } })).statusCode).toBe(422);
    expect((await api.call({ method: 'GET', url: '/admin/setting/registration' })).statusCode).toBe(401);
  });
});
