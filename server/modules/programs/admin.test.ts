import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { chapters, media, programs, quizzes, tenants, users } from '../../db/schema/index.ts';

interface Item {
  id: number;
  title: string;
  kind: string;
  sort: number;
}
interface Chapter {
  id: number;
  program_id: number;
  title: string;
  sort: number;
  media: Item[];
  quizzes: Item[];
}

describe('program builder', () => {
  let api: TestApi;
  let admin: string;
  let student: string;
  let moderator: string;
  let trainer: string;
  let northAdmin: string;
  let demoId: number;
  let northId: number;
  const north = { program: 0, chapter: 0, media: 0, quiz: 0 };
  const demo = { assigned: 0, unassigned: 0, media: [] as number[], quizzes: [] as number[] };

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers?: Record<string, string>) =>
    api.call({ method, url, token, payload: payload as never, headers });
  const newProgram = async (title: string) => (await call(admin, 'POST', '/admin/program', { title })).json().data.id as number;
  const addChapter = async (program_id: number, title: string) => {
    const res = await call(admin, 'POST', '/admin/programChapter', { program_id, title });
    expect(res.statusCode).toBe(201);
    return res.json().data as Chapter;
  };
  const structure = async (id: number, token = admin) => (await call(token, 'GET', `/admin/program/${id}/structure`)).json().data as { id: number; chapters: Chapter[] };

  beforeAll(async () => {
    api = await startTestApi();
    [admin, student, moderator, trainer, northAdmin] = await Promise.all([api.login('admin'), api.login('student'), api.login('moderator'), api.login('trainer'), api.login('admin', 'north')]);
    demoId = (await api.db.select().from(tenants).where(eq(tenants.slug, 'demo')))[0].id;
    northId = (await api.db.select().from(tenants).where(eq(tenants.slug, 'north')))[0].id;
    const byTitle = async (tenant: number, title: string) =>
      (
        await api.db
          .select()
          .from(programs)
          .where(and(eq(programs.tenant_id, tenant), eq(programs.title, title)))
      )[0].id;
    demo.assigned = await byTitle(demoId, 'Стратегический менеджмент');
    demo.unassigned = await byTitle(demoId, 'Маркетинг');
    demo.media = (await api.db.select().from(media).where(eq(media.tenant_id, demoId)).orderBy(media.id)).map((m) => m.id);
    demo.quizzes = (await api.db.select().from(quizzes).where(eq(quizzes.tenant_id, demoId)).orderBy(quizzes.id)).map((q) => q.id);
    north.program = (await api.db.select().from(programs).where(eq(programs.tenant_id, northId)))[0].id;
    north.chapter = (await api.db.select().from(chapters).where(eq(chapters.tenant_id, northId)))[0].id;
    north.media = (await api.db.select().from(media).where(eq(media.tenant_id, northId)))[0].id;
    north.quiz = (await api.db.select().from(quizzes).where(eq(quizzes.tenant_id, northId)))[0].id;
  });
  afterAll(() => api.close());

  describe('/admin/programChapter', () => {
    it('adds chapters at the end, lists them in order, reads, renames and deletes one', async () => {
      const pid = await newProgram('Builder: CRUD');
      const a = await addChapter(pid, 'Введение');
      const b = await addChapter(pid, 'Кейсы');
      expect([a.sort, b.sort]).toEqual([1, 2]);
      expect(a).toMatchObject({ program_id: pid, title: 'Введение', media: [], quizzes: [] });
      const list = (await call(admin, 'GET', `/admin/programChapter?filter[program_id]=${pid}`)).json();
      expect(list.data.map((c: Chapter) => c.title)).toEqual(['Введение', 'Кейсы']);
      expect(list.data[0]).toMatchObject({ media_count: 0, quizzes_count: 0 });
      expect(list.meta.total).toBe(2);
      const renamed = await call(admin, 'PUT', `/admin/programChapter/${a.id}`, { title: 'Введение в курс' });
      expect(renamed.json().data.title).toBe('Введение в курс');
      expect((await call(admin, 'GET', `/admin/programChapter/${a.id}`)).json().data.title).toBe('Введение в курс');
      expect((await call(admin, 'DELETE', `/admin/programChapter/${a.id}`)).statusCode).toBe(200);
      expect((await call(admin, 'GET', `/admin/programChapter/${a.id}`)).json().name).toBe('NOT_FOUND_CHAPTER');
      expect((await call(admin, 'DELETE', `/admin/programChapter/${a.id}`)).statusCode).toBe(404);
      // a new chapter still goes last
      expect((await addChapter(pid, 'Итоги')).sort).toBe(3);
      expect((await structure(pid)).chapters.map((c) => c.title)).toEqual(['Кейсы', 'Итоги']);
    });

    it('refuses bad input with 422', async () => {
      const pid = await newProgram('Builder: input');
      const c = await addChapter(pid, 'Глава');
      for (const body of [{ program_id: pid, title: '' }, { program_id: pid }, { title: 'x' }, { program_id: 'abc', title: 'x' }, { program_id: pid, title: 'x'.repeat(256) }]) {
        const res = await call(admin, 'POST', '/admin/programChapter', body);
        expect(res.statusCode).toBe(422);
        expect(res.json().name).toBe('Validation Error');
      }
      expect((await call(admin, 'PUT', `/admin/programChapter/${c.id}`, { title: '' })).json().errors.title).toEqual(['validation.required']);
      expect((await call(admin, 'PUT', `/admin/programChapter/${c.id}`, { title: '   ' })).statusCode).toBe(422);
      expect((await call(admin, 'GET', '/admin/programChapter?filter[program_id]=abc')).json().errors['filter.program_id']).toBeDefined();
      expect((await call(admin, 'GET', '/admin/programChapter/abc')).statusCode).toBe(422);
    });

    it('keeps schools apart', async () => {
      expect((await call(admin, 'POST', '/admin/programChapter', { program_id: north.program, title: 'Чужая' })).json().name).toBe('NOT_FOUND_PROGRAM');
      expect((await call(admin, 'GET', `/admin/programChapter/${north.chapter}`)).json().name).toBe('NOT_FOUND_CHAPTER');
      expect((await call(admin, 'PUT', `/admin/programChapter/${north.chapter}`, { title: 'x' })).statusCode).toBe(404);
      expect((await call(admin, 'DELETE', `/admin/programChapter/${north.chapter}`)).statusCode).toBe(404);
      expect((await call(admin, 'GET', `/admin/programChapter?filter[program_id]=${north.program}`)).json().name).toBe('NOT_FOUND_PROGRAM');
      // a north token is not valid on the demo domain
      expect((await call(northAdmin, 'GET', '/admin/programChapter?per_page=100')).statusCode).toBe(401);
      const northList = (await api.call({ method: 'GET', url: '/admin/programChapter?per_page=100', token: northAdmin, tenant: 'north' })).json();
      expect(northList.data.length).toBeGreaterThan(0);
      expect(northList.data.map((c: Chapter) => c.id)).toContain(north.chapter);
      const demoChapters = (await api.db.select().from(chapters).where(eq(chapters.tenant_id, demoId))).map((c) => c.id);
      expect(northList.data.some((c: Chapter) => demoChapters.includes(c.id))).toBe(false);
    });

    it('refuses students and moderators; trainers read only assigned programs and change nothing', async () => {
      const assigned = (await structure(demo.assigned)).chapters[0];
      for (const token of [student, moderator]) {
        expect((await call(token, 'GET', '/admin/programChapter')).statusCode).toBe(403);
        expect((await call(token, 'GET', `/admin/programChapter/${assigned.id}`)).statusCode).toBe(403);
        expect((await call(token, 'POST', '/admin/programChapter', { program_id: demo.assigned, title: 'x' })).statusCode).toBe(403);
      }
      expect((await call(trainer, 'GET', `/admin/programChapter/${assigned.id}`)).json().data.media.length).toBeGreaterThan(0);
      const own = (await call(trainer, 'GET', '/admin/programChapter?per_page=100')).json().data as Chapter[];
      expect(new Set(own.map((c) => c.program_id)).has(demo.unassigned)).toBe(false);
      expect(own.some((c) => c.program_id === demo.assigned)).toBe(true);
      const other = (await structure(demo.unassigned)).chapters[0];
      expect((await call(trainer, 'GET', `/admin/programChapter/${other.id}`)).json().name).toBe('ERROR_ACCESS');
      expect((await call(trainer, 'GET', `/admin/programChapter?filter[program_id]=${demo.unassigned}`)).statusCode).toBe(403);
      expect((await call(trainer, 'POST', '/admin/programChapter', { program_id: demo.assigned, title: 'x' })).statusCode).toBe(403);
      expect((await call(trainer, 'PUT', `/admin/programChapter/${assigned.id}`, { title: 'x' })).statusCode).toBe(403);
      expect((await call(trainer, 'DELETE', `/admin/programChapter/${assigned.id}`)).statusCode).toBe(403);
      expect((await call(trainer, 'POST', `/admin/programChapter/${assigned.id}/attachMedia`, { media_id: demo.media[0] })).statusCode).toBe(403);
      expect((await call(trainer, 'POST', `/admin/program/${demo.assigned}/sortChapter`, { ids: [assigned.id] })).statusCode).toBe(403);
    });
  });

  describe('sortChapter and structure', () => {
    it('reorders chapters; every id must be a chapter of the program', async () => {
      const pid = await newProgram('Builder: sort');
      const [a, b, c] = [await addChapter(pid, 'A'), await addChapter(pid, 'B'), await addChapter(pid, 'C')];
      const res = await call(admin, 'POST', `/admin/program/${pid}/sortChapter`, { ids: [c.id, a.id, b.id] });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.chapters.map((x: Chapter) => x.title)).toEqual(['C', 'A', 'B']);
      expect((await structure(pid)).chapters.map((x) => [x.title, x.sort])).toEqual([
        ['C', 1],
        ['A', 2],
        ['B', 3],
      ]);
      // a partial list moves those first, the rest keep their order
      await call(admin, 'POST', `/admin/program/${pid}/sortChapter`, { ids: [b.id] });
      expect((await structure(pid)).chapters.map((x) => x.title)).toEqual(['B', 'C', 'A']);
      const otherProgram = (await structure(demo.assigned)).chapters[0].id;
      for (const ids of [[a.id, otherProgram], [north.chapter], []]) {
        const bad = await call(admin, 'POST', `/admin/program/${pid}/sortChapter`, { ids });
        expect(bad.statusCode).toBe(422);
      }
      expect((await call(admin, 'POST', `/admin/program/${pid}/sortChapter`, { ids: ['x'] })).statusCode).toBe(422);
      expect((await structure(pid)).chapters.map((x) => x.title)).toEqual(['B', 'C', 'A']);
      expect((await call(admin, 'POST', `/admin/program/${north.program}/sortChapter`, { ids: [north.chapter] })).json().name).toBe('NOT_FOUND_PROGRAM');
      for (const token of [student, moderator, trainer]) expect((await call(token, 'POST', `/admin/program/${pid}/sortChapter`, { ids: [a.id] })).statusCode).toBe(403);
    });

    it('answers chapters with media and quizzes in order, for admins and assigned trainers', async () => {
      const s = await structure(demo.assigned);
      expect(s.chapters.map((c) => c.title)).toEqual(['Введение в стратегию', 'Анализ отрасли']);
      expect(s.chapters[0].media.map((m) => m.title)).toEqual(['Лекция 1. Что такое стратегия', 'Конспект лекции']);
      expect(s.chapters[1].quizzes.map((q) => q.title)).toEqual(['Экзамен по стратегии']);
      expect((await structure(demo.assigned, trainer)).chapters).toHaveLength(2);
      expect((await call(trainer, 'GET', `/admin/program/${demo.unassigned}/structure`)).statusCode).toBe(403);
      for (const token of [student, moderator]) expect((await call(token, 'GET', `/admin/program/${demo.assigned}/structure`)).statusCode).toBe(403);
      expect((await call(admin, 'GET', `/admin/program/${north.program}/structure`)).json().name).toBe('NOT_FOUND_PROGRAM');
      expect((await call(admin, 'GET', '/admin/program/0/structure')).statusCode).toBe(422);
    });
  });

  describe('attachments', () => {
    it('attaches, sorts and detaches media; attaching twice changes nothing', async () => {
      const pid = await newProgram('Builder: media');
      const c = await addChapter(pid, 'Материалы');
      const [m1, m2, m3] = demo.media;
      const url = (action: string) => `/admin/programChapter/${c.id}/${action}`;
      expect((await call(admin, 'POST', url('attachMedia'), { media_id: m1 })).json().data.media.map((m: Item) => m.id)).toEqual([m1]);
      await call(admin, 'POST', url('attachMedia'), { media_id: m2 });
      await call(admin, 'POST', url('attachMedia'), { media_id: m3 });
      const again = await call(admin, 'POST', url('attachMedia'), { media_id: m1 });
      expect(again.statusCode).toBe(200);
      expect(again.json().data.media.map((m: Item) => m.id)).toEqual([m1, m2, m3]);
      const sorted = await call(admin, 'POST', url('sortMedia'), { ids: [m3, m1, m2] });
      expect(sorted.json().data.media.map((m: Item) => [m.id, m.sort])).toEqual([
        [m3, 1],
        [m1, 2],
        [m2, 3],
      ]);
      expect((await call(admin, 'POST', url('sortMedia'), { ids: [m1, demo.media[4]] })).statusCode).toBe(422);
      expect((await call(admin, 'POST', url('sortMedia'), { ids: [] })).statusCode).toBe(422);
      const detached = await call(admin, 'POST', url('detachMedia'), { media_id: m1 });
      expect(detached.json().data.media.map((m: Item) => m.id)).toEqual([m3, m2]);
      expect((await call(admin, 'POST', url('detachMedia'), { media_id: m1 })).json().name).toBe('NOT_FOUND_MEDIA');
      // the material itself stays in the library and in its other chapters
      expect((await structure(demo.assigned)).chapters[0].media.map((m) => m.id)).toContain(m1);
      expect((await call(admin, 'POST', url('attachMedia'), { media_id: north.media })).json().name).toBe('NOT_FOUND_MEDIA');
      expect((await call(admin, 'POST', url('attachMedia'), { media_id: 'x' })).statusCode).toBe(422);
      expect((await call(admin, 'POST', url('attachMedia'), {})).statusCode).toBe(422);
      expect((await call(admin, 'POST', `/admin/programChapter/${north.chapter}/attachMedia`, { media_id: m1 })).json().name).toBe('NOT_FOUND_CHAPTER');
      for (const token of [student, moderator, trainer]) {
        expect((await call(token, 'POST', url('attachMedia'), { media_id: m1 })).statusCode).toBe(403);
        expect((await call(token, 'POST', url('detachMedia'), { media_id: m2 })).statusCode).toBe(403);
        expect((await call(token, 'POST', url('sortMedia'), { ids: [m2] })).statusCode).toBe(403);
      }
      // the learner portal shows the chapter's materials in the new order
      // (read from the chapter itself: a search of the answer's text for `"id":5` also finds `"id":52` of another row)
      const tree = (await call(admin, 'GET', `/api/program/${pid}`)).json().data as { chapters: { id: number; media: Item[] }[] };
      expect(tree.chapters.find((x) => x.id === c.id)?.media.map((m) => m.id)).toEqual([m3, m2]);
    });

    it('attaches, sorts and detaches quizzes', async () => {
      const pid = await newProgram('Builder: quizzes');
      const c = await addChapter(pid, 'Тесты');
      const [q1, q2] = demo.quizzes;
      const url = (action: string) => `/admin/programChapter/${c.id}/${action}`;
      await call(admin, 'POST', url('attachQuiz'), { quiz_id: q1 });
      await call(admin, 'POST', url('attachQuiz'), { quiz_id: q2 });
      expect((await call(admin, 'POST', url('attachQuiz'), { quiz_id: q2 })).json().data.quizzes.map((q: Item) => q.id)).toEqual([q1, q2]);
      expect((await call(admin, 'POST', url('sortQuiz'), { ids: [q2, q1] })).json().data.quizzes.map((q: Item) => q.id)).toEqual([q2, q1]);
      expect((await call(admin, 'POST', url('sortQuiz'), { ids: [north.quiz] })).statusCode).toBe(422);
      expect((await call(admin, 'POST', url('detachQuiz'), { quiz_id: q2 })).json().data.quizzes.map((q: Item) => q.id)).toEqual([q1]);
      expect((await call(admin, 'POST', url('detachQuiz'), { quiz_id: q2 })).json().name).toBe('NOT_FOUND_QUIZ');
      expect((await call(admin, 'POST', url('attachQuiz'), { quiz_id: north.quiz })).json().name).toBe('NOT_FOUND_QUIZ');
      expect((await call(admin, 'POST', url('attachQuiz'), { quiz_id: -1 })).statusCode).toBe(422);
      expect((await call(admin, 'POST', `/admin/programChapter/${north.chapter}/attachQuiz`, { quiz_id: q1 })).json().name).toBe('NOT_FOUND_CHAPTER');
      for (const token of [student, moderator, trainer]) {
        expect((await call(token, 'POST', url('attachQuiz'), { quiz_id: q2 })).statusCode).toBe(403);
        expect((await call(token, 'POST', url('detachQuiz'), { quiz_id: q1 })).statusCode).toBe(403);
        expect((await call(token, 'POST', url('sortQuiz'), { ids: [q1] })).statusCode).toBe(403);
      }
    });

    it("offers the school's materials for the autocomplete", async () => {
      const found = (await call(admin, 'GET', `/admin/programChapter/options/media?q=${encodeURIComponent('Портера')}`)).json();
      expect(found.data).toEqual([expect.objectContaining({ title: 'Пять сил Портера', kind: 'link' })]);
      const all = (await call(admin, 'GET', '/admin/programChapter/options/media?per_page=100')).json().data.map((m: Item) => m.id);
      expect(all).not.toContain(north.media);
      expect((await call(admin, 'GET', '/admin/programChapter/options/media?per_page=1000')).statusCode).toBe(422);
      for (const token of [student, moderator, trainer]) expect((await call(token, 'GET', '/admin/programChapter/options/media')).statusCode).toBe(403);
    });
  });

  describe('clone, duplicate and bulk delete', () => {
    const studentId = async () =>
      (
        await api.db
          .select()
          .from(users)
          .where(and(eq(users.login, 'student'), eq(users.tenant_id, demoId)))
      )[0].id;

    it('clones a program deeply, without its enrolments', async () => {
      const pid = (await call(admin, 'POST', '/admin/program', { title: 'Оригинал', title_en: 'Original', days_to_study: 30, short_description: 'Кратко', skills: ['A'] })).json().data.id;
      const a = await addChapter(pid, 'Первая');
      const b = await addChapter(pid, 'Вторая');
      await call(admin, 'POST', `/admin/programChapter/${a.id}/attachMedia`, { media_id: demo.media[1] });
      await call(admin, 'POST', `/admin/programChapter/${a.id}/attachMedia`, { media_id: demo.media[0] });
      await call(admin, 'POST', `/admin/programChapter/${b.id}/attachQuiz`, { quiz_id: demo.quizzes[0] });
      await call(admin, 'POST', `/admin/program/${pid}/sortChapter`, { ids: [b.id, a.id] });
      await call(admin, 'POST', `/admin/program/${pid}/setUser`, { users: [await studentId()] });
      const res = await call(admin, 'POST', `/admin/program/${pid}/clone`);
      expect(res.statusCode).toBe(201);
      const copy = res.json().data;
      expect(copy).toMatchObject({ title: 'Оригинал (копия)', title_en: 'Original (copy)', days_to_study: 30, short_description: 'Кратко', skills: ['A'] });
      expect(copy.id).not.toBe(pid);
      const [src, dst] = [await structure(pid), await structure(copy.id)];
      const shape = (s: typeof src) => s.chapters.map((c) => ({ title: c.title, media: c.media.map((m) => m.id), quizzes: c.quizzes.map((q) => q.id) }));
      expect(shape(dst)).toEqual(shape(src));
      expect(shape(dst)[1].media).toEqual([demo.media[1], demo.media[0]]);
      expect(dst.chapters.map((c) => c.id).some((id) => src.chapters.some((s) => s.id === id))).toBe(false);
      expect((await call(admin, 'GET', `/admin/program/${copy.id}/enrolment`)).json().data).toEqual({ users: [], groups: [] });
      // changing the copy leaves the original alone
      await call(admin, 'PUT', `/admin/programChapter/${dst.chapters[0].id}`, { title: 'Изменённая' });
      expect((await structure(pid)).chapters[0].title).toBe('Вторая');
      expect((await call(admin, 'POST', `/admin/program/${pid}/clone`, undefined, { 'accept-language': 'en' })).json().data.title).toBe('Оригинал (copy)');
      // trainers of the source edit the copy too
      const withTrainer = (await call(admin, 'POST', `/admin/program/${demo.assigned}/clone`)).json().data.id;
      expect((await call(admin, 'GET', `/admin/program/${withTrainer}`)).json().data.trainer_ids).toHaveLength(1);
      expect((await call(admin, 'POST', `/admin/program/${north.program}/clone`)).json().name).toBe('NOT_FOUND_PROGRAM');
      expect((await call(admin, 'POST', '/admin/program/abc/clone')).statusCode).toBe(422);
      for (const token of [student, moderator, trainer]) expect((await call(token, 'POST', `/admin/program/${demo.assigned}/clone`)).statusCode).toBe(403);
    });

    it('duplicates many programs at once', async () => {
      const [x, y] = [await newProgram('Дубль X'), await newProgram('Дубль Y')];
      await addChapter(x, 'Глава X');
      const res = await call(admin, 'POST', '/admin/duplicate/program', { ids: [y, x, north.program] });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.map((p: { title: string }) => p.title)).toEqual(['Дубль X (копия)', 'Дубль Y (копия)']);
      expect((await structure(res.json().data[0].id)).chapters.map((c) => c.title)).toEqual(['Глава X']);
      expect((await call(admin, 'POST', '/admin/duplicate/program', { ids: [] })).json().name).toBe('NOT_CHECK_ID_PROGRAM');
      expect((await call(admin, 'POST', '/admin/duplicate/program', {})).json().name).toBe('NOT_CHECK_ID_PROGRAM');
      expect((await call(admin, 'POST', '/admin/duplicate/program', { ids: [north.program] })).json().name).toBe('NOT_FOUND_PROGRAM');
      expect((await call(admin, 'POST', '/admin/duplicate/program', { ids: ['x'] })).statusCode).toBe(422);
      for (const token of [student, moderator, trainer]) expect((await call(token, 'POST', '/admin/duplicate/program', { ids: [x] })).statusCode).toBe(403);
    });

    it("deletes many programs at once, never another school's", async () => {
      const [x, y] = [await newProgram('Удалить X'), await newProgram('Удалить Y')];
      const c = await addChapter(x, 'Глава');
      for (const token of [student, moderator, trainer]) expect((await call(token, 'POST', '/admin/delete/program', { ids: [x] })).statusCode).toBe(403);
      const res = await call(admin, 'POST', '/admin/delete/program', { ids: [x, y, north.program] });
      expect(res.json().data).toEqual({ count: 2, deleted: [x, y].sort((p, q) => p - q) });
      expect((await call(admin, 'GET', `/admin/program/${x}`)).json().name).toBe('NOT_FOUND_PROGRAM');
      expect((await call(admin, 'GET', `/admin/programChapter/${c.id}`)).statusCode).toBe(404);
      expect((await api.call({ method: 'GET', url: `/admin/program/${north.program}`, token: northAdmin, tenant: 'north' })).statusCode).toBe(200);
      expect((await call(admin, 'POST', '/admin/delete/program', { ids: [] })).json().name).toBe('NOT_CHECK_ID_PROGRAM');
      expect((await call(admin, 'POST', '/admin/delete/program', {})).statusCode).toBe(422);
      expect((await call(admin, 'POST', '/admin/delete/program', { ids: [north.program] })).json().name).toBe('NOT_FOUND_PROGRAM');
      expect((await call(admin, 'POST', '/admin/delete/program', { ids: 'x' })).statusCode).toBe(422);
    });
  });

  it('keeps the short description to 120 characters', async () => {
    const bad = await call(admin, 'POST', '/admin/program', { title: 'Коротко', short_description: 'я'.repeat(121) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.short_description).toContain('validation.max_length:120');
    const ok = await call(admin, 'POST', '/admin/program', { title: 'Коротко', short_description: 'я'.repeat(120) });
    expect(ok.statusCode).toBe(201);
    const id = ok.json().data.id;
    expect((await call(admin, 'PUT', `/admin/program/${id}`, { short_description: 'x'.repeat(121) })).statusCode).toBe(422);
    expect((await call(admin, 'GET', `/admin/program/${id}`)).json().data.short_description).toHaveLength(120);
  });
});
