import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { marketListings, marketPurchases, programs, programUsers, tenants, users } from '../../db/schema/index.ts';
import { absolutePath } from '../../core/storage.ts';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { setAccessFlag } from '../settings/index.ts';
import { prefixQuery } from './fields.ts';

/**
 * Networking (docs/networking.md). Seeded members (server/modules/networking/seed.ts):
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

/** The visibility rule: nobody sees off; the own school's local and global; other schools' global to a global viewer. */
const sees = (viewer: Status, viewerSchool: string, m: { school: string; status: Status }) =>
  viewer !== 'off' && m.status !== 'off' && (m.school === viewerSchool || (viewer === 'global' && m.status === 'global'));

describe('networking', () => {
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

  it('reads and saves my profile: success and the networking record; contact choices and status kept', async () => {
    const token = tok['student@demo'];
    const before = (await api.call({ method: 'GET', url: '/api/networking', token })).json().data;
    expect(before).toMatchObject({ status: 'local', industry: 'it' });
    const saved = (
      await api.call({
        method: 'PUT',
        url: '/api/networking',
        token,
        payload: {
          status: 'global',
          company: '  Acme  ',
          looking_job: true,
          is_owner: false,
          shown_contacts: ['email', 'telegram'],
          telegram: '@acme',
          marital_status: 'single',
          pet: 'кот',
          native_language: 'ru',
          hobbies: 'chess',
          industry: 'finance',
        },
      })
    ).json();
    expect(saved.success).toBe(true);
    expect(saved.networking).toMatchObject({
      status: 'global',
      company: 'Acme',
      looking_job: true,
      shown_contacts: ['email', 'telegram'],
      telegram: '@acme',
      marital_status: 'single',
      pet: 'кот',
      native_language: 'ru',
      industry: 'finance',
    });
    expect(saved.data).toEqual(saved.networking);
    expect(saved.networking).not.toHaveProperty('search');
    // the POST twin (_method=PUT) saves too
    const twin = await api.call({ method: 'POST', url: '/api/networking', token, payload: { _method: 'PUT', status: 'local', industry: 'it' } });
    expect(twin.statusCode).toBe(200);
    expect(twin.json().networking.status).toBe('local');
  });

  it('refuses a bad profile body with 422', async () => {
    for (const payload of [{ status: 'everyone' }, { shown_contacts: ['passport_number'] }, { industry: 'magic' }, { native_language: 'russian' }, { company: 'x'.repeat(300) }]) {
      const res = await api.call({ method: 'PUT', url: '/api/networking', token: tok['student@demo'], payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
  });

  it('status matrix: search, member pages and the tree for global, local and off viewers of both schools', async () => {
    for (const viewerSchool of ['demo', 'north']) {
      const token = tok[`student@${viewerSchool}`];
      for (const viewer of ['global', 'local', 'off'] as Status[]) {
        await setStatus(token, viewerSchool, viewer);
        for (const m of MEMBERS) {
          const label = `${viewer}@${viewerSchool} → ${m.login} (${m.status}@${m.school})`;
          const visible = sees(viewer, viewerSchool, m);
          const s = await search(token, viewerSchool, `?q=${encodeURIComponent(m.q)}`);
          const page = await api.call({ method: 'GET', url: `/api/user/networking/${m.school}/${ids[m.login]}`, token, tenant: viewerSchool });
          const tree = await api.call({ method: 'GET', url: `/api/networking/${ids[m.login]}/getTree?domain=${m.school}`, token, tenant: viewerSchool });
          if (viewer === 'off') {
            for (const r of [s, page, tree]) {
              expect(r.statusCode, label).toBe(403);
              expect(r.json().name, label).toBe('NOT_ON_NETWORKING');
            }
            continue;
          }
          expect(s.statusCode, label).toBe(200);
          const found = s.json().data.some((c: { id: number; domain: string }) => c.id === ids[m.login] && c.domain === m.school);
          expect(found, `search ${label}`).toBe(visible);
          expect(page.statusCode, `page ${label}`).toBe(visible ? 200 : 404);
          expect(tree.statusCode, `tree ${label}`).toBe(visible ? 200 : 404);
          if (visible) {
            const nodes = tree.json().data as { id: string; root_id: string; parent_id: string | null; member_id?: number }[];
            expect(
              nodes.some((n) => n.member_id === ids[m.login]),
              label,
            ).toBe(true);
            // no tree ever holds a member the viewer may not see
            for (const other of MEMBERS)
              if (other.school === m.school && !sees(viewer, viewerSchool, other))
                expect(
                  nodes.some((n) => n.member_id === ids[other.login]),
                  `${label}: ${other.login} in tree`,
                ).toBe(false);
            const root = nodes.find((n) => n.parent_id === null)!;
            expect(nodes.every((n) => n.root_id === root.id)).toBe(true);
            expect(nodes.filter((n) => n.parent_id).every((n) => nodes.some((p) => p.id === n.parent_id))).toBe(true);
          }
        }
        // a search without text lists exactly the members the viewer may see (and never an off one)
        if (viewer !== 'off') {
          const all = (await search(token, viewerSchool, '?per_page=100')).json();
          for (const m of MEMBERS)
            expect(
              all.data.some((c: { id: number; domain: string }) => c.id === ids[m.login] && c.domain === m.school),
              `list ${viewer}@${viewerSchool} ${m.login}`,
            ).toBe(sees(viewer, viewerSchool, m));
          expect(all.data.some((c: { status: string }) => c.status === 'off')).toBe(false);
        }
      }
    }
    await setStatus(tok['student@demo'], 'demo', 'local');
    await setStatus(tok['student@north'], 'north', 'global');
  });

  it('a member switching to off disappears at once, and back', async () => {
    const viewer = tok['student@north'];
    await setStatus(viewer, 'north', 'global');
    expect((await search(viewer, 'north', '?q=Петрова')).json().data.map((c: { id: number }) => c.id)).toContain(ids['olga.petrova']);
    await setStatus(tok['olga.petrova'], 'demo', 'off');
    expect((await search(viewer, 'north', '?q=Петрова')).json().data).toEqual([]);
    expect((await api.call({ method: 'GET', url: `/api/user/networking/demo/${ids['olga.petrova']}`, token: viewer, tenant: 'north' })).statusCode).toBe(404);
    await setStatus(tok['olga.petrova'], 'demo', 'global');
  });

  it('hidden contact fields are never returned, by search, page or tree', async () => {
    const viewer = tok['student@north'];
    // olga shows email and telegram, not phone (her phone is set in the seed)
    const page = (await api.call({ method: 'GET', url: `/api/user/networking/demo/${ids['olga.petrova']}`, token: viewer, tenant: 'north' })).json().data;
    expect(Object.keys(page.contacts).sort()).toEqual(['email', 'telegram']);
    expect(JSON.stringify(page)).not.toContain('+7 900');
    await api.call({ method: 'PUT', url: '/api/networking', token: tok['olga.petrova'], payload: { shown_contacts: [] } });
    const hidden = (await api.call({ method: 'GET', url: `/api/user/networking/demo/${ids['olga.petrova']}`, token: viewer, tenant: 'north' })).json().data;
    expect(hidden.contacts).toEqual({});
    const everything = JSON.stringify([
      hidden,
      (await search(viewer, 'north', '?q=Петрова')).json(),
      (await api.call({ method: 'GET', url: `/api/networking/${ids['olga.petrova']}/getTree?domain=demo`, token: viewer, tenant: 'north' })).json(),
    ]);
    for (const secret of ['olga.petrova@demo.test', '@olga_hr', '+7 900', 'password', 'passport']) expect(everything).not.toContain(secret);
    // the same in her own school
    const local = (await api.call({ method: 'GET', url: `/api/user/networking/demo/${ids['olga.petrova']}`, token: tok['dmitry.volkov'] })).json().data;
    expect(local.contacts).toEqual({});
    await api.call({ method: 'PUT', url: '/api/networking', token: tok['olga.petrova'], payload: { shown_contacts: ['email', 'telegram'] } });
  });

  it('member page tabs: general, contacts, education, about, additionally, catalog', async () => {
    const page = (await api.call({ method: 'GET', url: `/api/user/networking/north/${ids['john.carter']}`, token: tok['student@north'], tenant: 'north' })).json().data;
    expect(Object.keys(page)).toEqual(expect.arrayContaining(['general', 'contacts', 'education', 'about', 'additionally', 'catalog']));
    expect(page.general).toMatchObject({ name: 'John', surname: 'Carter', company: 'Carter & Partners', domain: 'north', city: 'Лондон', city_en: 'London' });
    expect(page.education.groups).toContain('Executive MBA 2025');
    expect(page.additionally).toMatchObject({ pet: 'dog', native_language: 'en' });
    expect(Array.isArray(page.catalog)).toBe(true);
  });

  it('search: free text over names, company, position, industry, skills, hobbies and city; filters; pages; sort', async () => {
    const viewer = tok['student@north'];
    const ids_ = async (q: string) => (await search(viewer, 'north', q)).json().data.map((c: { id: number; domain: string }) => `${c.domain}:${c.id}`);
    const olga = `demo:${ids['olga.petrova']}`;
    const john = `north:${ids['john.carter']}`;
    expect(await ids_(`?q=${encodeURIComponent('Северный')}`)).toContain(olga); // company
    expect(await ids_(`?q=${encodeURIComponent('директор персонал')}`)).toContain(olga); // position, two words
    expect(await ids_(`?q=${encodeURIComponent('переговор')}`)).toContain(olga); // skills, prefix
    expect(await ids_(`?q=${encodeURIComponent('джаз')}`)).toContain(olga); // hobbies
    expect(await ids_(`?q=${encodeURIComponent('Moscow')}`)).toContain(olga); // city (English title)
    expect(await ids_(`?q=${encodeURIComponent('Москва')}`)).toContain(olga); // city (Russian title)
    const olgaCard = (await search(viewer, 'north', `?q=${encodeURIComponent('Петрова')}`)).json().data[0];
    expect(olgaCard).toMatchObject({ city: 'Москва', city_en: 'Moscow' });
    expect(await ids_(`?q=${encodeURIComponent('consulting')}`)).toContain(john); // industry
    expect(await ids_(`?q=Olga`)).toContain(olga); // English name
    expect(await ids_('?industry[]=finance&industry[]=consulting')).toEqual(expect.arrayContaining([olga, john]));
    expect(await ids_('?industry[]=finance')).not.toContain(john);
    expect(await ids_('?school[]=north')).not.toContain(olga);
    expect(await ids_('?school[]=demo')).not.toContain(john);
    expect(await ids_('?labor_market[]=looking_employee')).toContain(olga);
    expect(await ids_('?labor_market[]=looking_employee')).not.toContain(john);
    expect(await ids_('?native_language[]=en')).toContain(john);
    const gb = (await api.call({ method: 'GET', url: '/api/info/countries', tenant: 'north' })).json().data.find((c: { code: string }) => c.code === 'GB').country_id;
    expect(await ids_(`?country[]=${gb}`)).toEqual([john]);
    // pages: one per page, no member twice, the total across both schools
    const first = (await search(viewer, 'north', '?per_page=1&page=1&sort=name')).json();
    const all: string[] = [];
    for (let p = 1; p <= first.meta.total; p++) all.push(...(await ids_(`?per_page=1&page=${p}&sort=name`)));
    expect(new Set(all).size).toBe(first.meta.total);
    expect(all).toEqual(await ids_('?per_page=100&sort=name'));
    const desc = await ids_('?per_page=100&sort=name&order=desc');
    expect(desc).toEqual([...all].reverse());
    expect(first.meta).toMatchObject({ current_page: 1, per_page: 1 });
  });

  it('special characters in the search text never fail and never match everything', async () => {
    const viewer = tok['student@north'];
    for (const q of [
      `'`,
      `"`,
      `%`,
      `_`,
      `\\`,
      `&`,
      `|`,
      `!`,
      `:`,
      `*`,
      `:*`,
      `a & | b`,
      `!Carter`,
      `Carter:*`,
      `(Carter`,
      `<->`,
      `'; drop table users; --`,
      `%_%`,
      `\\'`,
      `Car&ter`,
      `Carter | Петрова`,
      '🙂',
    ]) {
      const res = await search(viewer, 'north', `?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
    }
    const carter = (await search(viewer, 'north', `?q=${encodeURIComponent('!Carter:* & |')}`)).json().data;
    expect(carter.map((c: { id: number }) => c.id)).toEqual([ids['john.carter']]);
    expect((await search(viewer, 'north', `?q=${encodeURIComponent('%')}`)).json().data.length).toBe((await search(viewer, 'north', '?per_page=15')).json().data.length);
    expect(prefixQuery(`O'Brien & "x" | y:* \\ %_`)).toBe('o:* & brien:* & x:* & y:*');
    expect(prefixQuery('&|!:*')).toBeUndefined();
    // a NUL is refused wherever a request is read (issue 27, server/core/input-guard.ts)
    expect((await search(viewer, 'north', `?q=${encodeURIComponent('\u0000')}`)).json().errors).toEqual({ q: ['validation.nul'] });
    expect((await search(viewer, 'north', '?page=0')).statusCode).toBe(422);
    expect((await search(viewer, 'north', '?country[]=abc')).statusCode).toBe(422);
    expect((await search(viewer, 'north', '?industry[]=magic')).statusCode).toBe(422);
    expect((await search(viewer, 'north', '?school[]=%00')).statusCode).toBe(422);
    expect((await search(viewer, 'north', `?school[]=${encodeURIComponent("north' or '1'='1")}`)).statusCode).toBe(422);
  });

  it('NOT_ON_NETWORKING: an off viewer cannot search, but still reads and saves their own profile and page', async () => {
    const token = tok['elena.smirnova'];
    const res = await search(token, 'demo');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ name: 'NOT_ON_NETWORKING', category: 'access' });
    expect((await api.call({ method: 'GET', url: '/api/networking', token })).json().data.status).toBe('off');
    expect((await api.call({ method: 'GET', url: `/api/user/networking/demo/${ids['elena.smirnova']}`, token })).statusCode).toBe(200);
  });

  it('a user without a profile is off until they choose', async () => {
    const admin = tok.admin;
    expect((await api.call({ method: 'GET', url: '/api/networking', token: admin })).json().data.status).toBe('off');
    expect((await search(admin, 'demo')).json().name).toBe('NOT_ON_NETWORKING');
  });

  it('the networking flag off: every route answers NOT_ON_NETWORKING; another school that switched it off shows no one', async () => {
    await setStatus(tok['student@north'], 'north', 'global');
    await setAccessFlag(api.app.schoolDb(1), 'networking', false);
    api.app.forgetTenantCaches();
    for (const [method, url, token] of [
      ['GET', '/api/networking', tok['student@demo']],
      ['PUT', '/api/networking', tok['student@demo']],
      ['GET', '/api/search/networking', tok['student@demo']],
      ['GET', `/api/user/networking/demo/${ids['olga.petrova']}`, tok['student@demo']],
      ['GET', `/api/networking/${ids['olga.petrova']}/getTree`, tok['student@demo']],
      ['GET', '/admin/networking/curator', tok.moderator],
      ['GET', '/admin/networking/curator/export', tok.moderator],
      ['GET', `/admin/networking/curator/demo/${ids['olga.petrova']}`, tok.moderator],
    ] as const) {
      const res = await api.call({ method, url, token, ...(method === 'PUT' ? { payload: { status: 'global' } } : {}) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().name, url).toBe('NOT_ON_NETWORKING');
    }
    // north still works, but demo's global members are gone from it
    const fromNorth = (await search(tok['student@north'], 'north', '?per_page=100')).json().data;
    expect(fromNorth.some((c: { domain: string }) => c.domain === 'demo')).toBe(false);
    expect((await api.call({ method: 'GET', url: `/api/user/networking/demo/${ids['olga.petrova']}`, token: tok['student@north'], tenant: 'north' })).statusCode).toBe(404);
    await setAccessFlag(api.app.schoolDb(1), 'networking', true);
    api.app.forgetTenantCaches();
    expect((await search(tok['student@north'], 'north', '?per_page=100')).json().data.some((c: { domain: string }) => c.domain === 'demo')).toBe(true);
  });

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
