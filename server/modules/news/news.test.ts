import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { events, news } from '../../db/schema/index.ts';

describe('news', () => {
  let api: TestApi;
  let student: string;
  let admin: string;
  let moderator: string;
  const northNewsId = async () => (await api.db.select().from(news).where(eq(news.tenant_id, 2)))[0].id;

  beforeAll(async () => {
    api = await startTestApi();
    student = await api.login('student');
    admin = await api.login('admin');
    moderator = await api.login('moderator');
  });
  afterAll(() => api.close());

  it("lists the school's news newest first with read marks, paginated; required=true answers the required ones", async () => {
    const res = await api.call({ method: 'GET', url: '/api/news?per_page=2', token: student });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ total: 3, per_page: 2, last_page: 2, current_page: 1 }); // curator news is not for students
    expect(body.data.map((n: { title: string }) => n.title)).toEqual(['Правила итоговой аттестации', 'Открыт набор на программу «Лидерство»']);
    expect(body.data[0]).toMatchObject({ required: true, is_read: false, title_en: 'Final assessment rules' });
    const required = (await api.call({ method: 'GET', url: '/api/news?required=true', token: student })).json();
    expect(required.data.map((n: { title: string }) => n.title)).toEqual(['Правила итоговой аттестации']);
    expect((await api.call({ method: 'GET', url: '/api/news?page=0', token: student })).statusCode).toBe(422);
    expect((await api.call({ method: 'GET', url: '/api/news?required=maybe', token: student })).json().errors).toHaveProperty('required');
  });

  it('marks a news item read once, records news_read, and the required gate empties', async () => {
    const [req] = (await api.call({ method: 'GET', url: '/api/news?required=true', token: student })).json().data;
    expect((await api.call({ method: 'GET', url: '/api/news/unread/required', token: student })).json().data).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      const put = await api.call({ method: 'PUT', url: `/api/news/${req.id}`, token: student });
      expect(put.json().data).toEqual({ id: req.id, is_read: true });
    }
    expect((await api.call({ method: 'GET', url: '/api/news/unread/required', token: student })).json().data).toEqual([]);
    expect((await api.call({ method: 'GET', url: `/api/news/${req.id}`, token: student })).json().data.is_read).toBe(true);
    const reads = await api.db
      .select()
      .from(events)
      .where(and(eq(events.kind, 'news_read'), eq(events.subject_id, req.id)));
    expect(reads).toHaveLength(1);
    // the same item is still unread for the admin
    expect((await api.call({ method: 'GET', url: `/api/news/${req.id}`, token: admin })).json().data.is_read).toBe(false);
    // method override
    const viaPost = await api.call({ method: 'POST', url: `/api/news/${req.id}`, token: admin, payload: { _method: 'PUT' } });
    expect(viaPost.json().data.is_read).toBe(true);
  });

  it('gives moderators the curator news only, and hides it from others', async () => {
    const list = (await api.call({ method: 'GET', url: '/api/news', token: moderator })).json().data;
    expect(list.map((n: { title: string }) => n.title)).toEqual(['Совещание кураторов']);
    const [curator] = await api.db
      .select()
      .from(news)
      .where(and(eq(news.tenant_id, 1), eq(news.audience, 'curators')));
    expect((await api.call({ method: 'GET', url: `/api/news/${curator.id}`, token: student })).json().name).toBe('NOT_FOUND_NEWS');
    expect((await api.call({ method: 'PUT', url: `/api/news/${curator.id}`, token: student })).statusCode).toBe(404);
  });

  it('keeps schools apart and refuses without a session', async () => {
    const id = await northNewsId();
    expect((await api.call({ method: 'GET', url: `/api/news/${id}`, token: student })).statusCode).toBe(404);
    expect((await api.call({ method: 'PUT', url: `/api/news/${id}`, token: student })).json().name).toBe('NOT_FOUND_NEWS');
    const north = await api.login('student', 'north');
    expect((await api.call({ method: 'GET', url: '/api/news', token: north })).statusCode).toBe(401);
    expect((await api.call({ method: 'GET', url: '/api/news' })).statusCode).toBe(401);
    expect((await api.call({ method: 'GET', url: '/api/news/abc', token: student })).statusCode).toBe(422);
  });

  it('lets admins publish, edit and delete news with sanitised bodies', async () => {
    const created = await api.call({
      method: 'POST',
      url: '/admin/news',
      token: admin,
      payload: { title: ' Экзамены ', title_en: 'Exams', body: '<p>ok</p><script>alert(1)</script><img src="x.png" onerror="alert(1)"><a href="javascript:alert(1)">x</a>', required: true },
    });
    expect(created.statusCode).toBe(201);
    const n = created.json().data;
    expect(n).toMatchObject({ title: 'Экзамены', title_en: 'Exams', required: true, audience: 'all' });
    expect(n.body).toContain('<p>ok</p>');
    expect(n.body).toContain('<img src="x.png" />');
    expect(n.body).not.toMatch(/script|onerror|javascript/);
    const [stored] = await api.db.select().from(news).where(eq(news.id, n.id));
    expect(stored.body).not.toContain('script'); // sanitised on write
    expect((await api.call({ method: 'GET', url: '/api/news/unread/required', token: student })).json().data.map((x: { id: number }) => x.id)).toContain(n.id);
    const edited = await api.call({ method: 'PUT', url: `/admin/news/${n.id}`, token: admin, payload: { title: 'Экзамены перенесены', body: '<p>На неделю</p>', required: false } });
    expect(edited.json().data).toMatchObject({ title: 'Экзамены перенесены', required: false, title_en: null });
    const list = (await api.call({ method: 'GET', url: '/admin/news?q=перенесены', token: admin })).json();
    expect(list.meta.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id: n.id, read_count: 0 });
    // % and _ are searched as typed, not as wildcards that match every news item
    expect((await api.call({ method: 'GET', url: `/admin/news?q=${encodeURIComponent('%')}`, token: admin })).json().meta.total).toBe(0);
    expect((await api.call({ method: 'GET', url: '/admin/news?q=_', token: admin })).json().meta.total).toBe(0);
    expect((await api.call({ method: 'GET', url: `/admin/news/${n.id}`, token: admin })).json().data.title).toBe('Экзамены перенесены');
    expect((await api.call({ method: 'DELETE', url: `/admin/news/${n.id}`, token: admin })).statusCode).toBe(200);
    expect((await api.call({ method: 'GET', url: `/api/news/${n.id}`, token: student })).statusCode).toBe(404);
  });

  it('lets moderators manage curator news only', async () => {
    const mine = await api.call({ method: 'POST', url: '/admin/news', token: moderator, payload: { title: 'Кураторам', body: '<p>Отчёты до пятницы</p>' } });
    expect(mine.statusCode).toBe(201);
    expect(mine.json().data.audience).toBe('curators');
    expect((await api.call({ method: 'POST', url: '/admin/news', token: moderator, payload: { title: 'Всем', body: 'x', audience: 'all' } })).statusCode).toBe(403);
    const list = (await api.call({ method: 'GET', url: '/admin/news', token: moderator })).json().data;
    expect(list.every((n: { audience: string }) => n.audience === 'curators')).toBe(true);
    const [forAll] = await api.db
      .select()
      .from(news)
      .where(and(eq(news.tenant_id, 1), eq(news.audience, 'all')));
    expect((await api.call({ method: 'PUT', url: `/admin/news/${forAll.id}`, token: moderator, payload: { title: 'x', body: 'y' } })).json().name).toBe('NOT_FOUND_NEWS');
    expect((await api.call({ method: 'DELETE', url: `/admin/news/${forAll.id}`, token: moderator })).statusCode).toBe(404);
  });

  it("refuses the back office to other roles, other schools' ids and bad input", async () => {
    for (const role of ['student', 'trainer']) {
      const token = await api.login(role);
      expect((await api.call({ method: 'GET', url: '/admin/news', token })).statusCode, role).toBe(403);
      expect((await api.call({ method: 'POST', url: '/admin/news', token, payload: { title: 'x', body: 'y' } })).statusCode, role).toBe(403);
    }
    const id = await northNewsId();
    expect((await api.call({ method: 'GET', url: `/admin/news/${id}`, token: admin })).statusCode).toBe(404);
    expect((await api.call({ method: 'PUT', url: `/admin/news/${id}`, token: admin, payload: { title: 'x', body: 'y' } })).statusCode).toBe(404);
    expect((await api.call({ method: 'DELETE', url: `/admin/news/${id}`, token: admin })).statusCode).toBe(404);
    const [north] = await api.db.select().from(news).where(eq(news.id, id));
    expect(north.title).not.toBe('x');
    const missing = await api.call({ method: 'POST', url: '/admin/news', token: admin, payload: { title: '' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toMatchObject({ title: ['validation.required'], body: ['validation.required'] });
    const badAudience = await api.call({ method: 'POST', url: '/admin/news', token: admin, payload: { title: 'x', body: 'y', audience: 'everyone' } });
    expect(badAudience.json().errors).toHaveProperty('audience');
  });
});
