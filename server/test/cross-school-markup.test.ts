import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { marketListings, media, programs } from '../db/schema/index.ts';
import { startTestApi, type TestApi } from './harness.ts';

/**
 * THE CROSS-SCHOOL MARKUP SUITE (issue 27, "keep it found"; docs/security.md "Rich text and markup between schools").
 * One school's staff and members store hostile markup in every field another school's users can see: a marketplace
 * demo material's body, link and title, the published program's title and descriptions, an ad's titles, a global
 * networking card (names, company, position, skills, about…). The other school's student reads each of them through
 * the API. A rich-text field (`body`, shown as HTML) must carry no script, handler, style, image or javascript: link;
 * a link field only http(s); every other field holding the markup is one the apps show as text (PLAIN, held by
 * common/html/foreign-html.test.tsx: no app renders anything else as HTML). The seller here is `demo` (its seeded
 * listing has demo materials), the reader `north`; the paths are the same both ways.
 */
const HOSTILE =
  '<script>alert(1)</script><img src="https://tracker.example/p.gif" onerror="alert(2)" alt="pic"><a href="javascript:alert(3)">x</a>' +
  '<div style="position:fixed;inset:0">cover</div><p onclick="alert(4)">~mark~</p>';
const MARKUP = /<script|<img|<iframe|\son\w+\s*=|style\s*=|javascript:/i;
/** Fields the apps show as text (React escapes them): the markup arrives as characters, never as elements. */
const PLAIN = new Set([
  'title',
  'title_en',
  'short_description',
  'full_description',
  'requirements',
  'name',
  'surname',
  'full_name',
  'company',
  'position',
  'skills',
  'about',
  'hobbies',
  'education',
  'additionally',
  'pet',
]);
const RICH = new Set(['body']);
const LINKS = new Set(['url', 'logo', 'image', 'href', 'link', 'avatar']);

/** Every string of an answer with the key it sits under. */
function strings(v: unknown, key = '', out: [string, string][] = []): [string, string][] {
  if (typeof v === 'string') out.push([key, v]);
  else if (Array.isArray(v)) for (const x of v) strings(x, key, out);
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) strings(x, k, out);
  return out;
}

describe('cross-school markup: what one school stores never reaches another school’s page as markup', () => {
  let api: TestApi;
  const findings: string[] = [];
  let plainSeen = 0;
  let richSeen = 0;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api?.close());

  function check(where: string, answer: unknown) {
    for (const [key, text] of strings(answer)) {
      if (RICH.has(key)) {
        richSeen++;
        if (MARKUP.test(text)) findings.push(`${where} ${key}: ${text}`);
      } else if (LINKS.has(key)) {
        if (/^\s*(javascript|data|vbscript):/i.test(text)) findings.push(`${where} ${key}: ${text}`);
      } else if (MARKUP.test(text)) {
        if (PLAIN.has(key)) plainSeen++;
        else findings.push(`${where} ${key} (not a text field): ${text}`);
      }
    }
  }

  it('demo stores hostile markup everywhere north can see it; north reads it only as text or cleaned rich text', async () => {
    const admin = await api.login('admin');
    const [listing] = await api.db
      .select({ program_id: marketListings.program_id, demo_media: marketListings.demo_media })
      .from(marketListings)
      .where(and(eq(marketListings.tenant_id, 1), eq(marketListings.published, true)));
    const demoMedia = await api.db
      .select()
      .from(media)
      .where(inArray(media.id, listing.demo_media ?? []));
    const text = demoMedia.find((m) => m.kind === 'text');
    expect(text).toBeDefined();
    // through the back office, as a school's staff would (PUT /admin/media/{id}: the probe's path)
    const saved = await api.call({ method: 'PUT', url: `/admin/media/${text?.id}`, token: admin, payload: { title: `T ${HOSTILE}`, body: `<h2>Notes</h2>${HOSTILE}` } });
    expect(saved.statusCode).toBe(200);
    // cleaned when saved (its own school may show an outside image; another school never gets one)
    expect(saved.json().data.body).not.toMatch(/<script|\son\w+\s*=|style\s*=|javascript:/i);
    const prog = await api.call({
      method: 'PUT',
      url: `/admin/program/${listing.program_id}`,
      token: admin,
      payload: { title: `P ${HOSTILE}`, short_description: HOSTILE.slice(0, 120), full_description: HOSTILE },
    });
    expect([prog.statusCode, prog.statusCode === 200 ? null : prog.body]).toEqual([200, null]);
    const day = new Date().toISOString().slice(0, 10);
    const ad = await api.call({
      method: 'POST',
      url: '/admin/marketplace/ad',
      token: admin,
      payload: { title: `A ${HOSTILE}`.slice(0, 255), title_en: HOSTILE.slice(0, 255), program_id: listing.program_id, starts_on: day, ends_on: day },
    });
    expect(ad.statusCode).toBe(201);
    // a global networking member of demo fills their card
    const olga = await api.login('olga.petrova');
    const card = { company: HOSTILE.slice(0, 255), position: HOSTILE.slice(0, 255), skills: HOSTILE, about: HOSTILE, hobbies: HOSTILE, status: 'global' };
    const put = await api.call({ method: 'PUT', url: '/api/networking', token: olga, payload: card });
    expect([put.statusCode, put.statusCode === 200 ? null : put.body]).toEqual([200, null]);
    const named = await api.call({ method: 'PUT', url: '/api/user', token: olga, payload: { name: HOSTILE.slice(0, 100), surname: 'Петрова' } });
    expect([named.statusCode, named.statusCode === 200 ? null : named.body]).toEqual([200, null]);
    const olgaId = (await api.call({ method: 'GET', url: '/api/networking', token: olga })).json().data.id;

    // north's student reads every path
    const north = await api.login('student', 'north');
    const read = async (url: string) => {
      const res = await api.call({ method: 'GET', url, token: north, tenant: 'north' });
      expect([url, res.statusCode]).toEqual([url, 200]);
      check(url, res.json());
      return res.json();
    };
    expect((await api.call({ method: 'PUT', url: '/api/networking', token: north, tenant: 'north', payload: { status: 'global' } })).statusCode).toBe(200);
    const catalogue = await read('/api/marketplace/program?per_page=100');
    expect(JSON.stringify(catalogue.ads)).toContain('~mark~');
    await read(`/api/marketplace/program/${listing.program_id}`);
    const view = await read(`/api/marketplace/demo/${text?.id}/view?program_id=${listing.program_id}`);
    expect(view.data.body).toContain('Notes');
    expect(view.data.body).toContain('~mark~');
    await read(`/api/search/networking?q=${encodeURIComponent('Петрова')}&per_page=100`);
    await read(`/api/user/networking/demo/${olgaId}`);

    // a row stored before the cleaner (or written around the API): cleaned where it leaves for another school
    await api.db
      .update(media)
      .set({ body: `<h2>Old</h2>${HOSTILE}` })
      .where(eq(media.id, text?.id ?? 0));
    const old = await read(`/api/marketplace/demo/${text?.id}/view?program_id=${listing.program_id}`);
    expect(old.data.body).toContain('Old');
    // a link material of the seller with a javascript: address
    const link = demoMedia.find((m) => m.kind !== 'text') ?? text;
    await api.db
      .update(media)
      .set({ kind: 'link', url: 'javascript:alert(document.domain)', path: null })
      .where(eq(media.id, link?.id ?? 0));
    const linkView = await read(`/api/marketplace/demo/${link?.id}/view?program_id=${listing.program_id}`);
    expect(linkView.data.url).toBeNull();
    await api.db.update(programs).set({ logo: 'javascript:alert(1)' }).where(eq(programs.id, listing.program_id));
    await read(`/api/marketplace/program/${listing.program_id}`);

    expect(findings).toEqual([]);
    // the markup did reach north, as text: the check was live
    expect(plainSeen).toBeGreaterThan(10);
    expect(richSeen).toBeGreaterThan(1);
  });
});
