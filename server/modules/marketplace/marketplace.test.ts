import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { multipart, zipFile } from '../../test/forms.ts';
import {
  chapterMedia,
  chapters,
  marketDemoViews,
  marketLearners,
  marketListings,
  marketPurchases,
  media,
  programUsers,
  programs,
  quizzes,
  tenants,
  users,
  walletEntries,
  wallets,
} from '../../db/schema/index.ts';
import { publishedPrograms } from './published-programs.ts';

describe('marketplace (issue 13): the named cross-school path', () => {
  let api: TestApi;
  let demo: number;
  let north: number;
  let northStudent: string;
  let demoAdmin: string;
  let strategy: number;
  let finance: number;

  const programId = async (title: string, tenantId: number) =>
    (
      await api.db
        .select()
        .from(programs)
        .where(and(eq(programs.title, title), eq(programs.tenant_id, tenantId)))
    )[0].id;
  const mediaOf = async (program: number, kind: string) =>
    (
      await api.db
        .select({ id: media.id })
        .from(media)
        .innerJoin(chapterMedia, eq(chapterMedia.media_id, media.id))
        .innerJoin(chapters, eq(chapters.id, chapterMedia.chapter_id))
        .where(and(eq(chapters.program_id, program), eq(media.kind, kind as 'pdf')))
    )[0].id;
  const get = (url: string, token: string, tenant = 'north') => api.call({ method: 'GET', url, token, tenant });

  beforeAll(async () => {
    api = await startTestApi();
    const rows = await api.db.select().from(tenants);
    demo = rows.find((t) => t.slug === 'demo')!.id;
    north = rows.find((t) => t.slug === 'north')!.id;
    northStudent = await api.login('student', 'north');
    demoAdmin = await api.login('admin', 'demo');
    strategy = await programId('Стратегический менеджмент', demo);
    finance = await programId('Финансы для руководителей', demo);
  });
  afterAll(() => api.close());

  it('store categories: ru and en titles, for anyone', async () => {
    const res = await api.call({ method: 'GET', url: '/api/info/store/categories', tenant: 'north' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ id: 1, title_ru: 'Менеджмент', title_en: 'Management' });
  });

  it('the catalogue lists published programs of every school with the pagination shape; filters, search and sort', async () => {
    const res = await get('/api/marketplace/program', northStudent);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, from: 1, to: 2, total: 2, per_page: 12 });
    // the demo school's ad (server/modules/marketplace/ads.test.ts covers the ads)
    expect(body.ads.map((a: { link: unknown }) => a.link)).toEqual([{ program_id: strategy }]);
    expect(body.data.map((p: { id: number }) => p.id)).toEqual([finance, strategy]);
    expect(body.data[1]).toMatchObject({
      title: 'Стратегический менеджмент',
      school: { slug: 'demo', title: 'Demo Business School' },
      category: { id: 1 },
      skills: expect.arrayContaining(['Пять сил Портера']),
    });
    expect(body.data[1]).not.toHaveProperty('seller_id');
    expect(body.data[1].prices.map((p: { currency: string; amount: number }) => `${p.amount} ${p.currency}`)).toEqual(['360000 RUB', '4200 USD']);
    const ids = async (q: string) => (await get(`/api/marketplace/program?${q}`, northStudent)).json().data.map((p: { id: number }) => p.id);
    expect(await ids('category=2')).toEqual([finance]);
    expect(await ids('format=blended')).toEqual([strategy]);
    expect(await ids('curr=USD&price_max=5000')).toEqual([strategy]);
    expect(await ids('curr=USD&price_min=5000')).toEqual([finance]);
    expect(await ids('q=финанс')).toEqual([finance]);
    expect(await ids('q=Strategic')).toEqual([strategy]);
    expect(await ids('school=north')).toEqual([]);
    expect(await ids('school=demo&sort=title')).toEqual([strategy, finance]);
    expect(await ids('curr=USD&sort=price&order=desc')).toEqual([finance, strategy]);
    expect(await ids('language=en')).toEqual([]);
    const page2 = (await get('/api/marketplace/program?per_page=1&page=2', northStudent)).json();
    expect(page2.meta).toEqual({ current_page: 2, last_page: 2, from: 2, to: 2, total: 2, per_page: 1 });
    expect((await get('/api/marketplace/program?price_min=-1', northStudent)).statusCode).toBe(422);
    // a trainer or a moderator does not browse the marketplace
    expect((await get('/api/marketplace/program', await api.login('trainer', 'north'))).statusCode).toBe(403);
  });

  it("publishing in the back office: create unpublished, publish, withdraw; only the school's own programs and materials", async () => {
    const marketing = await programId('Маркетинг', demo);
    const created = await api.call({ method: 'POST', url: '/admin/marketplace/listing', token: demoAdmin, payload: { program_id: marketing, category_id: 3, discount_percent: 10 } });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ title: 'Маркетинг', published: false });
    expect((await get('/api/marketplace/program?category=3', northStudent)).json().data).toEqual([]);
    expect((await get(`/api/marketplace/program/${marketing}`, northStudent)).statusCode).toBe(404);
    expect((await api.call({ method: 'PUT', url: `/admin/marketplace/listing/${id}`, token: demoAdmin, payload: { published: true } })).json().data.published).toBe(true);
    expect((await get('/api/marketplace/program?category=3', northStudent)).json().data.map((p: { id: number }) => p.id)).toEqual([marketing]);
    // the POST twin of PUT (method override) withdraws it
    expect((await api.call({ method: 'POST', url: `/admin/marketplace/listing/${id}`, token: demoAdmin, payload: { _method: 'PUT', published: false } })).statusCode).toBe(200);
    expect((await get('/api/marketplace/program?category=3', northStudent)).json().data).toEqual([]);
    // twice the same program, another school's program, a material of another program, a bad instalment term
    expect((await api.call({ method: 'POST', url: '/admin/marketplace/listing', token: demoAdmin, payload: { program_id: marketing } })).json().errors).toEqual({ program_id: ['validation.unique'] });
    const northProgram = await programId('Маркетинг', north);
    expect((await api.call({ method: 'POST', url: '/admin/marketplace/listing', token: demoAdmin, payload: { program_id: northProgram } })).json().errors).toEqual({
      program_id: ['validation.choice'],
    });
    const pdf = await mediaOf(strategy, 'pdf');
    expect((await api.call({ method: 'PUT', url: `/admin/marketplace/listing/${id}`, token: demoAdmin, payload: { demo_media: [pdf] } })).json().errors).toEqual({ demo_media: ['validation.choice'] });
    expect((await api.call({ method: 'PUT', url: `/admin/marketplace/listing/${id}`, token: demoAdmin, payload: { instalment_months: [7] } })).statusCode).toBe(422);
    // roles: a trainer and a student are refused; another school's listing is not found
    expect((await api.call({ method: 'GET', url: '/admin/marketplace/listing', token: await api.login('trainer') })).statusCode).toBe(403);
    const northAdmin = await api.login('admin', 'north');
    expect((await api.call({ method: 'GET', url: `/admin/marketplace/listing/${id}`, token: northAdmin, tenant: 'north' })).statusCode).toBe(404);
    expect((await api.call({ method: 'PUT', url: `/admin/marketplace/listing/${id}`, token: northAdmin, tenant: 'north', payload: { published: true } })).statusCode).toBe(404);
    expect((await api.call({ method: 'DELETE', url: `/admin/marketplace/listing/${id}`, token: demoAdmin })).statusCode).toBe(200);
    // the back office's form: a switch as '1' (form data), empty fields as null
    const fromForm = await api.call({
      method: 'POST',
      url: '/admin/marketplace/listing',
      token: demoAdmin,
      payload: { program_id: marketing, published: '1', discount_percent: null, instalment_months: null, demo_media: null, category_id: null },
    });
    expect(fromForm.statusCode, fromForm.body).toBe(201);
    expect(fromForm.json().data).toMatchObject({ published: true, discount_percent: 0, instalment_months: [], demo_media: [] });
    expect((await api.call({ method: 'DELETE', url: `/admin/marketplace/listing/${fromForm.json().data.id}`, token: demoAdmin })).statusCode).toBe(200);
  });

  it('one program: full description, structure as titles only, prices; demo materials open, the others ERROR_ACCESS; demo views recorded for the seller', async () => {
    const res = await get(`/api/marketplace/program/${strategy}`, northStudent);
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p.full_description).toContain('Девяносто дней');
    expect(p.chapters.map((c: { title: string }) => c.title)).toEqual(['Введение в стратегию', 'Анализ отрасли']);
    const text = JSON.stringify(p.chapters);
    expect(text).toContain('Лекция 1. Что такое стратегия');
    expect(text).not.toContain('Стратегия отвечает'); // a material's content is not in the structure
    const video = await mediaOf(strategy, 'video');
    const notes = await mediaOf(strategy, 'text');
    const pdf = await mediaOf(strategy, 'pdf');
    expect(p.chapters[0].materials.map((m: { demo: boolean }) => m.demo)).toEqual([true, true]);
    const demoList = (await get(`/api/marketplace/program/${strategy}/demo`, northStudent)).json().data;
    expect(demoList.map((m: { id: number }) => m.id).sort()).toEqual([video, notes].sort());
    const opened = await get(`/api/marketplace/demo/${notes}/view?program_id=${strategy}`, northStudent);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.body).toContain('Стратегия отвечает');
    const refused = await get(`/api/marketplace/demo/${pdf}/view?program_id=${strategy}`, northStudent);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().name).toBe('ERROR_ACCESS');
    const stream = await get(`/api/marketplace/video?program_id=${strategy}&media_id=${video}`, northStudent);
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toContain('video/');
    const range = await api.call({ method: 'GET', url: `/api/marketplace/video?program_id=${strategy}&media_id=${video}`, token: northStudent, tenant: 'north', headers: { range: 'bytes=0-9' } });
    expect(range.statusCode).toBe(206);
    expect((await get(`/api/marketplace/video?program_id=${strategy}&media_id=${pdf}`, northStudent)).statusCode).toBe(403);
    // a material of another program (or school) through this program: not found
    const northVideo = await mediaOf(await programId('Стратегический менеджмент', north), 'video');
    expect((await get(`/api/marketplace/demo/${northVideo}/view?program_id=${strategy}`, northStudent)).statusCode).toBe(404);
    const views = await api.db.select().from(marketDemoViews).where(eq(marketDemoViews.tenant_id, demo));
    expect(views.map((v) => [v.media_id, v.viewer_school])).toContainEqual([notes, 'North School of Management']);
  });

  it('the path exposes nothing else: unpublished programs, users, groups, reports of the seller stay invisible', async () => {
    const marketing = await programId('Маркетинг', demo);
    expect((await get(`/api/marketplace/program/${marketing}`, northStudent)).json().name).toBe('NOT_FOUND_PROGRAM');
    expect((await get(`/api/marketplace/program/${marketing}/demo`, northStudent)).statusCode).toBe(404);
    // everything the function answers, for every published program, holds no person, e-mail, group or content
    const { data } = await publishedPrograms(api.app, { structure: true, per_page: 100 });
    const text = JSON.stringify(data);
    for (const leak of ['@demo.test', 'Студентов', 'MBA-2026', 'password', 'Активы = обязательства', 'Стратегия отвечает', 'hbr.org']) expect(text).not.toContain(leak);
    expect(Object.keys(data[0]).sort()).toEqual(
      [
        'category',
        'demo_media',
        'discount_percent',
        'duration',
        'format',
        'full_description',
        'id',
        'instalment_months',
        'knowledge',
        'language',
        'logo',
        'prices',
        'published_at',
        'requirements',
        'school',
        'seller_id',
        'short_description',
        'skills',
        'title',
        'title_en',
        'chapters',
      ].sort(),
    );
    // the seller's back-office and the learner routes of demo stay closed to north tokens
    expect((await api.call({ method: 'GET', url: `/api/program/${strategy}`, token: northStudent, tenant: 'north' })).statusCode).toBe(404);
    expect((await api.call({ method: 'GET', url: '/admin/marketplace/learners', token: northStudent, tenant: 'demo' })).statusCode).toBe(401);
  });

  it('wallet purchase: debited in one transaction, 409 INSUFFICIENT_FUNDS changes nothing; My LMS; the seller sees the buyer with their school', async () => {
    const before = (await get('/api/marketplace/wallet', northStudent)).json().data;
    expect(before.wallets).toEqual([{ currency: 'USD', balance: 5000 }]);
    expect(before.entries[0]).toMatchObject({ amount: 5000, reason: expect.stringContaining('grant') });
    const preview = (await get(`/api/marketplace/buyProgram/${finance}?format=online&curr=USD`, northStudent)).json().data;
    expect(preview).toMatchObject({ amount: 6000, wallet_balance: 5000, can_pay_by_wallet: false, instalment_months: [6, 12] });
    // the price comes from the server: an amount in the body is not read
    const poor = await api.call({ method: 'POST', url: `/api/marketplace/buyProgram/${finance}`, token: northStudent, tenant: 'north', payload: { format: 'online', curr: 'USD', amount: 1 } });
    expect(poor.statusCode).toBe(409);
    expect(poor.json().name).toBe('INSUFFICIENT_FUNDS');
    expect(await api.db.select().from(marketPurchases)).toEqual([]);
    expect((await get('/api/marketplace/wallet', northStudent)).json().data.wallets).toEqual([{ currency: 'USD', balance: 5000 }]);
    // no such price
    expect((await api.call({ method: 'POST', url: `/api/marketplace/buyProgram/${strategy}`, token: northStudent, tenant: 'north', payload: { format: 'full-time', curr: 'USD' } })).statusCode).toBe(
      422,
    );

    const bought = await api.call({ method: 'POST', url: `/api/marketplace/buyProgram/${strategy}`, token: northStudent, tenant: 'north', payload: { format: 'online', curr: 'USD' } });
    expect(bought.statusCode).toBe(201);
    expect(bought.json().data).toMatchObject({ program_id: strategy, amount: 4200, currency: 'USD', method: 'wallet', status: 'active', school: 'Demo Business School' });
    const after = (await get('/api/marketplace/wallet', northStudent)).json().data;
    expect(after.wallets).toEqual([{ currency: 'USD', balance: 800 }]);
    expect(after.entries[0]).toMatchObject({ amount: -4200, currency: 'USD' });
    expect((await api.call({ method: 'POST', url: `/api/marketplace/buyProgram/${strategy}`, token: northStudent, tenant: 'north', payload: { format: 'online', curr: 'USD' } })).json().name).toBe(
      'ERROR_ALREADY_BOUGHT',
    );

    const lms = (await get('/api/marketplace/user', northStudent)).json().data;
    expect(lms).toHaveLength(1);
    expect(lms[0]).toMatchObject({ program_id: strategy, program_title: 'Стратегический менеджмент', school: 'Demo Business School', left_to_pay: 0, progress: { percent: 0 } });

    // the seller: a learner account of its own, enrolled, with the buyer's school named; no e-mail of north
    const [link] = await api.db.select().from(marketLearners).where(eq(marketLearners.tenant_id, demo));
    expect(link).toMatchObject({ buyer_tenant_id: north, buyer_school: 'North School of Management' });
    const [account] = await api.db.select().from(users).where(eq(users.id, link.user_id));
    expect(account).toMatchObject({ tenant_id: demo, role: 'student', name: 'Алексей', surname: 'Студентов' });
    expect(account.email).not.toContain('north.test');
    expect(
      await api.db
        .select()
        .from(programUsers)
        .where(and(eq(programUsers.user_id, link.user_id), eq(programUsers.program_id, strategy))),
    ).toHaveLength(1);
    const learners = (await api.call({ method: 'GET', url: '/admin/marketplace/learners', token: demoAdmin })).json().data;
    expect(learners[0]).toMatchObject({ buyer_school: 'North School of Management', programs: ['Стратегический менеджмент'] });
    const listings = (await api.call({ method: 'GET', url: '/admin/marketplace/listing', token: demoAdmin })).json().data;
    expect(listings.find((l: { program_id: number }) => l.program_id === strategy).buyers).toBe(1);
  });

  it("the buyer studies in the seller's school through a one-time hand-off: a quiz attempt of the bought program", async () => {
    const [purchase] = await api.db.select().from(marketPurchases).where(eq(marketPurchases.program_id, strategy));
    const open = await api.call({ method: 'POST', url: `/api/marketplace/purchase/${purchase.id}/open`, token: northStudent, tenant: 'north' });
    expect(open.statusCode).toBe(200);
    const { domain, code, program_id } = open.json().data;
    expect({ domain, program_id }).toEqual({ domain: 'demo', program_id: strategy });
    // the code works on the seller's domain only, once
    expect((await api.call({ method: 'POST', url: '/api/marketplace/handoff', tenant: 'north', payload: { code } })).statusCode).toBe(401);
    const session = await api.call({ method: 'POST', url: '/api/marketplace/handoff', tenant: 'demo', payload: { code } });
    expect(session.statusCode).toBe(200);
    const token = session.json().access_token as string;
    expect((await api.call({ method: 'POST', url: '/api/marketplace/handoff', tenant: 'demo', payload: { code } })).statusCode).toBe(401);
    // as a learner of demo: the bought program and its quiz; not demo's other programs
    const course = await api.call({ method: 'GET', url: `/api/program/${strategy}`, token, tenant: 'demo' });
    expect(course.statusCode).toBe(200);
    expect((await api.call({ method: 'GET', url: `/api/program/${finance}`, token, tenant: 'demo' })).statusCode).toBe(403);
    const [exam] = await api.db
      .select()
      .from(quizzes)
      .where(and(eq(quizzes.title, 'Экзамен по стратегии'), eq(quizzes.tenant_id, demo)));
    const started = await api.call({ method: 'GET', url: `/api/quiz/${exam.id}?is_new=true`, token, tenant: 'demo' });
    expect(started.statusCode).toBe(200);
    expect(started.json().data.attempt.id).toBeGreaterThan(0);
    // another north buyer (its admin: the route table gives admins the marketplace) cannot open the first one's purchase
    const other = await api.call({ method: 'POST', url: `/api/marketplace/purchase/${purchase.id}/open`, token: await api.login('admin', 'north'), tenant: 'north' });
    expect([other.statusCode, other.json().name]).toEqual([404, 'NOT_FOUND_PURCHASE']);
  });

  it('a project in the bought program: the north buyer submits it, a demo trainer reviews it, the buyer sees the score', async () => {
    const [me] = await api.db
      .select()
      .from(users)
      .where(and(eq(users.login, 'student'), eq(users.tenant_id, north)));
    const [purchase] = await api.db
      .select()
      .from(marketPurchases)
      .where(and(eq(marketPurchases.program_id, strategy), eq(marketPurchases.user_id, me.id)));
    const { code } = (await api.call({ method: 'POST', url: `/api/marketplace/purchase/${purchase.id}/open`, token: northStudent, tenant: 'north' })).json().data;
    const token = (await api.call({ method: 'POST', url: '/api/marketplace/handoff', tenant: 'demo', payload: { code } })).json().access_token as string;
    const [project] = await api.db
      .select()
      .from(media)
      .where(and(eq(media.title, 'Проект: стратегия вашей компании'), eq(media.tenant_id, demo)));
    const url = `/api/media/${project.id}/submittedProject`;
    const sent = await api.call({
      method: 'POST',
      url,
      token,
      tenant: 'demo',
      ...multipart({ file1: { name: 'north-strategy.zip', data: zipFile('north buyer') }, message: 'Стратегия «Севера»', confirm: '1' }),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data).toMatchObject({ version: 1, status: 'awaiting' });
    // demo's trainer finds it among the school's submissions, under the buyer's name, and reviews it
    const trainer = await api.login('trainer', 'demo');
    const queue = (await api.call({ method: 'GET', url: `/admin/submittedProject?filter[media_id]=${project.id}&filter[status]=awaiting`, token: trainer })).json().data;
    const row = queue.find((r: { id: number }) => r.id === sent.json().data.id);
    expect(JSON.stringify(row)).toContain('Студентов');
    const reviewed = await api.call({
      method: 'PUT',
      url: `/admin/user/${sent.json().data.user_id}/media/${project.id}/submittedProject/${sent.json().data.id}`,
      token: trainer,
      payload: { score: 9, message: 'Сильный анализ отрасли' },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    // the buyer sees the score, the trainer and the message
    const mine = (await api.call({ method: 'GET', url, token, tenant: 'demo' })).json().data;
    expect(mine[0]).toMatchObject({ version: 1, status: 'checked', score: 9, trainer: 'Тренеров Пётр', trainer_message: 'Сильный анализ отрасли' });
    // north's own trainer and admin see nothing of it: the project lives in the seller's school
    const northAdmin = await api.login('admin', 'north');
    expect(JSON.stringify((await api.call({ method: 'GET', url: '/admin/submittedProject', token: northAdmin, tenant: 'north' })).json())).not.toContain('Сильный анализ');
    // the buyer's north token does not reach it
    expect((await api.call({ method: 'GET', url, token: northStudent, tenant: 'north' })).statusCode).toBe(404);
  });

  it('two purchases at the same moment cannot overdraw one wallet', async () => {
    const [n2] = await api.db
      .insert(users)
      .values({
        tenant_id: north,
        login: 'racer',
        email: 'racer@north.test',
        password_hash: (await api.db.select().from(users).where(eq(users.login, 'student')))[0].password_hash,
        role: 'student',
        name: 'R',
        surname: 'R',
      })
      .returning();
    const [w] = await api.db.insert(wallets).values({ tenant_id: north, user_id: n2.id, currency: 'USD', balance: 6500 }).returning();
    await api.db.insert(walletEntries).values({ tenant_id: north, wallet_id: w.id, user_id: n2.id, amount: 6500, currency: 'USD', reason: 'test' });
    const token = await api.login('racer', 'north');
    // 4200 + 6000 > 6500: only one of the two can be paid
    const [a, b] = await Promise.all([
      api.call({ method: 'POST', url: `/api/marketplace/buyProgram/${strategy}`, token, tenant: 'north', payload: { format: 'online', curr: 'USD' } }),
      api.call({ method: 'POST', url: `/api/marketplace/buyProgram/${finance}`, token, tenant: 'north', payload: { format: 'online', curr: 'USD' } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const [after] = await api.db.select().from(wallets).where(eq(wallets.id, w.id));
    expect(after.balance).toBeGreaterThanOrEqual(0);
    expect([2300, 500]).toContain(after.balance);
    expect(await api.db.select().from(marketPurchases).where(eq(marketPurchases.user_id, n2.id))).toHaveLength(1);
  });

  it("instalments where offered: the schedule is made in the seller's payments section; My LMS shows what is left to pay", async () => {
    const [n3] = await api.db
      .insert(users)
      .values({
        tenant_id: north,
        login: 'instal',
        email: 'instal@north.test',
        password_hash: (await api.db.select().from(users).where(eq(users.login, 'student')))[0].password_hash,
        role: 'student',
        name: 'I',
        surname: 'I',
      })
      .returning();
    const token = await api.login('instal', 'north');
    expect(
      (await api.call({ method: 'POST', url: `/api/marketplace/buyProgram/${strategy}`, token, tenant: 'north', payload: { format: 'online', curr: 'USD', method: 'instalments', months: 6 } }))
        .statusCode,
    ).toBe(422);
    const res = await api.call({ method: 'POST', url: `/api/marketplace/buyProgram/${finance}`, token, tenant: 'north', payload: { format: 'online', curr: 'USD', method: 'instalments', months: 6 } });
    expect(res.statusCode).toBe(201);
    const lms = (await get('/api/marketplace/user', token)).json().data;
    expect(lms[0]).toMatchObject({ method: 'instalments', left_to_pay: 6000 });
    void n3;
  });

  it("as a legal entity: an invoice PDF with the seller's details; access opens when the seller's admin marks it paid", async () => {
    const hash = (await api.db.select().from(users).where(eq(users.login, 'student')))[0].password_hash;
    await api.db.insert(users).values({ tenant_id: north, login: 'company', email: 'company@north.test', password_hash: hash, role: 'student', name: 'C', surname: 'C' });
    const token = await api.login('company', 'north');
    const buy = (payload: object) => api.call({ method: 'POST', url: `/api/marketplace/buyProgram/${finance}`, token, tenant: 'north', payload });
    expect((await buy({ format: 'online', curr: 'USD', method: 'invoice' })).json().errors).toEqual({ company: ['validation.required'] });
    expect((await buy({ format: 'online', curr: 'USD', method: 'invoice', company: { name: 'ООО «Ромашка»', inn: '12' } })).statusCode).toBe(422);
    const res = await buy({ format: 'online', curr: 'USD', method: 'invoice', company: { name: 'ООО «Ромашка»', inn: '7707083893', kpp: '770701001' } });
    expect(res.statusCode).toBe(201);
    const purchase = res.json().data;
    expect(purchase).toMatchObject({ method: 'invoice', status: 'pending', amount: 6000 });
    // nothing open yet
    expect((await api.call({ method: 'POST', url: `/api/marketplace/purchase/${purchase.id}/open`, token, tenant: 'north' })).statusCode).toBe(403);
    const pdf = await api.call({ method: 'GET', url: `/api/marketplace/purchase/${purchase.id}/invoice`, token, tenant: 'north' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // another student's purchase is not theirs
    expect((await api.call({ method: 'GET', url: `/api/marketplace/purchase/${purchase.id}/invoice`, token: northStudent, tenant: 'north' })).statusCode).toBe(404);
    // the specification's path, program_store being the seller's price (the catalogue's prices[].id): the same invoice
    const priceId = (await get(`/api/marketplace/program/${finance}`, token)).json().data.prices.find((x: { format: string; currency: string }) => x.format === 'online' && x.currency === 'USD').id;
    const schet = (query: string, who = token, headers = {}) => api.call({ method: 'GET', url: `/api/document/generation/schet?${query}`, token: who, tenant: 'north', headers });
    const spec = await schet(`program_store=${priceId}&format=online&curr=USD`);
    expect(spec.statusCode).toBe(200);
    expect(spec.headers['content-type']).toBe('application/pdf');
    expect(spec.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(spec.headers['content-disposition']).toBe(pdf.headers['content-disposition']);
    expect((await schet(`program_store=${priceId}&format=online&curr=USD`, token, { 'accept-language': 'en' })).headers['content-disposition']).toContain('Invoice');
    // the format or currency of another price, or another student who did not buy it: refused
    expect((await schet(`program_store=${priceId}&format=blended&curr=USD`)).json().name).toBe('ERROR_PAYMENT_CURRENCY');
    expect((await schet(`program_store=${priceId}&format=online&curr=RUB`)).json().name).toBe('ERROR_PAYMENT_CURRENCY');
    expect((await schet(`program_store=${priceId}&format=online&curr=USD`, northStudent)).json().name).toBe('NOT_FOUND_PROGRAM_IN_SCHEDULE');
    expect((await schet('format=online&curr=USD')).json().name).toBe('ERROR_GENERATION_PARAMS');
    // and a price of the seller's program that the buyer did not buy by invoice
    const strategyPrice = (await get(`/api/marketplace/program/${strategy}`, token)).json().data.prices[0].id;
    expect((await schet(`program_store=${strategyPrice}&format=online&curr=USD`)).statusCode).toBe(404);
    // the seller's admin sees it and marks it paid; north's admin cannot
    const list = (await api.call({ method: 'GET', url: '/admin/marketplace/invoice', token: demoAdmin })).json().data;
    const inv = list.find((i: { company: string }) => i.company === 'ООО «Ромашка»');
    expect(inv).toMatchObject({ buyer_school: 'North School of Management', inn: '7707083893', status: 'unpaid', amount: 6000, currency: 'USD', program: 'Финансы для руководителей' });
    const northAdmin = await api.login('admin', 'north');
    expect((await api.call({ method: 'POST', url: `/admin/marketplace/invoice/${inv.id}/paid`, token: northAdmin, tenant: 'north' })).statusCode).toBe(404);
    expect((await api.call({ method: 'POST', url: `/admin/marketplace/invoice/${inv.id}/paid`, token: demoAdmin })).json().data.status).toBe('paid');
    const lms = (await get('/api/marketplace/user', token)).json().data;
    expect(lms[0]).toMatchObject({ method: 'invoice', status: 'active' });
    expect((await api.call({ method: 'POST', url: `/api/marketplace/purchase/${purchase.id}/open`, token, tenant: 'north' })).statusCode).toBe(200);
  });

  it("wallet credits by the school's admins only, to its own students", async () => {
    const northAdmin = await api.login('admin', 'north');
    const [student] = await api.db
      .select()
      .from(users)
      .where(and(eq(users.login, 'student'), eq(users.tenant_id, north)));
    const res = await api.call({
      method: 'POST',
      url: '/admin/marketplace/wallet',
      token: northAdmin,
      tenant: 'north',
      payload: { user_id: student.id, currency: 'EURO', amount: 100, reason: 'Приз' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ amount: 100, balance: 100, currency: 'EURO' });
    const [demoStudent] = await api.db
      .select()
      .from(users)
      .where(and(eq(users.login, 'student'), eq(users.tenant_id, demo)));
    expect(
      (await api.call({ method: 'POST', url: '/admin/marketplace/wallet', token: northAdmin, tenant: 'north', payload: { user_id: demoStudent.id, currency: 'USD', amount: 100, reason: 'x' } }))
        .statusCode,
    ).toBe(422);
    expect(
      (await api.call({ method: 'POST', url: '/admin/marketplace/wallet', token: northStudent, tenant: 'north', payload: { user_id: student.id, currency: 'USD', amount: 100, reason: 'x' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await api.call({ method: 'POST', url: '/admin/marketplace/wallet', token: northAdmin, tenant: 'north', payload: { user_id: student.id, currency: 'USD', amount: -5, reason: 'x' } })).statusCode,
    ).toBe(422);
    const ledger = (await api.call({ method: 'GET', url: '/admin/marketplace/wallet', token: northAdmin, tenant: 'north' })).json();
    expect(ledger.data[0]).toMatchObject({ amount: 100, currency: 'EURO', reason: 'Приз' });
    expect(JSON.stringify(ledger)).not.toContain('demo.test');
  });

  it('a withdrawn program cannot be bought; its buyers keep it', async () => {
    const [listing] = await api.db.select().from(marketListings).where(eq(marketListings.program_id, strategy));
    await api.call({ method: 'PUT', url: `/admin/marketplace/listing/${listing.id}`, token: demoAdmin, payload: { published: false } });
    const token = await api.login('moderator', 'north');
    expect((await api.call({ method: 'GET', url: `/api/marketplace/program/${strategy}`, token, tenant: 'north' })).statusCode).toBe(403);
    expect((await api.call({ method: 'POST', url: `/api/marketplace/buyProgram/${strategy}`, token: northStudent, tenant: 'north', payload: { format: 'online', curr: 'USD' } })).statusCode).toBe(404);
    expect((await get('/api/marketplace/user', northStudent)).json().data.map((p: { program_id: number }) => p.program_id)).toContain(strategy);
    await api.call({ method: 'PUT', url: `/admin/marketplace/listing/${listing.id}`, token: demoAdmin, payload: { published: true } });
  });
});
