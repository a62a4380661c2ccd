import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('networking: my profile, the status matrix, search, the section flag', () => {
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
});
