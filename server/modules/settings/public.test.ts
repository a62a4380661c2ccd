import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { settings } from '../../db/schema/index.ts';
import { setAccessFlag } from './index.ts';

describe('school access, settings and reference lists', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('answers the flags of each school separately', async () => {
    await setAccessFlag(api.app.schoolDb(2), 'rating', false);
    api.app.forgetTenantCaches();
    const demo = (await api.call({ method: 'GET', url: '/api/access' })).json().data;
    expect(demo).toEqual({ networking: { enabled: true }, lifelong_learning: { enabled: true }, rating: { enabled: true }, message: true, payment: true });
    const north = (await api.call({ method: 'GET', url: '/api/access', tenant: 'north' })).json().data;
    expect(north.rating).toEqual({ enabled: false });
  });

  it("answers client settings 13, 16, 17, 19 with defaults or the school's value, and 404 for others", async () => {
    expect((await api.call({ method: 'GET', url: '/api/setting/13' })).json().data).toEqual({ id: 13, value: 'light' });
    expect((await api.call({ method: 'GET', url: '/api/setting/17' })).json().data.value).toEqual([6, 12, 18, 24, 36]);
    await api.db.insert(settings).values({ tenant_id: 1, key: '19', value: 'school-calendar@demo.test' });
    expect((await api.call({ method: 'GET', url: '/api/setting/19' })).json().data.value).toBe('school-calendar@demo.test');
    expect((await api.call({ method: 'GET', url: '/api/setting/19', tenant: 'north' })).json().data.value).toBe('');
    expect((await api.call({ method: 'GET', url: '/api/setting/3' })).json().name).toBe('NOT_FOUND_SETTING');
    expect((await api.call({ method: 'GET', url: '/api/setting/abc' })).statusCode).toBe(422);
  });

  it('answers the logo and the social links', async () => {
    expect((await api.call({ method: 'GET', url: '/api/logo' })).json().data).toMatchObject({ url: null, title: 'Demo Business School' });
    await api.db.insert(settings).values({ tenant_id: 1, key: 'social', value: { telegram: 'https://t.me/demo' } });
    expect((await api.call({ method: 'GET', url: '/api/social/link' })).json().data).toEqual({ telegram: 'https://t.me/demo' });
    expect((await api.call({ method: 'GET', url: '/api/social/link', tenant: 'north' })).json().data).toEqual({});
  });

  it('lists real countries and their cities in both languages', async () => {
    const ru = (await api.call({ method: 'GET', url: '/api/info/countries' })).json().data as { country_id: number; code: string; title_ru: string; title_en: string }[];
    expect(ru.length).toBeGreaterThan(200);
    const russia = ru.find((c) => c.code === 'RU')!;
    expect(russia).toMatchObject({ title_ru: 'Россия', title_en: 'Russia' });
    expect(ru[0].title_ru.localeCompare(ru[1].title_ru, 'ru')).toBeLessThanOrEqual(0);
    const en = (await api.call({ method: 'GET', url: '/api/info/countries', headers: { 'accept-language': 'en' } })).json().data as { title_en: string }[];
    expect(en[0].title_en.localeCompare(en[1].title_en, 'en')).toBeLessThanOrEqual(0);
    // the whole list follows each language's collation, whatever the database's collation is
    const sortedBy = (list: string[], lang: string) => [...list].sort(new Intl.Collator(lang).compare);
    expect(ru.map((c) => c.title_ru)).toEqual(
      sortedBy(
        ru.map((c) => c.title_ru),
        'ru',
      ),
    );
    expect(en.map((c) => c.title_en)).toEqual(
      sortedBy(
        en.map((c) => c.title_en),
        'en',
      ),
    );
    expect(en.findIndex((c) => c.title_en === 'Åland Islands')).toBeLessThan(10);
    expect(en.at(-1)!.title_en).toBe('Zimbabwe');
    const cities = (await api.call({ method: 'GET', url: `/api/info/cities?country_id=${russia.country_id}` })).json().data as { title_ru: string; title_en: string }[];
    expect(cities.find((c) => c.title_en === 'Kazan')?.title_ru).toBe('Казань');
    expect(cities.length).toBeGreaterThanOrEqual(40);
    expect(cities.map((c) => c.title_ru)).toEqual(
      sortedBy(
        cities.map((c) => c.title_ru),
        'ru',
      ),
    );
    expect((await api.call({ method: 'GET', url: '/api/info/cities' })).statusCode).toBe(422);
    expect((await api.call({ method: 'GET', url: '/api/info/cities?country_id=0' })).statusCode).toBe(422);
  });

  it('enforces a flag on the server: rating off refuses the rating route, back on allows it', async () => {
    const token = await api.login('student');
    expect((await api.call({ method: 'GET', url: '/api/user/getRating', token })).statusCode).toBe(200);
    await setAccessFlag(api.app.schoolDb(1), 'rating', false);
    api.app.forgetTenantCaches();
    expect((await api.call({ method: 'GET', url: '/api/access' })).json().data.rating).toEqual({ enabled: false });
    const off = await api.call({ method: 'GET', url: '/api/user/getRating', token });
    expect(off.statusCode).toBe(403);
    expect(off.json().name).toBe('ERROR_ACCESS');
    await setAccessFlag(api.app.schoolDb(1), 'rating', true);
    api.app.forgetTenantCaches();
    expect((await api.call({ method: 'GET', url: '/api/user/getRating', token })).statusCode).toBe(200);
  });

  it('serves a stored logo file with its image type, only in its own school', async () => {
    const dir = join(api.config.dataDir, 'files', 'demo', 'logos');
    mkdirSync(dir, { recursive: true });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    writeFileSync(join(dir, 'logo.png'), png);
    await api.db.insert(settings).values({ tenant_id: 1, key: 'logo', value: 'logos/logo.png' });
    const url = (await api.call({ method: 'GET', url: '/api/logo' })).json().data.url as string;
    expect(url).toMatch(/^\/api\/files\/logo\?v=/);
    const img = await api.call({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png)).toBe(true);
    expect((await api.call({ method: 'GET', url: '/api/logo', tenant: 'north' })).json().data.url).toBeNull();
    const north = await api.call({ method: 'GET', url: '/api/files/logo', tenant: 'north' });
    expect(north.statusCode).toBe(404);
    expect(north.json().name).toBe('NOT_FOUND_FILE');
  });
});
