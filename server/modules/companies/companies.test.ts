import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { multipart } from '../../test/forms.ts';
import { and, eq } from 'drizzle-orm';
import { prices } from '../../db/schema/index.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const full = {
  title: 'Бизнес-школа',
  full_name: 'Автономная некоммерческая организация «Бизнес-школа»',
  short_name: 'АНО «БШ»',
  inn: '7701234567',
  kpp: '770101001',
  ogrn: '1027700132195',
  legal_address: 'Москва, ул. Тверская, 1',
  postal_address: 'Москва, а/я 10',
  phone: '+7 495 000-00-00',
  email: 'office@school.test',
  bank: 'ПАО Сбербанк',
  bik: '044525225',
  swift: 'SABRRUMM',
  account: '40703810900000000001',
  corr_account: '30101810400000000225',
  payment_link: 'https://pay.example.test/school',
  qr_login: 'qr-user',
  qr_password: 'qr-secret',
  qr_commission: 1.5,
  director: 'Петров П. П.',
  accountant: 'Сидорова С. С.',
};

describe('/admin/company', () => {
  let api: TestApi;
  let admin: string;

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
  }, 180_000); // the machine may be busy: seeding two schools takes a while
  afterAll(() => api?.close(), 60_000);

  it('creates a company with every field, hides the QR password, lists, searches, edits and deletes it', async () => {
    const created = await api.call({ method: 'POST', url: '/admin/company', token: admin, payload: full });
    expect(created.statusCode).toBe(201);
    const c = created.json().data;
    const { qr_password: _secret, ...visible } = full;
    expect(c).toMatchObject({ ...visible, qr_password_set: true, stamp: null, is_default: false });
    expect(c).not.toHaveProperty('qr_password');
    const list = (await api.call({ method: 'GET', url: '/admin/company?q=7701234567', token: admin })).json();
    expect(list.data.map((x: { id: number }) => x.id)).toEqual([c.id]);
    expect(list.meta.total).toBe(1);
    expect((await api.call({ method: 'GET', url: '/admin/company?q=nothing-like-this', token: admin })).json().data).toEqual([]);

    const edited = await api.call({ method: 'PUT', url: `/admin/company/${c.id}`, token: admin, payload: { bank: 'АО Банк', qr_password: '', kpp: '' } });
    expect(edited.json().data).toMatchObject({ bank: 'АО Банк', kpp: null, qr_password_set: true }); // an empty password keeps the stored one
    expect((await api.call({ method: 'GET', url: `/admin/company/${c.id}`, token: admin })).json().data.bank).toBe('АО Банк');
    expect((await api.call({ method: 'DELETE', url: `/admin/company/${c.id}`, token: admin })).statusCode).toBe(200);
    expect((await api.call({ method: 'GET', url: `/admin/company/${c.id}`, token: admin })).json().name).toBe('NOT_FOUND_COMPANY');
  });

  it('refuses bad input with the field named', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [{ title: 'X', inn: '123' }, 'inn'],
      [{ title: 'X', bik: '04452522' }, 'bik'],
      [{ title: 'X', corr_account: '3010' }, 'corr_account'],
      [{ title: 'X', swift: 'SB' }, 'swift'],
      [{ title: 'X', email: 'not-mail' }, 'email'],
      [{ title: 'X', payment_link: 'javascript:alert(1)' }, 'payment_link'],
      [{ title: 'X', qr_commission: 120 }, 'qr_commission'],
    ];
    for (const [payload, field] of cases) {
      const res = await api.call({ method: 'POST', url: '/admin/company', token: admin, payload });
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().errors), field).toContain(field);
    }
  });

  it('takes the stamp as an image in form data, serves it by its URL, replaces and removes it', async () => {
    const form = multipart({ title: 'Со штампом', inn: '7701234567', stamp: { name: 'stamp.png', data: PNG, type: 'image/png' } });
    const res = await api.call({ method: 'POST', url: '/admin/company', token: admin, ...form });
    expect(res.statusCode).toBe(201);
    const c = res.json().data;
    expect(c.stamp).toMatch(new RegExp(`^/api/files/company/${c.id}/stamp\\?domain=demo&key=[0-9a-f-]{36}$`));
    const img = await api.call({ method: 'GET', url: c.stamp }); // no token: an <img> cannot send one
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect((await api.call({ method: 'GET', url: c.stamp.replace(/key=[^&]+/, 'key=guess') })).statusCode).toBe(404);

    const notImage = multipart({ _method: 'PUT', stamp: { name: 'stamp.png', data: Buffer.from('not an image'), type: 'image/png' } });
    expect((await api.call({ method: 'POST', url: `/admin/company/${c.id}`, token: admin, ...notImage })).json().name).toBe('ERROR_EXT_TYPE');
    const big = multipart({ _method: 'PUT', stamp: { name: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]), type: 'image/png' } });
    const tooBig = await api.call({ method: 'POST', url: `/admin/company/${c.id}`, token: admin, ...big });
    expect([tooBig.statusCode, tooBig.json().name]).toEqual([413, 'ERROR_MAX_SIZE_5']);

    const again = multipart({ _method: 'PUT', title: 'Новый штамп', stamp: { name: 'stamp2.png', data: PNG, type: 'image/png' } });
    const replaced = (await api.call({ method: 'POST', url: `/admin/company/${c.id}`, token: admin, ...again })).json().data;
    expect(replaced.title).toBe('Новый штамп');
    expect(replaced.stamp).not.toBe(c.stamp);
    expect((await api.call({ method: 'GET', url: c.stamp })).statusCode).toBe(404); // the old file is gone
    const removed = (await api.call({ method: 'PUT', url: `/admin/company/${c.id}`, token: admin, payload: { stamp: null } })).json().data;
    expect(removed.stamp).toBeNull();
  });

  it('edits one field on many companies at once; one default company per school', async () => {
    const a = (await api.call({ method: 'POST', url: '/admin/company', token: admin, payload: { title: 'A', is_default: true } })).json().data;
    const b = (await api.call({ method: 'POST', url: '/admin/company', token: admin, payload: { title: 'B', is_default: true } })).json().data;
    expect((await api.call({ method: 'GET', url: `/admin/company/${a.id}`, token: admin })).json().data.is_default).toBe(false);
    const many = await api.call({ method: 'PUT', url: '/admin/company/many', token: admin, payload: { ids: [a.id, b.id], bank: 'Общий банк', director: 'Иванов И. И.' } });
    expect(many.json().data).toEqual({ count: 2, ids: expect.arrayContaining([a.id, b.id]) });
    for (const id of [a.id, b.id]) expect((await api.call({ method: 'GET', url: `/admin/company/${id}`, token: admin })).json().data).toMatchObject({ bank: 'Общий банк', director: 'Иванов И. И.' });
    // also as the back office's form-data twin
    const twin = await api.call({ method: 'POST', url: '/admin/company/many', token: admin, payload: { _method: 'PUT', ids: [a.id], bank: 'Банк А' } });
    expect(twin.json().data.count).toBe(1);
    expect((await api.call({ method: 'PUT', url: '/admin/company/many', token: admin, payload: { ids: [], bank: 'x' } })).json().name).toBe('NOT_CHECK_ID_COMPANY');
    expect((await api.call({ method: 'PUT', url: '/admin/company/many', token: admin, payload: { ids: [a.id], inn: '1' } })).statusCode).toBe(422);
    expect((await api.call({ method: 'PUT', url: '/admin/company/many', token: admin, payload: { ids: [a.id], is_default: true } })).statusCode).toBe(422);

    const north = await api.login('admin', 'north');
    const northCo = (await api.call({ method: 'POST', url: '/admin/company', token: north, tenant: 'north', payload: { title: 'North' } })).json().data;
    const cross = await api.call({ method: 'PUT', url: '/admin/company/many', token: admin, payload: { ids: [a.id, northCo.id], bank: 'Чужой' } });
    expect([cross.statusCode, cross.json().name]).toEqual([404, 'NOT_FOUND_COMPANY']);
    expect((await api.call({ method: 'GET', url: `/admin/company/${a.id}`, token: admin })).json().data.bank).toBe('Банк А'); // nothing changed
    expect((await api.call({ method: 'GET', url: `/admin/company/${northCo.id}`, token: north, tenant: 'north' })).json().data.bank).toBeNull();
  });

  it("puts the school's default company on the student's invoice", async () => {
    const [price] = await api.db
      .select()
      .from(prices)
      .where(and(eq(prices.tenant_id, 1), eq(prices.format, 'blended')));
    await api.call({ method: 'POST', url: '/admin/company', token: admin, payload: { title: 'Acme', full_name: 'Acme Business School LLC', inn: '7701234567', is_default: true } });
    const student = await api.login('student');
    const res = await api.call({ method: 'GET', url: `/api/document/generation/schet?program_store=${price.id}&format=blended&curr=RUB`, token: student });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString('latin1')).toContain('(Acme Business School LLC)'); // the PDF's author: the payee
  });

  it('is for admins and superadmins of the school only', async () => {
    const c = (await api.call({ method: 'POST', url: '/admin/company', token: admin, payload: { title: 'Only ours' } })).json().data;
    expect((await api.call({ method: 'GET', url: '/admin/company', token: await api.login('superadmin') })).statusCode).toBe(200);
    for (const role of ['student', 'trainer', 'moderator']) {
      const token = await api.login(role);
      expect((await api.call({ method: 'GET', url: '/admin/company', token })).statusCode, role).toBe(403);
      expect((await api.call({ method: 'POST', url: '/admin/company', token, payload: { title: 'x' } })).statusCode, role).toBe(403);
      expect((await api.call({ method: 'PUT', url: `/admin/company/${c.id}`, token, payload: { title: 'x' } })).statusCode, role).toBe(403);
      expect((await api.call({ method: 'PUT', url: '/admin/company/many', token, payload: { ids: [c.id], title: 'x' } })).statusCode, role).toBe(403);
      expect((await api.call({ method: 'DELETE', url: `/admin/company/${c.id}`, token })).statusCode, role).toBe(403);
    }
    expect((await api.call({ method: 'GET', url: '/admin/company' })).statusCode).toBe(401);
    const north = await api.login('admin', 'north');
    for (const [method, payload] of [['GET'], ['PUT', { title: 'x' }], ['DELETE']] as const) {
      const res = await api.call({ method, url: `/admin/company/${c.id}`, token: north, tenant: 'north', payload });
      expect([res.statusCode, res.json().name], method).toEqual([404, 'NOT_FOUND_COMPANY']);
    }
    expect((await api.call({ method: 'GET', url: '/admin/company', token: north, tenant: 'north' })).json().data.map((x: { title: string }) => x.title)).not.toContain('Only ours');
  });
});
