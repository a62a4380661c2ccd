import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { events, media, paymentItems, paymentPlans, programUsers, programs, quizAttempts, quizzes, submittedProjects, users } from '../../db/schema/index.ts';
import { setAccessFlag } from '../settings/index.ts';

const DAY = 86_400_000;

describe('/admin/statistics', () => {
  let api: TestApi;
  let admin: string;
  const stats = async (token = admin, query = '') => {
    const res = await api.call({ method: 'GET', url: `/admin/statistics${query}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
  });
  afterAll(() => api.close());

  it('counts a known small set: a new student, their attempts inside and outside 30 days, a waiting project, an overdue instalment', async () => {
    await setAccessFlag(api.app.schoolDb(1), 'payment', true);
    api.app.forgetTenantCaches();
    const before = await stats();
    const now = Date.now();
    const [u] = await api.db.insert(users).values({ tenant_id: 1, login: 'stat-1', email: 'stat1@demo.test', password_hash: 'x', role: 'student' }).returning();
    const [quiz] = await api.db.select().from(quizzes).where(eq(quizzes.tenant_id, 1)).limit(1);
    await api.db.insert(quizAttempts).values([
      { tenant_id: 1, quiz_id: quiz.id, user_id: u.id, number: 1, status: 'FINISHED', finished_at: new Date(now - 40 * DAY), question_order: [], option_order: {}, percent: 100, passed: true },
      { tenant_id: 1, quiz_id: quiz.id, user_id: u.id, number: 2, status: 'FINISHED', finished_at: new Date(now - 2 * DAY), question_order: [], option_order: {}, percent: 35, passed: false },
      { tenant_id: 1, quiz_id: quiz.id, user_id: u.id, number: 3, status: 'FINISHED', finished_at: new Date(now - DAY), question_order: [], option_order: {}, percent: 95, passed: true },
    ]);
    await api.db.insert(events).values([
      { tenant_id: 1, user_id: u.id, kind: 'login', created_at: new Date(now - 60 * 1000) },
      { tenant_id: 1, user_id: u.id, kind: 'media_view', created_at: new Date(now - 30 * 1000) },
    ]);
    const [project] = await api.db
      .select()
      .from(media)
      .where(and(eq(media.tenant_id, 1), eq(media.kind, 'project')))
      .limit(1);
    await api.db.insert(submittedProjects).values({ tenant_id: 1, user_id: u.id, media_id: project.id, version: 1 });
    const [program] = await api.db.select().from(programs).where(eq(programs.tenant_id, 1)).limit(1);
    await api.db.insert(programUsers).values({ tenant_id: 1, program_id: program.id, user_id: u.id });
    const [plan] = await api.db.insert(paymentPlans).values({ tenant_id: 1, user_id: u.id, program_id: program.id, format: 'online', months: 6, currency: 'USD', total: 1200 }).returning();
    await api.db.insert(paymentItems).values([
      { tenant_id: 1, plan_id: plan.id, kind: 'main', due_date: '2020-01-01', amount: 200, currency: 'USD' },
      { tenant_id: 1, plan_id: plan.id, kind: 'main', due_date: '2020-02-01', amount: 200, currency: 'USD', paid: true },
      { tenant_id: 1, plan_id: plan.id, kind: 'main', due_date: '2999-01-01', amount: 200, currency: 'USD' },
    ]);

    const after = await stats();
    expect(after.students.total - before.students.total).toBe(1);
    // one more enrolment, in one of the three states of the programs' completion rule
    expect(after.programs.enrolments - before.programs.enrolments).toBe(1);
    expect(after.programs.not_started + after.programs.in_process + after.programs.done).toBe(after.programs.enrolments);
    expect(after.students.active - before.students.active).toBe(1);
    // only the two attempts of the last 30 days count; one passed
    expect(after.quizzes.window_days).toBe(30);
    expect(after.quizzes.attempts - before.quizzes.attempts).toBe(2);
    expect(after.quizzes.passed - before.quizzes.passed).toBe(1);
    const bucket = (d: { distribution: { attempts: number }[] }, i: number) => d.distribution[i].attempts;
    expect(bucket(after.quizzes, 3) - bucket(before.quizzes, 3)).toBe(1);
    expect(bucket(after.quizzes, 9) - bucket(before.quizzes, 9)).toBe(1);
    expect(after.projects.waiting - before.projects.waiting).toBe(1);
    const usd = (d: { payments: { by_currency: { currency: string; amount: number }[] } }) => d.payments.by_currency.find((c) => c.currency === 'USD')?.amount ?? 0;
    expect(usd(after) - usd(before)).toBe(200); // the overdue unpaid one only
    // today's logins on the activity chart: one more
    const today = (d: { activity: { series: { date: string; logins: number }[] } }) => d.activity.series.at(-1)!.logins;
    expect(today(after) - today(before)).toBe(1);
    expect(after.activity.series).toHaveLength(30);
    expect((await stats(admin, '?period=week')).activity.series).toHaveLength(7);
    expect((await stats(admin, '?period=year')).activity.series).toHaveLength(365);
  });

  it('leaves payments out while the payment section is off', async () => {
    await setAccessFlag(api.app.schoolDb(1), 'payment', false);
    api.app.forgetTenantCaches();
    expect((await stats()).payments).toBeNull();
  });

  it('is for admins, superadmins and moderators; other roles, no token and bad input are refused', async () => {
    await stats(await api.login('moderator'));
    await stats(await api.login('superadmin'));
    for (const role of ['trainer', 'student']) {
      const res = await api.call({ method: 'GET', url: '/admin/statistics', token: await api.login(role) });
      expect(res.statusCode).toBe(403);
      expect(res.json().name).toBe('ERROR_ACCESS');
    }
    expect((await api.call({ method: 'GET', url: '/admin/statistics' })).statusCode).toBe(401);
    const bad = await api.call({ method: 'GET', url: '/admin/statistics?period=decade', token: admin });
    expect(bad.statusCode).toBe(422);
  });

  it("counts only its own school: another school's student and attempts leave it unchanged", async () => {
    const before = await stats();
    const [u] = await api.db.insert(users).values({ tenant_id: 2, login: 'stat-n', email: 'statn@north.test', password_hash: 'x', role: 'student' }).returning();
    const [quiz] = await api.db.select().from(quizzes).where(eq(quizzes.tenant_id, 2)).limit(1);
    await api.db
      .insert(quizAttempts)
      .values({ tenant_id: 2, quiz_id: quiz.id, user_id: u.id, number: 1, status: 'FINISHED', finished_at: new Date(), question_order: [], option_order: {}, percent: 50, passed: false });
    await api.db.insert(events).values({ tenant_id: 2, user_id: u.id, kind: 'login' });
    const after = await stats();
    expect(after.students).toEqual(before.students);
    expect(after.quizzes.attempts).toBe(before.quizzes.attempts);
    const north = await api.call({ method: 'GET', url: '/admin/statistics', token: await api.login('admin', 'north'), tenant: 'north' });
    const northStudents = await api.db
      .select()
      .from(users)
      .where(and(eq(users.tenant_id, 2), eq(users.role, 'student')));
    expect(north.json().data.students.total).toBe(northStudents.length);
    expect(north.json().data.students.active).toBeGreaterThanOrEqual(1);
    expect(north.json().data.quizzes.attempts).toBeGreaterThanOrEqual(1);
  });
});
