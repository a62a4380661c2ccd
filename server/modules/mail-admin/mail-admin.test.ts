import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { and, eq, ne } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { events, groupUsers, groups, settings, users } from '../../db/schema/index.ts';
import { setAccessFlag } from '../settings/index.ts';
import { htmlToText } from './index.ts';

/** The decoded text parts of a raw multipart message, by content type. */
function bodies(raw: string) {
  const out: Record<string, string> = {};
  for (const part of raw.split(/\r?\n--/)) {
    const m = /Content-Type: (text\/\w+)[\s\S]*?Content-Transfer-Encoding: (\S+)\r?\n\r?\n([\s\S]*)$/i.exec(part);
    if (!m) continue;
    const body = m[3].replace(/\r?\n-*$/, '');
    out[m[1]] = m[2].toLowerCase() === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body;
  }
  return out;
}

describe('mail to users (POST /admin/email/send)', () => {
  let api: TestApi;
  let admin: string;
  let moderator: string;
  let smtp: SMTPServer;
  const inbox: { to: string[]; raw: string }[] = [];
  let demoUsers: { id: number; email: string; login: string }[];
  let groupId: number;

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    moderator = await api.login('moderator');
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, cb) {
        let raw = '';
        stream.on('data', (c) => (raw += c.toString()));
        stream.on('end', () => {
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          cb();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    const port = (smtp.server.address() as { port: number }).port;
    await api.db.insert(settings).values({ tenant_id: 1, key: 'email', value: { host: '127.0.0.1', port, encryption: 'none', from_address: 'school@demo.test', from_name: 'Demo' } });
    demoUsers = await api.db.select({ id: users.id, email: users.email, login: users.login }).from(users).where(eq(users.tenant_id, 1));
    const [g] = await api.db.insert(groups).values({ tenant_id: 1, title: 'Mail group' }).returning();
    groupId = g.id;
    const byLogin = (l: string) => demoUsers.find((u) => u.login === l)!.id;
    await api.db.insert(groupUsers).values([
      { tenant_id: g.tenant_id, group_id: g.id, user_id: byLogin('student') },
      { tenant_id: g.tenant_id, group_id: g.id, user_id: byLogin('trainer') },
    ]);
  });
  afterAll(async () => {
    await new Promise<void>((r) => smtp.close(() => r()));
    await api.close();
  });

  const send = (payload: object, token = admin, tenant?: string) => api.call({ method: 'POST', url: '/admin/email/send', token, tenant, payload });
  const id = (login: string) => demoUsers.find((u) => u.login === login)!.id;
  const email = (login: string) => demoUsers.find((u) => u.login === login)!.email;

  it('sends one message per recipient to chosen users and group members (no duplicates), with a sanitised body and a text twin', async () => {
    inbox.length = 0;
    const res = await send({ subject: 'Расписание\r\nBcc: x@evil.test', body: '<p>Занятия <b>в 10:00</b></p><script>alert(1)</script>', users: [id('student'), id('admin')], groups: [groupId] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ recipients: 3, sent: 3, outbox: 0, failed: 0 });
    expect(inbox.map((m) => m.to).sort()).toEqual([[email('admin')], [email('student')], [email('trainer')]].sort());
    const one = inbox[0].raw;
    expect(one).not.toMatch(/^Bcc:/m);
    const parts = bodies(one);
    expect(parts['text/html']).toBe('<p>Занятия <b>в 10:00</b></p>');
    expect(parts['text/plain']).toBe('Занятия в 10:00');
    const [ev] = await api.db
      .select()
      .from(events)
      .where(and(eq(events.tenant_id, 1), eq(events.kind, 'mail_sent')));
    expect(ev.data).toMatchObject({ recipients: 3, sent: 3 });
  });

  it('lets a moderator send to everyone (blocked users skipped)', async () => {
    await api.db
      .update(users)
      .set({ is_blocked: true })
      .where(eq(users.id, id('trainer')));
    inbox.length = 0;
    const res = await send({ subject: 'Всем', body: 'Текст', to_all: true }, moderator);
    expect(res.statusCode).toBe(200);
    const active = await api.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, 1), eq(users.is_blocked, false)));
    expect(res.json().data.recipients).toBe(active.length);
    expect(inbox.flatMap((m) => m.to)).not.toContain(email('trainer'));
    expect(inbox.flatMap((m) => m.to)).toContain(email('student'));
    await api.db
      .update(users)
      .set({ is_blocked: false })
      .where(eq(users.id, id('trainer')));
  });

  it('keeps the mail in the outbox when the school has no SMTP server', async () => {
    const northAdmin = await api.login('admin', 'north');
    const [northStudent] = await api.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, 2), eq(users.login, 'student')));
    const res = await send({ subject: 'Hi', body: 'North', users: [northStudent.id] }, northAdmin, 'north');
    expect(res.json().data).toEqual({ recipients: 1, sent: 0, outbox: 1, failed: 0 });
  });

  it('refuses trainers and students (403), and everyone while the message flag is off', async () => {
    for (const role of ['trainer', 'student']) {
      const res = await send({ subject: 's', body: 'b', to_all: true }, await api.login(role));
      expect(res.statusCode, role).toBe(403);
    }
    await setAccessFlag(api.app.schoolDb(1), 'message', false);
    api.app.forgetTenantCaches();
    inbox.length = 0;
    for (const token of [admin, moderator]) {
      const res = await send({ subject: 's', body: 'b', to_all: true }, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().name).toBe('ERROR_ACCESS');
    }
    expect(inbox).toHaveLength(0);
    await setAccessFlag(api.app.schoolDb(1), 'message', true);
    api.app.forgetTenantCaches();
    expect((await send({ subject: 's', body: 'b', users: [id('student')] })).statusCode).toBe(200);
  });

  it("answers 404 for another school's users or groups, and sends nothing", async () => {
    const [northUser] = await api.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, 2), ne(users.login, 'admin')));
    const [northGroup] = await api.db.insert(groups).values({ tenant_id: 2, title: 'North group' }).returning();
    inbox.length = 0;
    const u = await send({ subject: 's', body: 'b', users: [id('student'), northUser.id] });
    expect(u.statusCode).toBe(404);
    expect(u.json().name).toBe('USER_DOES_NOT_EXIST');
    const g = await send({ subject: 's', body: 'b', groups: [northGroup.id] });
    expect(g.statusCode).toBe(404);
    expect(g.json().name).toBe('NOT_FOUND_GROUP');
    expect(inbox).toHaveLength(0);
  });

  it('refuses bad input: nothing chosen, empty subject or body, bad ids; an empty group has nobody to send to', async () => {
    const none = await send({ subject: 's', body: 'b' });
    expect(none.statusCode).toBe(422);
    expect(none.json().name).toBe('NOT_CHECK_ID_USER');
    const empty = await send({ subject: '', body: '', users: [id('student')] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({ subject: ['validation.required'], body: ['validation.required'] });
    expect((await send({ subject: 's', body: 'b', users: ['x'] })).statusCode).toBe(422);
    const [lonely] = await api.db.insert(groups).values({ tenant_id: 1, title: 'Empty' }).returning();
    const nobody = await send({ subject: 's', body: 'b', groups: [lonely.id] });
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().name).toBe('NO_EMAILS');
  });

  it('turns HTML into readable text', () => {
    expect(htmlToText('<p>One &amp; two</p><p>Three<br>four</p><ul><li>a</li><li>b</li></ul>')).toBe('One & two\n\nThree\nfour\n\n• a\n\n• b');
  });
});
