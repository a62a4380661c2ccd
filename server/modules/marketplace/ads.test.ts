import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { multipart } from '../../test/forms.ts';
import { marketAds, marketListings, programs, tenants } from '../../db/schema/index.ts';
import { currentAds } from './current-ads.ts';
import { bannerPng } from './seed.ts';

/** Marketplace ads (issue 13, docs/marketplace.md "Ads"): the back office's CRUD and the catalogue's banners. */
describe('marketplace ads', () => {
  let api: TestApi;
  let demo: number;
  let north: number;
  let strategy: number;
  let demoAdmin: string;
  let northAdmin: string;
  let northStudent: string;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const PNG = bannerPng(8, 4, [0, 0, 0], [255, 255, 255]);
  const catalogueAds = async (query = '', token = northStudent) =>
    (await api.call({ method: 'GET', url: `/api/marketplace/program${query}`, token, tenant: 'north' })).json().ads as {
      id: number;
      title: string;
      image: string;
      link: Record<string, unknown>;
      school: { slug: string };
    }[];
  const programId = async (title: string, tenantId: number) =>
    (
      await api.db
        .select()
        .from(programs)
        .where(and(eq(programs.title, title), eq(programs.tenant_id, tenantId)))
    )[0].id;

  beforeAll(async () => {
    api = await startTestApi();
    const rows = await api.db.select().from(tenants);
    demo = rows.find((t) => t.slug === 'demo')!.id;
    north = rows.find((t) => t.slug === 'north')!.id;
    strategy = await programId('Стратегический менеджмент', demo);
    demoAdmin = await api.login('admin', 'demo');
    northAdmin = await api.login('admin', 'north');
    northStudent = await api.login('student', 'north');
  });
  afterAll(() => api.close());

  it("the catalogue answers the demo school's ad in its period, in ru and en, with an image any portal can show", async () => {
    const ads = (await api.call({ method: 'GET', url: '/api/marketplace/program', token: northStudent, tenant: 'north' })).json().ads;
    expect(ads).toHaveLength(1);
    expect(ads[0]).toMatchObject({
      title: 'Стратегический менеджмент: 90 дней до своей стратегии',
      title_en: 'Strategic Management: 90 days to your own strategy',
      link: { program_id: strategy },
      school: { slug: 'demo', title: 'Demo Business School' },
    });
    expect(Object.keys(ads[0]).sort()).toEqual(['ends_on', 'id', 'image', 'link', 'school', 'starts_on', 'title', 'title_en']);
    // the image: public, named by the school and a key (an <img> sends no token and no Domain header)
    expect(ads[0].image).toMatch(/^\/api\/marketplace\/ad\/\d+\/image\?domain=demo&key=[\w-]+$/);
    const img = await api.call({ method: 'GET', url: ads[0].image });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await api.call({ method: 'GET', url: ads[0].image.replace(/key=.*/, 'key=guess') })).statusCode).toBe(404);
    // demo's own student and admins see it too; a trainer does not browse the marketplace
    expect((await api.call({ method: 'GET', url: '/api/marketplace/program', token: await api.login('student') })).json().ads).toHaveLength(1);
    expect((await api.call({ method: 'GET', url: '/api/marketplace/program', token: await api.login('trainer') })).statusCode).toBe(403);
  });

  it('back office CRUD by the admin: create with an image (form data), a link to a program or a category, edit, delete', async () => {
    const created = await api.call({
      method: 'POST',
      url: '/admin/marketplace/ad',
      token: demoAdmin,
      ...multipart({
        title: 'Финансы: неделя открытых дверей',
        title_en: 'Finance: open week',
        category_id: '2',
        starts_on: day(0),
        ends_on: day(6),
        image: { name: 'b.png', data: PNG, type: 'image/png' },
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const ad = created.json().data;
    expect(ad).toMatchObject({ title: 'Финансы: неделя открытых дверей', category_id: 2, program_id: null, starts_on: day(0), ends_on: day(6), showing: true });
    expect((await api.call({ method: 'GET', url: ad.image })).statusCode).toBe(200);
    const shown = (await catalogueAds()).find((a) => a.id === ad.id);
    expect(shown?.link).toEqual({ category: { id: 2, title_ru: 'Финансы', title_en: 'Finance' } });

    const list = (await api.call({ method: 'GET', url: '/admin/marketplace/ad?q=Финансы', token: demoAdmin })).json();
    expect(list.data.map((a: { id: number }) => a.id)).toEqual([ad.id]);
    expect(list.meta.total).toBe(1);
    expect((await api.call({ method: 'GET', url: `/admin/marketplace/ad/${ad.id}`, token: demoAdmin })).json().data.title_en).toBe('Finance: open week');

    // a program instead of the category: the category is cleared; the image stays when none is sent
    const edited = await api.call({ method: 'PUT', url: `/admin/marketplace/ad/${ad.id}`, token: demoAdmin, payload: { program_id: strategy, image: ad.image } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ program_id: strategy, category_id: null, program: 'Стратегический менеджмент', image: ad.image });
    expect((await catalogueAds()).find((a) => a.id === ad.id)?.link).toEqual({ program_id: strategy });
    // the image removed
    expect((await api.call({ method: 'PUT', url: `/admin/marketplace/ad/${ad.id}`, token: demoAdmin, payload: { image: null } })).json().data.image).toBeNull();
    expect((await api.call({ method: 'GET', url: ad.image })).statusCode).toBe(404);

    expect((await api.call({ method: 'DELETE', url: `/admin/marketplace/ad/${ad.id}`, token: demoAdmin })).statusCode).toBe(200);
    expect((await api.call({ method: 'GET', url: `/admin/marketplace/ad/${ad.id}`, token: demoAdmin })).statusCode).toBe(404);
    expect((await catalogueAds()).map((a) => a.id)).not.toContain(ad.id);
    // the superadmin manages them too
    const superadmin = await api.login('superadmin');
    const bySuper = await api.call({ method: 'POST', url: '/admin/marketplace/ad', token: superadmin, payload: { title: 'S', category_id: 1, starts_on: day(0), ends_on: day(0) } });
    expect(bySuper.statusCode).toBe(201);
    expect((await api.call({ method: 'DELETE', url: `/admin/marketplace/ad/${bySuper.json().data.id}`, token: superadmin })).statusCode).toBe(200);
  });

  it('refuses every other role, and a call without a token', async () => {
    const [seeded] = await api.db.select().from(marketAds).where(eq(marketAds.tenant_id, demo));
    const body = { title: 'X', category_id: 1, starts_on: day(0), ends_on: day(1) };
    for (const role of ['student', 'trainer', 'moderator'] as const) {
      const token = await api.login(role);
      for (const [method, url] of [
        ['GET', '/admin/marketplace/ad'],
        ['GET', `/admin/marketplace/ad/${seeded.id}`],
        ['POST', '/admin/marketplace/ad'],
        ['PUT', `/admin/marketplace/ad/${seeded.id}`],
        ['DELETE', `/admin/marketplace/ad/${seeded.id}`],
      ] as const) {
        const res = await api.call({ method, url, token, ...(method === 'POST' || method === 'PUT' ? { payload: body } : {}) });
        expect([role, method, url, res.statusCode, res.json().name]).toEqual([role, method, url, 403, 'ERROR_ACCESS']);
      }
    }
    expect((await api.call({ method: 'GET', url: '/admin/marketplace/ad' })).statusCode).toBe(401);
    // nothing changed
    expect(await api.db.select().from(marketAds).where(eq(marketAds.id, seeded.id))).toEqual([seeded]);
  });

  it("another school's ad is not found: north's admin can neither read, change nor delete demo's", async () => {
    const [seeded] = await api.db.select().from(marketAds).where(eq(marketAds.tenant_id, demo));
    const as = (method: 'GET' | 'PUT' | 'DELETE', payload?: object) =>
      api.call({ method, url: `/admin/marketplace/ad/${seeded.id}`, token: northAdmin, tenant: 'north', ...(payload ? { payload } : {}) });
    expect((await as('GET')).json().name).toBe('NOT_FOUND_AD');
    expect((await as('PUT', { title: 'Взлом' })).statusCode).toBe(404);
    expect((await as('DELETE')).statusCode).toBe(404);
    expect((await api.call({ method: 'GET', url: '/admin/marketplace/ad', token: northAdmin, tenant: 'north' })).json().data).toEqual([]);
    // nor is its image served under north's name
    const ad = (await catalogueAds())[0];
    expect((await api.call({ method: 'GET', url: ad.image, tenant: 'north' })).statusCode).toBe(404);
    expect(await api.db.select().from(marketAds).where(eq(marketAds.id, seeded.id))).toEqual([seeded]);
  });

  it("bad input: 422 with the catalogue's codes, 415 for a file that is not an image; nothing is written", async () => {
    const before = await api.db.select().from(marketAds);
    const post = (payload: object) => api.call({ method: 'POST', url: '/admin/marketplace/ad', token: demoAdmin, payload });
    const ok = { title: 'Баннер', program_id: strategy, starts_on: day(0), ends_on: day(3) };
    const errors = async (payload: object) => {
      const res = await post(payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().name).toBe('Validation Error');
      return res.json().errors;
    };
    expect(await errors({ ...ok, title: '   ' })).toEqual({ title: ['validation.required'] });
    expect(await errors({ ...ok, program_id: null })).toEqual({ program_id: ['validation.required'] });
    expect(await errors({ ...ok, category_id: 3 })).toEqual({ category_id: ['validation.choice'] });
    expect(await errors({ ...ok, program_id: await programId('Стратегический менеджмент', north) })).toEqual({ program_id: ['validation.choice'] });
    expect(await errors({ ...ok, program_id: null, category_id: 999 })).toEqual({ category_id: ['validation.choice'] });
    expect(await errors({ ...ok, starts_on: day(3), ends_on: day(0) })).toEqual({ ends_on: ['validation.after_start'] });
    expect(Object.keys(await errors({ ...ok, ends_on: '31.12.2026' }))).toEqual(['ends_on']);
    expect(Object.keys(await errors({ ...ok, title: undefined }))).toEqual(['title']);
    expect(Object.keys(await errors({ ...ok, title: 'x'.repeat(256) }))).toEqual(['title']);
    const fake = await api.call({
      method: 'POST',
      url: '/admin/marketplace/ad',
      token: demoAdmin,
      ...multipart({ ...ok, program_id: String(strategy), image: { name: 'x.png', data: Buffer.from('<?php echo 1; ?>'), type: 'image/png' } }),
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().name).toBe('ERROR_EXT_TYPE');
    // an edit that would put the end before the start
    const [seeded] = before.filter((a) => a.tenant_id === demo);
    expect((await api.call({ method: 'PUT', url: `/admin/marketplace/ad/${seeded.id}`, token: demoAdmin, payload: { ends_on: '2000-01-01' } })).json().errors).toEqual({
      ends_on: ['validation.after_start'],
    });
    expect(await api.db.select().from(marketAds)).toEqual(before);
  });

  it('the catalogue shows only ads in their period, of schools on the marketplace, and a program ad only while the program is published', async () => {
    const make = async (token: string, tenant: string, payload: object) => {
      const res = await api.call({ method: 'POST', url: '/admin/marketplace/ad', token, tenant, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const past = await make(demoAdmin, 'demo', { title: 'Прошедшая', category_id: 1, starts_on: day(-10), ends_on: day(-1) });
    const future = await make(demoAdmin, 'demo', { title: 'Будущая', category_id: 1, starts_on: day(1), ends_on: day(10) });
    const lastDay = await make(demoAdmin, 'demo', { title: 'Последний день', category_id: 1, starts_on: day(-3), ends_on: day(0) });
    const firstDay = await make(demoAdmin, 'demo', { title: 'Первый день', category_id: 1, starts_on: day(0), ends_on: day(3) });
    // north publishes nothing: its ad is not shown
    const northAd = await make(northAdmin, 'north', { title: 'Северная', category_id: 1, starts_on: day(-1), ends_on: day(1) });
    const ids = (await catalogueAds()).map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining([lastDay, firstDay]));
    for (const hidden of [past, future, northAd]) expect(ids).not.toContain(hidden);
    // filtered by the selling school
    expect((await catalogueAds('?school=north')).map((a) => a.id)).toEqual([]);
    expect((await catalogueAds('?school=demo')).every((a) => a.school.slug === 'demo')).toBe(true);
    // the path itself, on another day
    expect((await currentAds(api.app, { day: day(2) })).map((a) => a.id)).toEqual(expect.arrayContaining([future, firstDay]));
    expect((await currentAds(api.app, { day: day(2) })).map((a) => a.id)).not.toContain(lastDay);
    // the back office marks which ads show today, and can list only those
    const admin = (await api.call({ method: 'GET', url: '/admin/marketplace/ad?per_page=100', token: demoAdmin })).json().data as { id: number; showing: boolean }[];
    expect(admin.find((a) => a.id === past)?.showing).toBe(false);
    expect(admin.find((a) => a.id === lastDay)?.showing).toBe(true);
    const showing = (await api.call({ method: 'GET', url: '/admin/marketplace/ad?per_page=100&filter[showing]=1', token: demoAdmin })).json().data.map((a: { id: number }) => a.id);
    expect(showing).toContain(lastDay);
    expect(showing).not.toContain(future);

    // a withdrawn program takes its ad off the catalogue; publishing it again brings the ad back
    const [seeded] = await api.db
      .select()
      .from(marketAds)
      .where(and(eq(marketAds.tenant_id, demo), eq(marketAds.program_id, strategy)));
    const [listing] = await api.db.select().from(marketListings).where(eq(marketListings.program_id, strategy));
    await api.call({ method: 'PUT', url: `/admin/marketplace/listing/${listing.id}`, token: demoAdmin, payload: { published: false } });
    expect((await catalogueAds()).map((a) => a.id)).not.toContain(seeded.id);
    await api.call({ method: 'PUT', url: `/admin/marketplace/listing/${listing.id}`, token: demoAdmin, payload: { published: true } });
    expect((await catalogueAds()).map((a) => a.id)).toContain(seeded.id);
  });
});
