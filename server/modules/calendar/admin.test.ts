import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { calendarEvents, programs } from '../../db/schema/index.ts';

describe('calendar admin (/admin/calendar)', () => {
  let api: TestApi;
  let admin: string;
  let moderator: string;
  let programId: number;
  let northProgramId: number;

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    moderator = await api.login('moderator');
    programId = (await api.db.select().from(programs).where(eq(programs.tenant_id, 1)))[0].id;
    northProgramId = (await api.db.select().from(programs).where(eq(programs.tenant_id, 2)))[0].id;
  });
  afterAll(() => api.close());

  const event = { title: ' Консультация по проекту ', kind: 'consulting', starts_at: '2031-03-10T07:00:00.000Z', ends_at: '2031-03-10T08:30:00.000Z' };

  it('creates, lists, edits and deletes events; students see them in /api/calendar', async () => {
    const created = await api.call({ method: 'POST', url: '/admin/calendar', token: moderator, payload: { ...event, program_id: programId } });
    expect(created.statusCode).toBe(201);
    const e = created.json().data;
    expect(e).toMatchObject({ title: 'Консультация по проекту', kind: 'consulting', program_id: programId, starts_at: '2031-03-10T07:00:00.000Z' });
    const whole = (
      await api.call({
        method: 'POST',
        url: '/admin/calendar',
        token: admin,
        payload: { title: 'Вебинар для всех', kind: 'webinar', starts_at: '2031-03-12T15:00:00+03:00', ends_at: '2031-03-12T16:00:00+03:00', program_id: null },
      })
    ).json().data;
    expect(whole).toMatchObject({ program_id: null, starts_at: '2031-03-12T12:00:00.000Z' });

    const list = (await api.call({ method: 'GET', url: '/admin/calendar?filter[from]=2031-03-01&filter[to]=2031-03-31&sort=starts_at&order=asc', token: admin })).json();
    expect(list.meta.total).toBe(2);
    expect(list.data.map((x: { id: number }) => x.id)).toEqual([e.id, whole.id]);
    expect(list.data[0].program_title).toBeTruthy();
    expect((await api.call({ method: 'GET', url: '/admin/calendar?filter[kind]=webinar&filter[from]=2031-01-01', token: admin })).json().data.map((x: { id: number }) => x.id)).toEqual([whole.id]);
    expect((await api.call({ method: 'GET', url: '/admin/calendar?filter[program_id]=0&filter[from]=2031-01-01', token: admin })).json().data.map((x: { id: number }) => x.id)).toEqual([whole.id]);
    expect((await api.call({ method: 'GET', url: `/admin/calendar?q=${encodeURIComponent('проекту')}`, token: admin })).json().data.map((x: { id: number }) => x.id)).toEqual([e.id]);

    const student = await api.login('student');
    const cal = (await api.call({ method: 'GET', url: '/api/calendar?from=2031-03-01&to=2031-03-31', token: student })).json().data;
    expect(cal.map((x: { id: string }) => x.id)).toContain(`event-${whole.id}`);

    const edited = await api.call({
      method: 'PUT',
      url: `/admin/calendar/${e.id}`,
      token: admin,
      payload: { ...event, title: 'Перенесено', starts_at: '2031-03-11T07:00:00Z', ends_at: '2031-03-11T08:00:00Z' },
    });
    expect(edited.json().data).toMatchObject({ title: 'Перенесено', program_id: null, starts_at: '2031-03-11T07:00:00.000Z' });
    expect((await api.call({ method: 'GET', url: `/admin/calendar/${e.id}`, token: moderator })).json().data.title).toBe('Перенесено');
    const viaPost = await api.call({ method: 'POST', url: `/admin/calendar/${e.id}`, token: admin, payload: { _method: 'DELETE' } });
    expect(viaPost.json().data).toEqual({ id: e.id });
    expect((await api.call({ method: 'GET', url: `/admin/calendar/${e.id}`, token: admin })).json().name).toBe('NOT_FOUND_EVENT');
    expect((await api.call({ method: 'DELETE', url: `/admin/calendar/${whole.id}`, token: moderator })).statusCode).toBe(200);
    expect(await api.db.select().from(calendarEvents).where(eq(calendarEvents.id, whole.id))).toHaveLength(0);
  });

  it('refuses trainers and students (403) and anonymous calls (401)', async () => {
    for (const role of ['trainer', 'student']) {
      const token = await api.login(role);
      expect((await api.call({ method: 'GET', url: '/admin/calendar', token })).statusCode, role).toBe(403);
      expect((await api.call({ method: 'POST', url: '/admin/calendar', token, payload: event })).statusCode, role).toBe(403);
    }
    expect((await api.call({ method: 'GET', url: '/admin/calendar' })).statusCode).toBe(401);
  });

  it("keeps schools apart: another school's event or program is 404", async () => {
    const [north] = await api.db
      .insert(calendarEvents)
      .values({ tenant_id: 2, kind: 'webinar', title: 'North webinar', starts_at: new Date('2031-05-01T10:00:00Z'), ends_at: new Date('2031-05-01T11:00:00Z') })
      .returning();
    expect((await api.call({ method: 'GET', url: `/admin/calendar/${north.id}`, token: admin })).statusCode).toBe(404);
    expect((await api.call({ method: 'PUT', url: `/admin/calendar/${north.id}`, token: admin, payload: event })).statusCode).toBe(404);
    expect((await api.call({ method: 'DELETE', url: `/admin/calendar/${north.id}`, token: admin })).statusCode).toBe(404);
    expect((await api.call({ method: 'GET', url: '/admin/calendar?per_page=100', token: admin })).json().data.map((x: { id: number }) => x.id)).not.toContain(north.id);
    const foreign = await api.call({ method: 'POST', url: '/admin/calendar', token: admin, payload: { ...event, program_id: northProgramId } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().name).toBe('NOT_FOUND_PROGRAM');
    const [still] = await api.db.select().from(calendarEvents).where(eq(calendarEvents.id, north.id));
    expect(still.title).toBe('North webinar');
  });

  it('refuses bad input (422): missing title, unknown kind, bad dates, end before start, bad filters', async () => {
    const missing = await api.call({ method: 'POST', url: '/admin/calendar', token: admin, payload: { kind: 'webinar' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toMatchObject({ title: ['validation.required'], starts_at: ['validation.required'] });
    expect((await api.call({ method: 'POST', url: '/admin/calendar', token: admin, payload: { ...event, kind: 'party' } })).json().errors).toHaveProperty('kind');
    expect((await api.call({ method: 'POST', url: '/admin/calendar', token: admin, payload: { ...event, starts_at: '10.03.2031' } })).json().errors).toHaveProperty('starts_at');
    const backwards = await api.call({ method: 'POST', url: '/admin/calendar', token: admin, payload: { ...event, ends_at: '2031-03-10T06:00:00Z' } });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ ends_at: ['validation.after_start'] });
    expect((await api.call({ method: 'GET', url: '/admin/calendar?filter[from]=yesterday', token: admin })).statusCode).toBe(422);
    expect((await api.call({ method: 'GET', url: '/admin/calendar/abc', token: admin })).statusCode).toBe(422);
  });
});
