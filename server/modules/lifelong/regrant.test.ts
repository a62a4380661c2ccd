import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { achievementAwards, media, submittedProjects, users } from '../../db/schema/index.ts';
import { laterCredentialIds, nextCredentialId } from './credentials.ts';

/**
 * A withdrawn achievement granted again is a new credential, and the withdrawn credential stays revoked (issue 27,
 * defect 7): by hand (POST /admin/achievement/:id/grant) and by the automatic rule alike; the public check by id and
 * the verification of the holder's JWT say so, for every earlier credential of the award.
 */
describe('lifelong credentials: a new grant is a new credential, a revoked one stays revoked', () => {
  let api: TestApi;
  let admin: string;
  let student: string;
  let studentId: number;
  const call = (method: string, url: string, token?: string, payload?: unknown) => api.call({ method: method as 'GET', url, token, payload: payload as never });
  const check = async (id: string) => (await call('GET', `/api/credential/${id}`)).json().data;
  const verify = async (jwt: string) => (await call('POST', '/api/credential/verify', undefined, { credential: jwt })).json().data;

  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.login('admin');
    student = await api.login('student');
    [{ id: studentId }] = await api.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenant_id, 1), eq(users.login, 'student')));
  });
  afterAll(() => api?.close());

  async function achievement(rule: Record<string, unknown>) {
    const b = (await call('POST', '/admin/abranch', admin, { title: `Ветка ${Math.random()}` })).json().data;
    const res = await call('POST', '/admin/achievement', admin, { abranch_id: b.id, title: 'Аттестован', ...rule });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: number };
  }

  it('by hand: granted, withdrawn, granted again (twice): each grant its own credential; every earlier one answers revoked', async () => {
    const a = await achievement({ rule: 'manual' });
    const held: { id: string; jwt: string }[] = [];
    for (let round = 0; round < 3; round++) {
      const granted = await call('POST', `/admin/achievement/${a.id}/grant`, admin, { user_id: studentId, reason: `Экзамен ${round}` });
      expect(granted.statusCode).toBe(200);
      const id = granted.json().data.credential_id as string;
      const jwt = (await call('GET', `/api/achievement/${a.id}/credential`, student)).body;
      // a new credential: its own id, never one of the earlier ones
      expect(held.map((h) => h.id)).not.toContain(id);
      expect(await check(id)).toMatchObject({ credential_id: id, status: 'valid', reason: `Экзамен ${round}` });
      expect(await verify(jwt)).toMatchObject({ signature: true, status: 'valid', credential_id: id });
      for (const old of held) {
        const page = await check(old.id);
        expect(page).toMatchObject({ credential_id: old.id, status: 'revoked', achievement: { title: 'Аттестован' }, credential: null });
        const v = await verify(old.jwt);
        expect(v).toMatchObject({ signature: true, status: 'revoked', credential_id: old.id });
        expect(typeof v.awarded_at).toBe('string');
      }
      held.push({ id, jwt });
      expect((await call('POST', `/admin/achievement/${a.id}/withdraw`, admin, { user_id: studentId, reason: 'Отозвано' })).statusCode).toBe(200);
      expect(await check(id)).toMatchObject({ status: 'revoked', reason: expect.any(String) });
    }
    // granting an award that holds changes no credential
    const now = (await call('POST', `/admin/achievement/${a.id}/grant`, admin, { user_id: studentId, reason: 'Снова' })).json().data.credential_id;
    expect((await call('POST', `/admin/achievement/${a.id}/grant`, admin, { user_id: studentId, reason: 'Ещё' })).json().data.credential_id).toBe(now);
    // the student's list names the current credential
    const mine = (await call('GET', '/api/achievement', student)).json().data;
    expect(JSON.stringify(mine)).toContain(now);
    // another school knows none of them; an id that never was is unknown
    for (const h of held) expect((await api.call({ method: 'GET', url: `/api/credential/${h.id}`, tenant: 'north' })).statusCode).toBe(404);
    expect((await call('GET', `/api/credential/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('by the rule: a project sent back and approved again gives a new credential; the old one stays revoked', async () => {
    const [project] = await api.db
      .select()
      .from(media)
      .where(and(eq(media.tenant_id, 1), eq(media.kind, 'project')))
      .limit(1);
    const a = await achievement({ rule: 'project_approved', media_id: project.id });
    await api.db.delete(submittedProjects).where(and(eq(submittedProjects.user_id, studentId), eq(submittedProjects.media_id, project.id)));
    const [v] = await api.db.insert(submittedProjects).values({ tenant_id: 1, user_id: studentId, media_id: project.id, version: 1, status: 'checked', score: 90 }).returning();
    const review = async (is_approve: number) => expect((await call('POST', `/admin/submittedProject/${v.id}/approve`, admin, { is_approve })).statusCode).toBe(200);
    const award = async () =>
      (
        await api.db
          .select()
          .from(achievementAwards)
          .where(and(eq(achievementAwards.achievement_id, a.id), eq(achievementAwards.user_id, studentId)))
      )[0];
    await review(1);
    const first = await award();
    const jwt = (await call('GET', `/api/achievement/${a.id}/credential`, student)).body;
    await review(0);
    await review(1);
    const second = await award();
    expect(second.revoked_at).toBeNull();
    expect(second.credential_id).not.toBe(first.credential_id);
    expect(await check(first.credential_id)).toMatchObject({ status: 'revoked' });
    expect(await verify(jwt)).toMatchObject({ signature: true, status: 'revoked' });
    expect(await check(second.credential_id)).toMatchObject({ status: 'valid' });
  });

  it('derives the next id as a UUID, the same every time, and never the id itself', () => {
    const id = crypto.randomUUID();
    expect(nextCredentialId(id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(nextCredentialId(id)).toBe(nextCredentialId(id.toUpperCase()));
    expect(laterCredentialIds(id, 3)).toEqual([nextCredentialId(id), nextCredentialId(nextCredentialId(id)), nextCredentialId(nextCredentialId(nextCredentialId(id)))]);
    expect(new Set([id, ...laterCredentialIds(id)]).size).toBe(257);
  });
});
