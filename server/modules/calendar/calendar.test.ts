import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { calendarFeeds, media, settings, users } from '../../db/schema/index.ts';
import { calendarText, escapeText, fold } from './ical.ts';

describe('calendar: month view items and the private iCalendar feed', () => {
  let api: TestApi;
  let student: string;

  beforeAll(async () => {
    api = await startTestApi();
    student = await api.login('student');
  });
  afterAll(() => api.close());

  it('puts a deadline on its own day: a September deadline is in September, not in November', async () => {
    const [project] = await api.db
      .select()
      .from(media)
      .where(and(eq(media.tenant_id, 1), eq(media.title, 'Проект: стратегия вашей компании')));
    const before = project.deadline;
    await api.db.update(media).set({ deadline: '2026-09-15' }).where(eq(media.id, project.id));
    try {
      const sep = (await api.call({ method: 'GET', url: '/api/calendar?from=2026-09-01&to=2026-09-30', token: student })).json();
      const deadline = sep.data.find((e: { id: string }) => e.id === `deadline-${project.id}`);
      expect(deadline).toMatchObject({ kind: 'deadline', date: '2026-09-15', starts_at: '2026-09-15T00:00:00.000Z', link: `/content/info/${project.id}` });
      const nov = (await api.call({ method: 'GET', url: '/api/calendar?from=2026-11-01&to=2026-11-30', token: student })).json().data;
      expect(nov.map((e: { id: string }) => e.id)).not.toContain(`deadline-${project.id}`);
      // a single day asked: the day's deadline only
      const day = (await api.call({ method: 'GET', url: '/api/calendar?from=2026-09-15&to=2026-09-15', token: student })).json().data;
      expect(day.filter((e: { kind: string }) => e.kind === 'deadline')).toHaveLength(1);
    } finally {
      await api.db.update(media).set({ deadline: before }).where(eq(media.id, project.id));
    }
  });

  it('answers the school calendar id (setting 19) with the items', async () => {
    await api.db
      .insert(settings)
      .values({ tenant_id: 1, key: '19', value: 'school@group.calendar.google.com' })
      .onConflictDoUpdate({ target: [settings.tenant_id, settings.key], set: { value: 'school@group.calendar.google.com' } });
    try {
      const res = (await api.call({ method: 'GET', url: '/api/calendar?from=2026-12-01&to=2026-12-31', token: student })).json();
      expect(res.meta.calendar_id).toBe('school@group.calendar.google.com');
      const north = (await api.call({ method: 'GET', url: '/api/calendar?from=2026-12-01&to=2026-12-31', token: await api.login('student', 'north'), tenant: 'north' })).json();
      expect(north.meta.calendar_id).toBe('');
    } finally {
      await api.db.delete(settings).where(and(eq(settings.tenant_id, 1), eq(settings.key, '19')));
    }
  });

  it("makes a private feed: text/calendar, valid lines, the student's items; a new address revokes the old one; off is off", async () => {
    expect((await api.call({ method: 'GET', url: '/api/calendar/feed', token: student })).json().data).toEqual({ active: false, created_at: null, last_used_at: null, url: null });
    const made = (await api.call({ method: 'PUT', url: '/api/calendar/feed', token: student, payload: {} })).json().data;
    expect(made).toMatchObject({ active: true, url: expect.stringMatching(/^\/api\/calendar\/ical\?domain=demo&key=[A-Za-z0-9_-]{32}$/) });
    const [row] = await api.db.select().from(calendarFeeds);
    expect(row.token_hash).not.toContain(new URL(`http://x${made.url}`).searchParams.get('key')); // only the hash is stored
    // no header at all: a phone's calendar app knows only the address
    const feed = await api.app.inject({ method: 'GET', url: made.url, headers: { 'accept-language': 'ru-RU' } });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = feed.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/); // CRLF only
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain('SUMMARY:Срок сдачи: Проект: стратегия вашей компании');
    expect(unfolded).toMatch(/DTSTART;VALUE=DATE:\d{8}\r\nDTEND;VALUE=DATE:\d{8}/);
    expect(unfolded).toContain('SUMMARY:Вебинар: Вебинар: стратегия роста');
    expect(unfolded).toContain('DTSTART:20261203T150000Z');
    expect(unfolded.match(/BEGIN:VEVENT/g)!.length).toBe(unfolded.match(/END:VEVENT/g)!.length);
    expect((await api.call({ method: 'GET', url: '/api/calendar/feed', token: student })).json().data).toMatchObject({ active: true, last_used_at: expect.any(String), url: null });
    // English when the calendar app asks for it
    expect((await api.app.inject({ method: 'GET', url: made.url, headers: { 'accept-language': 'en-US' } })).body).toContain('SUMMARY:Deadline: ');
    // another school's address with this key: not found
    expect((await api.app.inject({ method: 'GET', url: made.url.replace('domain=demo', 'domain=north') })).statusCode).toBe(404);
    // a new address: the old one stops working
    const again = (await api.call({ method: 'PUT', url: '/api/calendar/feed', token: student, payload: {} })).json().data;
    expect(again.url).not.toBe(made.url);
    const old = await api.app.inject({ method: 'GET', url: made.url });
    expect([old.statusCode, old.json().name]).toEqual([404, 'NOT_FOUND_TOKEN']);
    expect((await api.app.inject({ method: 'GET', url: again.url })).statusCode).toBe(200);
    // a blocked student's feed stops
    const [me] = await api.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, 1), eq(users.login, 'student')));
    await api.db.update(users).set({ is_blocked: true }).where(eq(users.id, me.id));
    expect((await api.app.inject({ method: 'GET', url: again.url })).statusCode).toBe(404);
    await api.db.update(users).set({ is_blocked: false }).where(eq(users.id, me.id));
    // switched off
    expect((await api.call({ method: 'DELETE', url: '/api/calendar/feed', token: student })).json().data.active).toBe(false);
    expect((await api.app.inject({ method: 'GET', url: again.url })).statusCode).toBe(404);
  });

  it('refuses the feed settings to roles without the calendar, without a token, and bad keys', async () => {
    expect((await api.call({ method: 'GET', url: '/api/calendar/feed' })).statusCode).toBe(401);
    for (const role of ['trainer']) {
      const res = await api.call({ method: 'PUT', url: '/api/calendar/feed', token: await api.login(role), payload: {} });
      expect([res.statusCode, res.json().name], role).toEqual([403, 'ERROR_ACCESS']);
    }
    expect((await api.call({ method: 'PUT', url: '/api/calendar/feed', token: await api.login('moderator'), payload: {} })).statusCode).toBe(200);
    expect((await api.app.inject({ method: 'GET', url: '/api/calendar/ical?domain=demo' })).statusCode).toBe(422);
    expect((await api.app.inject({ method: 'GET', url: `/api/calendar/ical?domain=demo&key=${'x'.repeat(101)}` })).statusCode).toBe(422);
    expect((await api.app.inject({ method: 'GET', url: '/api/calendar/ical?domain=demo&key=%27%3B--' })).statusCode).toBe(404);
  });

  it('writes RFC 5545 text: escaping, folding at 75 octets without splitting a character, all-day and timed events', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const long = `SUMMARY:${'Ж'.repeat(60)}`;
    const folded = fold(long);
    const lines = folded.split('\r\n');
    expect(lines.every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    const text = calendarText({
      name: 'Школа, курс',
      prodId: '-//x//y//RU',
      now: new Date('2026-11-24T10:00:00Z'),
      events: [
        { uid: 'a@b', summary: 'День', start: '2026-09-15', end: '2026-09-16' },
        { uid: 'c@d', summary: 'Час', start: new Date('2026-12-03T15:00:00Z'), end: new Date('2026-12-03T16:30:00Z'), url: 'https://demo.example/quizzes/1' },
      ],
    });
    expect(text).toContain('X-WR-CALNAME:Школа\\, курс\r\n');
    expect(text).toContain('BEGIN:VEVENT\r\nUID:a@b\r\nDTSTAMP:20261124T100000Z\r\nDTSTART;VALUE=DATE:20260915\r\nDTEND;VALUE=DATE:20260916\r\nSUMMARY:День\r\n');
    expect(text).toContain('DTSTART:20261203T150000Z\r\nDTEND:20261203T163000Z\r\n');
  });
});
