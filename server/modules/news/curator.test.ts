import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { news } from '../../db/schema/index.ts';

describe('curator news (/admin/news/curator)', () => {
  let api: TestApi;
  let moderator: string;
  let admin: string;
  beforeAll(async () => {
    api = await startTestApi();
    moderator = await api.login('moderator');
    admin = await api.login('admin');
  });
  afterAll(() => api.close());

  it('lists only curator news, and lets a moderator publish, edit and delete them; moderators read them, students never', async () => {
    const list = (await api.call({ method: 'GET', url: '/admin/news/curator', token: moderator })).json();
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((n: { audience: string }) => n.audience === 'curators')).toBe(true);
    const created = await api.call({
      method: 'POST',
      url: '/admin/news/curator',
      token: moderator,
      payload: { title: ' Отчёты кураторов ', body: '<p>До пятницы</p><script>x</script>', required: '1', audience: 'all' },
    });
    expect(created.statusCode).toBe(201);
    const n = created.json().data;
    expect(n).toMatchObject({ title: 'Отчёты кураторов', audience: 'curators', required: true, body: '<p>До пятницы</p>', read_count: 0 });
    expect((await api.call({ method: 'GET', url: '/api/news/unread/required', token: moderator })).json().data.map((x: { id: number }) => x.id)).toContain(n.id);
    const student = await api.login('student');
    expect((await api.call({ method: 'GET', url: `/api/news/${n.id}`, token: student })).statusCode).toBe(404);
    await api.call({ method: 'PUT', url: `/api/news/${n.id}`, token: moderator });
    expect((await api.call({ method: 'GET', url: `/admin/news/curator/${n.id}`, token: admin })).json().data.read_count).toBe(1);
    // the lists count readers per row too (one grouped query), in the curator list and the admins' list
    for (const url of ['/admin/news/curator?per_page=100', '/admin/news?per_page=100']) {
      const rows = (await api.call({ method: 'GET', url, token: admin })).json().data as { id: number; read_count: number }[];
      expect(rows.find((r) => r.id === n.id)?.read_count, url).toBe(1);
      expect(rows.filter((r) => r.id !== n.id).every((r) => typeof r.read_count === 'number')).toBe(true);
    }
    const edited = await api.call({ method: 'PUT', url: `/admin/news/curator/${n.id}`, token: moderator, payload: { title: 'Отчёты до понедельника', body: '<p>Перенесли</p>', required: false } });
    expect(edited.json().data).toMatchObject({ title: 'Отчёты до понедельника', required: false, audience: 'curators' });
    expect((await api.call({ method: 'GET', url: `/admin/news/curator?q=${encodeURIComponent('понедельника')}`, token: moderator })).json().meta.total).toBe(1);
    expect((await api.call({ method: 'GET', url: '/admin/news/curator?filter[required]=1', token: moderator })).json().data.every((x: { required: boolean }) => x.required)).toBe(true);
    expect((await api.call({ method: 'DELETE', url: `/admin/news/curator/${n.id}`, token: moderator })).statusCode).toBe(200);
    expect(await api.db.select().from(news).where(eq(news.id, n.id))).toHaveLength(0);
  });

  it('does not reach news for everyone through the curator routes', async () => {
    const [forAll] = await api.db
      .select()
      .from(news)
      .where(and(eq(news.tenant_id, 1), eq(news.audience, 'all')));
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await api.call({ method, url: `/admin/news/curator/${forAll.id}`, token: admin, payload: method === 'PUT' ? { title: 'x', body: 'y' } : undefined });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().name).toBe('NOT_FOUND_NEWS');
    }
    const [still] = await api.db.select().from(news).where(eq(news.id, forAll.id));
    expect(still.title).toBe(forAll.title);
  });

  it("refuses trainers and students (403), another school's news (404) and bad input (422)", async () => {
    for (const role of ['trainer', 'student']) {
      const token = await api.login(role);
      expect((await api.call({ method: 'GET', url: '/admin/news/curator', token })).statusCode, role).toBe(403);
      expect((await api.call({ method: 'POST', url: '/admin/news/curator', token, payload: { title: 'x', body: 'y' } })).statusCode, role).toBe(403);
    }
    const [north] = await api.db.insert(news).values({ tenant_id: 2, title: 'North curators', body: 'x', audience: 'curators' }).returning();
    expect((await api.call({ method: 'GET', url: `/admin/news/curator/${north.id}`, token: moderator })).statusCode).toBe(404);
    expect((await api.call({ method: 'PUT', url: `/admin/news/curator/${north.id}`, token: moderator, payload: { title: 'x', body: 'y' } })).statusCode).toBe(404);
    expect((await api.call({ method: 'DELETE', url: `/admin/news/curator/${north.id}`, token: moderator })).statusCode).toBe(404);
    expect((await api.call({ method: 'GET', url: '/admin/news/curator?per_page=100', token: moderator })).json().data.map((x: { id: number }) => x.id)).not.toContain(north.id);
    const bad = await api.call({ method: 'POST', url: '/admin/news/curator', token: moderator, payload: { title: '', required: 'maybe' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ title: ['validation.required'], body: ['validation.required'] });
    expect(bad.json().errors).toHaveProperty('required');
  });
});
