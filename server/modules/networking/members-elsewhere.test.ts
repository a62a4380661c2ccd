import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { marketListings, marketPurchases, programs, programUsers, tenants, users } from '../../db/schema/index.ts';
import { absolutePath } from '../../core/storage.ts';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { setAccessFlag } from '../settings/index.ts';

/**
 * Networking (docs/networking.md), what other screens show of members: the curator's list and export, avatars,
 * GET /api/user, the catalog tab (the profile, the status matrix and search: networking.test.ts). Seeded members
 * (server/modules/networking/seed.ts):
 * demo: olga.petrova global, dmitry.volkov local, elena.smirnova off; north: john.carter global, anna.berg local,
 * pavel.orlov off. The viewers are each school's `student`, whose status the tests set.
 */
const MEMBERS = [
  { login: 'olga.petrova', school: 'demo', status: 'global', q: 'Петрова' },
  { login: 'dmitry.volkov', school: 'demo', status: 'local', q: 'Волков' },
  { login: 'elena.smirnova', school: 'demo', status: 'off', q: 'Смирнова' },
  { login: 'john.carter', school: 'north', status: 'global', q: 'Carter' },
  { login: 'anna.berg', school: 'north', status: 'local', q: 'Berg' },
  { login: 'pavel.orlov', school: 'north', status: 'off', q: 'Орлов' },
] as const;
type Status = 'global' | 'local' | 'off';

describe('networking: the curator, avatars, GET /api/user, the catalog tab', () => {
  let api: TestApi;
  const tok: Record<string, string> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    api = await startTestApi();
    for (const t of ['demo', 'north']) tok[`student@${t}`] = await api.login('student', t);
    tok.moderator = await api.login('moderator');
    tok.admin = await api.login('admin');
    tok.trainer = await api.login('trainer');
    for (const m of MEMBERS) {
      tok[m.login] = await api.login(m.login, m.school);
      ids[m.login] = (await api.call({ method: 'GET', url: '/api/networking', token: tok[m.login], tenant: m.school })).json().data.id;
    }
  });
  afterAll(() => api?.close());

  const setStatus = async (token: string, tenant: string, status: Status) => {
    const res = await api.call({ method: 'PUT', url: '/api/networking', token, tenant, payload: { status } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const search = (token: string, tenant: string, query = '') => api.call({ method: 'GET', url: `/api/search/networking${query}`, token, tenant });

  it("curator: the own school's members whatever their status, filters, the Excel export and a member page", async () => {
    const list = (await api.call({ method: 'GET', url: '/admin/networking/curator?per_page=100', token: tok.moderator })).json();
    const byLogin = (l: string) => list.data.find((r: { id: number }) => r.id === ids[l]);
    expect(byLogin('elena.smirnova')).toMatchObject({ status: 'off', company: 'Невский ритейл' });
    expect(byLogin('dmitry.volkov')).toMatchObject({ status: 'local' });
    expect(list.data.some((r: { id: number }) => r.id === ids['john.carter'])).toBe(false); // another school's
    const off = (await api.call({ method: 'GET', url: '/admin/networking/curator?status[]=off&per_page=100', token: tok.moderator })).json().data;
    expect(off.every((r: { status: string }) => r.status === 'off')).toBe(true);
    expect(off.some((r: { id: number }) => r.id === ids['elena.smirnova'])).toBe(true);
    // the back office's list filters (filter[key]=value) mean the same
    const offToo = (await api.call({ method: 'GET', url: '/admin/networking/curator?filter[status]=off&per_page=100&sort=name&order=ASC', token: tok.moderator })).json().data;
    expect(offToo.map((r: { id: number }) => r.id)).toEqual(off.map((r: { id: number }) => r.id));
    expect((await api.call({ method: 'GET', url: '/admin/networking/curator?filter[status]=everyone', token: tok.moderator })).statusCode).toBe(422);
    expect((await api.call({ method: 'GET', url: '/admin/networking/curator?filter[industry]=retail', token: tok.moderator })).json().data.map((r: { id: number }) => r.id)).toContain(
      ids['elena.smirnova'],
    );
    const text = (await api.call({ method: 'GET', url: `/admin/networking/curator?q=${encodeURIComponent('ритейл')}`, token: tok.moderator })).json().data;
    expect(text.map((r: { id: number }) => r.id)).toEqual([ids['elena.smirnova']]);
    // an off member's page with every contact for the curator of their school
    const page = (await api.call({ method: 'GET', url: `/admin/networking/curator/demo/${ids['elena.smirnova']}`, token: tok.moderator })).json().data;
    expect(page.contacts.email).toBe('elena.smirnova@demo.test');
    // another school: only what global shows to everyone
    expect((await api.call({ method: 'GET', url: `/admin/networking/curator/north/${ids['anna.berg']}`, token: tok.moderator })).statusCode).toBe(404);
    expect((await api.call({ method: 'GET', url: `/admin/networking/curator/north/${ids['pavel.orlov']}`, token: tok.moderator })).statusCode).toBe(404);
    const john = (await api.call({ method: 'GET', url: `/admin/networking/curator/north/${ids['john.carter']}`, token: tok.moderator })).json().data;
    expect(Object.keys(john.contacts).sort()).toEqual(['email', 'phone', 'telegram']);
    // the export
    const xlsx = await api.call({ method: 'GET', url: '/admin/networking/curator/export?status[]=off', token: tok.moderator, headers: { 'accept-language': 'en' } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toContain('networking-demo.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const rows = book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]).toContain('Last name');
    expect(rows.some((r) => r.includes('Смирнова'))).toBe(true);
    expect(rows.some((r) => r.includes('Carter'))).toBe(false);
  });

  it('curator routes refuse every other role', async () => {
    for (const role of ['student', 'trainer', 'admin']) {
      const token = role === 'student' ? tok['student@demo'] : tok[role];
      for (const url of ['/admin/networking/curator', '/admin/networking/curator/export', `/admin/networking/curator/demo/${ids['olga.petrova']}`]) {
        const res = await api.call({ method: 'GET', url, token });
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.json().name).toBe('ERROR_ACCESS');
      }
    }
  });

  it("another school's ids and unknown ones are not found; bad ids 422; no token 401", async () => {
    const token = tok['student@demo'];
    await setStatus(token, 'demo', 'global');
    // a north local member asked as if in demo: not a demo user
    expect((await api.call({ method: 'GET', url: `/api/user/networking/demo/${ids['anna.berg']}`, token })).statusCode).toBe(404);
    expect((await api.call({ method: 'GET', url: `/api/user/networking/nowhere/${ids['john.carter']}`, token })).statusCode).toBe(404);
    expect((await api.call({ method: 'GET', url: '/api/user/networking/demo/999999', token })).statusCode).toBe(404);
    expect((await api.call({ method: 'GET', url: `/api/networking/${ids['anna.berg']}/getTree`, token })).statusCode).toBe(404);
    expect((await api.call({ method: 'GET', url: '/api/user/networking/demo/abc', token })).statusCode).toBe(422);
    expect((await api.call({ method: 'GET', url: '/api/user/networking/DE%20MO/1', token })).statusCode).toBe(422);
    expect((await api.call({ method: 'GET', url: '/api/search/networking' })).statusCode).toBe(401);
    await setStatus(token, 'demo', 'local');
  });

  /** A tiny PNG (1×1) to stand for an avatar. */
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const giveAvatar = async (login: string, school: string) => {
    const rel = `avatars/test-${login}.png`;
    const path = absolutePath(api.app.config.dataDir, school, rel);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, PNG);
    await api.db.update(users).set({ avatar: rel, updated_at: new Date() }).where(eq(users.id, ids[login]));
  };

  it('avatars: a member of any school the viewer may see, through the networking avatar route; 404 for one not seen', async () => {
    const members = ['john.carter', 'anna.berg', 'pavel.orlov', 'dmitry.volkov', 'elena.smirnova', 'olga.petrova'] as const;
    for (const login of members) await giveAvatar(login, MEMBERS.find((m) => m.login === login)!.school);
    const viewer = tok['student@demo'];
    const avatar = (domain: string, login: string, token = viewer, extra = '') => api.call({ method: 'GET', url: `/api/user/networking/${domain}/${ids[login]}/avatar${extra}`, token });
    try {
      await setStatus(viewer, 'demo', 'global');
      // the card and the page of another school's global member carry the avatar, and it is served
      const card = (await search(viewer, 'demo', '?q=Carter')).json().data.find((c: { id: number }) => c.id === ids['john.carter']);
      expect(card.avatar).toMatch(new RegExp(`^/api/user/networking/north/${ids['john.carter']}/avatar\\?v=\\d+$`));
      const page = (await api.call({ method: 'GET', url: `/api/user/networking/north/${ids['john.carter']}`, token: viewer })).json().data;
      expect(page.avatar).toBe(card.avatar);
      const img = await api.call({ method: 'GET', url: card.avatar, token: viewer });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
      expect(img.rawPayload.equals(PNG)).toBe(true);
      // an <img> sends no header: the token and the viewer's school in the query
      const noHeader = await api.call({ method: 'GET', url: `${card.avatar}&access_token=${encodeURIComponent(viewer)}&domain=demo`, tenant: undefined as never });
      expect(noHeader.statusCode).toBe(200);
      // another school's local and off members: not seen, no avatar (the file exists)
      for (const login of ['anna.berg', 'pavel.orlov'] as const) expect((await avatar('north', login)).statusCode, login).toBe(404);
      // the own school's local member: seen; the own off member: not
      expect((await avatar('demo', 'dmitry.volkov')).statusCode).toBe(200);
      expect((await avatar('demo', 'elena.smirnova')).statusCode).toBe(404);
      // an id asked under the wrong school is nobody
      expect((await avatar('demo', 'john.carter')).statusCode).toBe(404);

      // a local viewer sees no other school at all
      await setStatus(viewer, 'demo', 'local');
      expect((await avatar('north', 'john.carter')).statusCode).toBe(404);
      expect((await avatar('demo', 'olga.petrova')).statusCode).toBe(200);
      // an off viewer: NOT_ON_NETWORKING, as the member pages
      await setStatus(viewer, 'demo', 'off');
      const off = await avatar('north', 'john.carter');
      expect(off.statusCode).toBe(403);
      expect(off.json().name).toBe('NOT_ON_NETWORKING');

      // a global member who goes local disappears from other schools at once
      await setStatus(viewer, 'demo', 'global');
      await setStatus(tok['john.carter'], 'north', 'local');
      expect((await avatar('north', 'john.carter')).statusCode).toBe(404);
      await setStatus(tok['john.carter'], 'north', 'global');
      expect((await avatar('north', 'john.carter')).statusCode).toBe(200);
      // no token: 401
      expect((await api.call({ method: 'GET', url: `/api/user/networking/north/${ids['john.carter']}/avatar` })).statusCode).toBe(401);
    } finally {
      await setStatus(viewer, 'demo', 'local');
      for (const login of members) await api.db.update(users).set({ avatar: null }).where(eq(users.id, ids[login]));
    }
  });

  it('GET /api/user carries my networking record (status and fields), null when the section is off', async () => {
    const token = tok['student@demo'];
    await setStatus(token, 'demo', 'global');
    const me = (await api.call({ method: 'GET', url: '/api/user', token })).json().data;
    const record = (await api.call({ method: 'GET', url: '/api/networking', token })).json().data;
    expect(me.networking).toEqual(record);
    expect(me.networking).toMatchObject({ status: 'global', user_id: me.id, industry: 'it' });
    expect(me.networking).not.toHaveProperty('search');
    await setStatus(token, 'demo', 'local');
    expect((await api.call({ method: 'GET', url: '/api/user', token })).json().data.networking.status).toBe('local');
    // a user without a profile: off until they choose
    expect((await api.call({ method: 'GET', url: '/api/user', token: tok.admin })).json().data.networking).toMatchObject({ status: 'off' });
    // saving the user profile answers it too
    const put = await api.call({ method: 'PUT', url: '/api/user', token, payload: { interests: 'стратегия' } });
    expect(put.json().data.networking).toMatchObject({ status: 'local', interests: 'стратегия' });
    await setAccessFlag(api.app.schoolDb(1), 'networking', false);
    api.app.forgetTenantCaches();
    try {
      const off = await api.call({ method: 'GET', url: '/api/user', token });
      expect(off.statusCode).toBe(200);
      expect(off.json().data.networking).toBeNull();
    } finally {
      await setAccessFlag(api.app.schoolDb(1), 'networking', true);
      api.app.forgetTenantCaches();
    }
  });

  it('catalog tab: the programs the member teaches or studies that are on the marketplace, of any school', async () => {
    const [demo] = await api.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, 'demo'));
    const [north] = await api.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, 'north'));
    const program = async (tenant: number, title: string) =>
      (
        await api.db
          .select({ id: programs.id })
          .from(programs)
          .where(and(eq(programs.tenant_id, tenant), eq(programs.title, title)))
      )[0].id;
    const strategy = await program(demo.id, 'Стратегический менеджмент');
    const finance = await program(demo.id, 'Финансы для руководителей');
    const marketing = await program(demo.id, 'Маркетинг'); // not on the marketplace
    const northStrategy = await program(north.id, 'Стратегический менеджмент'); // north publishes nothing
    const trainerId = (await api.call({ method: 'GET', url: '/api/networking', token: tok.trainer })).json().data.id;
    const catalog = async (domain: string, id: number, token: string, tenant: string) => {
      const res = await api.call({ method: 'GET', url: `/api/user/networking/${domain}/${id}`, token, tenant });
      expect(res.statusCode).toBe(200);
      return res.json().data.catalog as { id: number; title: string; role: string; school: { slug: string } }[];
    };
    // demo's trainer (global) teaches the two published programs: north's global student sees both, as "teaches"
    await setStatus(tok['student@north'], 'north', 'global');
    const taught = await catalog('demo', trainerId, tok['student@north'], 'north');
    expect(taught.map((c) => [c.id, c.role, c.school.slug])).toEqual(
      expect.arrayContaining([
        [strategy, 'teaches', 'demo'],
        [finance, 'teaches', 'demo'],
      ]),
    );
    expect(taught.find((c) => c.id === strategy)?.title).toBe('Стратегический менеджмент');

    // Ольга studies a published program and an unpublished one: only the published one is listed
    await api.db.insert(programUsers).values([
      { tenant_id: demo.id, program_id: strategy, user_id: ids['olga.petrova'] },
      { tenant_id: demo.id, program_id: marketing, user_id: ids['olga.petrova'] },
    ]);
    // John (north) studies north's own program (not on the marketplace) and bought demo's Finance on the marketplace
    await api.db.insert(programUsers).values({ tenant_id: north.id, program_id: northStrategy, user_id: ids['john.carter'] });
    const [bought] = await api.db
      .insert(marketPurchases)
      .values({
        tenant_id: north.id,
        user_id: ids['john.carter'],
        seller_tenant_id: demo.id,
        seller_school: 'Demo',
        program_id: finance,
        program_title: 'Финансы для руководителей',
        format: 'online',
        currency: 'USD',
        amount: 6000,
        method: 'wallet',
      })
      .returning();
    try {
      // the same school (local viewer) and another school (global viewer) see the same catalog
      const own = await catalog('demo', ids['olga.petrova'], tok['dmitry.volkov'], 'demo');
      const across = await catalog('demo', ids['olga.petrova'], tok['student@north'], 'north');
      expect(own.map((c) => [c.id, c.role])).toEqual([[strategy, 'studies']]);
      expect(across).toEqual(own);
      const john = await catalog('north', ids['john.carter'], tok['anna.berg'], 'north');
      expect(john.map((c) => [c.id, c.role, c.school.slug])).toEqual([[finance, 'studies', 'demo']]);
      // a program withdrawn from the marketplace leaves every catalog at once
      await api.db.update(marketListings).set({ published: false }).where(eq(marketListings.program_id, strategy));
      expect(await catalog('demo', ids['olga.petrova'], tok['student@north'], 'north')).toEqual([]);
      expect((await catalog('demo', trainerId, tok['student@north'], 'north')).map((c) => c.id)).not.toContain(strategy);
    } finally {
      await api.db.update(marketListings).set({ published: true }).where(eq(marketListings.program_id, strategy));
      await api.db.delete(programUsers).where(and(eq(programUsers.user_id, ids['olga.petrova'])));
      await api.db.delete(programUsers).where(and(eq(programUsers.user_id, ids['john.carter'])));
      await api.db.delete(marketPurchases).where(eq(marketPurchases.id, bought.id));
    }
  });
});
