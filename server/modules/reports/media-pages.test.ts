import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { events, media, users } from '../../db/schema/index.ts';

type Row = Record<string, unknown>;

/**
 * Media activity by material cuts its page from each material's number of viewers before any figure is computed
 * (media.ts): the pages must be the rows of the whole report in its order, with the figures the other orders give.
 */
describe('getMediaActivity: pages by material', () => {
  let api: TestApi;
  let admin: string;
  let ids: number[];
  const T = 1;

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    const people = await api.db
      .insert(users)
      .values(['a', 'b', 'c'].map((x) => ({ tenant_id: T, login: `mp_${x}`, email: `mp_${x}@demo.test`, password_hash: 'x', role: 'student' as const, name: 'M', surname: `Страничный ${x}` })))
      .returning();
    // two materials of one title (ties broken by id), one before them, one after
    const mats = await api.db
      .insert(media)
      .values(['MP Бета', 'MP Альфа', 'MP Бета', 'MP Гамма'].map((title) => ({ tenant_id: T, title, kind: 'video' as const })))
      .returning();
    ids = mats.map((m) => m.id);
    const day = (d: number, h: number) => new Date(Date.UTC(2026, 4, d, h));
    await api.db.insert(events).values([
      // Альфа: a, b, c; Бета(1): c; Бета(2): a, b; Гамма: b
      ...people.map((u, i) => ({ tenant_id: T, user_id: u.id, kind: 'media_view', subject_type: 'media', subject_id: mats[1].id, created_at: day(1 + i, 9) })),
      { tenant_id: T, user_id: people[2].id, kind: 'media_view', subject_type: 'media', subject_id: mats[0].id, created_at: day(2, 9) },
      { tenant_id: T, user_id: people[2].id, kind: 'media_view', subject_type: 'media', subject_id: mats[0].id, created_at: day(3, 9) },
      { tenant_id: T, user_id: people[0].id, kind: 'media_view', subject_type: 'media', subject_id: mats[2].id, created_at: day(4, 9) },
      { tenant_id: T, user_id: people[1].id, kind: 'video_progress', subject_type: 'media', subject_id: mats[2].id, data: { percent: 55 }, created_at: day(4, 10) },
      { tenant_id: T, user_id: people[1].id, kind: 'media_view', subject_type: 'media', subject_id: mats[3].id, created_at: day(5, 9) },
    ]);
  });
  afterAll(() => api.close());

  const fetchAll = async (query: string, perPage: number) => {
    const out: Row[] = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const body = (await api.call({ method: 'GET', url: `/admin/report/getMediaActivity?period=all&${query}&per_page=${perPage}&page=${page}`, token: admin })).json();
      total = body.meta.total;
      out.push(...body.data);
      if (body.data.length < perPage) break;
    }
    return { rows: out.filter((r) => ids.includes(r.media_id as number)), all: out, total };
  };
  const key = (r: Row) => [r.media, r.media_id, r.login, r.views, r.watched_percent];

  it('every page size gives the rows of the whole report in order, with the same figures as another order', async () => {
    const whole = await fetchAll('sort=media', 100);
    expect(whole.total).toBe(whole.all.length);
    expect(whole.rows.map((r) => [r.media, r.login, r.views, r.watched_percent])).toEqual([
      ['MP Альфа', 'mp_a', 1, null],
      ['MP Альфа', 'mp_b', 1, null],
      ['MP Альфа', 'mp_c', 1, null],
      ['MP Бета', 'mp_c', 2, null],
      ['MP Бета', 'mp_a', 1, null],
      ['MP Бета', 'mp_b', 1, 55],
      ['MP Гамма', 'mp_b', 1, null],
    ]);
    expect(whole.rows.slice(3).map((r) => r.media_id)).toEqual([ids[0], ids[2], ids[2], ids[3]]);
    for (const size of [1, 2, 5]) expect((await fetchAll('sort=media', size)).all.map(key)).toEqual(whole.all.map(key));
    // no sort is the same order
    expect((await fetchAll('', 3)).all.map(key)).toEqual(whole.all.map(key));
    // descending: titles reversed, ties still by material id, then student id
    const down = await fetchAll('sort=media&order=desc', 2);
    expect(down.rows.map((r) => [r.media_id, r.login])).toEqual([
      [ids[3], 'mp_b'],
      [ids[0], 'mp_c'],
      [ids[2], 'mp_a'],
      [ids[2], 'mp_b'],
      [ids[1], 'mp_a'],
      [ids[1], 'mp_b'],
      [ids[1], 'mp_c'],
    ]);
    // the same rows and figures as an order computed over every row
    const byViews = await fetchAll('sort=views', 100);
    const sorted = (rows: Row[]) => rows.map((r) => JSON.stringify(r)).sort();
    expect(sorted(byViews.all)).toEqual(sorted(whole.all));
    expect(byViews.total).toBe(whole.total);
  });
});
