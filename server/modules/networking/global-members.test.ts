import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { networkProfiles, users } from '../../db/schema/index.ts';
import { setAccessFlag } from '../settings/index.ts';
import { searchSpec } from './fields.ts';
import { globalMembers } from './global-members.ts';

/**
 * The named cross-school path on its own (docs/school-isolation.md): globalMembers exposes only members who chose
 * `global`, of schools with networking on, and only the contact fields they chose to show.
 */
describe('globalMembers (the networking cross-school path)', () => {
  let api: TestApi;
  const byLogin: Record<string, { id: number; tenant_id: number; status: string }> = {};

  beforeAll(async () => {
    api = await startTestApi();
    const rows = await api.db
      .select({ login: users.login, id: users.id, tenant_id: users.tenant_id, status: networkProfiles.status })
      .from(networkProfiles)
      .innerJoin(users, eq(users.id, networkProfiles.user_id));
    for (const r of rows) byLogin[`${r.login}@${r.tenant_id}`] = r;
  });
  afterAll(() => api?.close());

  it('search answers global members of every school and never a local or off one', async () => {
    const { rows, total } = await globalMembers(api.app, { kind: 'search', spec: searchSpec({}, 1000) });
    expect(rows.length).toBe(total);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((r) => r.domain))).toEqual(new Set(['demo', 'north']));
    expect(rows.every((r) => r.status === 'global')).toBe(true);
    const all = Object.values(byLogin);
    for (const r of rows) expect(all.find((p) => p.id === r.id)?.status).toBe('global');
    for (const p of all.filter((p) => p.status !== 'global')) expect(rows.some((r) => r.id === p.id)).toBe(false);
    // a card carries no contact field and no avatar of another school
    for (const r of rows) for (const k of ['email', 'phone', 'telegram', 'social', 'password_hash', 'shown_contacts']) expect(r).not.toHaveProperty(k);
  });

  it('a member page: only a global member, only the shown contact fields', async () => {
    const olga = byLogin[Object.keys(byLogin).find((k) => k.startsWith('olga.petrova@'))!];
    const page = await globalMembers(api.app, { kind: 'member', domain: 'demo', id: olga.id });
    expect(page?.contacts).toEqual({ email: 'olga.petrova@demo.test', telegram: '@olga_hr' });
    for (const login of ['dmitry.volkov', 'elena.smirnova']) {
      const m = byLogin[Object.keys(byLogin).find((k) => k.startsWith(`${login}@`))!];
      expect(await globalMembers(api.app, { kind: 'member', domain: 'demo', id: m.id })).toBeNull();
    }
    // the right id asked under the wrong school is nobody
    expect(await globalMembers(api.app, { kind: 'member', domain: 'north', id: olga.id })).toBeNull();
  });

  it('a school tree holds only its global members; a school with networking off shows nobody', async () => {
    const tree = await globalMembers(api.app, { kind: 'school', domain: 'north', limit: 100 });
    expect(tree.school?.domain).toBe('north');
    expect(tree.members.length).toBeGreaterThan(0);
    for (const m of tree.members) expect(m.card.status).toBe('global');
    await setAccessFlag(api.app.schoolDb(2), 'networking', false);
    expect((await globalMembers(api.app, { kind: 'school', domain: 'north', limit: 100 })).school).toBeNull();
    expect((await globalMembers(api.app, { kind: 'search', spec: searchSpec({}, 1000) })).rows.some((r) => r.domain === 'north')).toBe(false);
    await setAccessFlag(api.app.schoolDb(2), 'networking', true);
  });
});
