import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { marketListings, networkProfiles, programs, programUsers, users } from '../../db/schema/index.ts';
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

  it("an avatar: the stored file of a global member only; never a local or off member's, nor one asked under another school", async () => {
    const find = (login: string) => byLogin[Object.keys(byLogin).find((k) => k.startsWith(`${login}@`))!];
    const people = ['olga.petrova', 'dmitry.volkov', 'elena.smirnova'].map(find);
    for (const p of people)
      await api.db
        .update(users)
        .set({ avatar: `avatars/gm-${p.id}.png` })
        .where(eq(users.id, p.id));
    try {
      expect(await globalMembers(api.app, { kind: 'avatar', domain: 'demo', id: people[0].id })).toEqual({ file: `avatars/gm-${people[0].id}.png` });
      for (const p of people.slice(1)) expect(await globalMembers(api.app, { kind: 'avatar', domain: 'demo', id: p.id })).toBeNull();
      expect(await globalMembers(api.app, { kind: 'avatar', domain: 'north', id: people[0].id })).toBeNull();
      // a blocked global member shows nothing
      await api.db.update(users).set({ is_blocked: true }).where(eq(users.id, people[0].id));
      expect(await globalMembers(api.app, { kind: 'avatar', domain: 'demo', id: people[0].id })).toBeNull();
    } finally {
      await api.db.update(users).set({ is_blocked: false }).where(eq(users.id, people[0].id));
      for (const p of people) await api.db.update(users).set({ avatar: null }).where(eq(users.id, p.id));
    }
  });

  it('a member page lists only the programs of the member that the marketplace publishes', async () => {
    const olga = byLogin[Object.keys(byLogin).find((k) => k.startsWith('olga.petrova@'))!];
    const mine = await api.db.select({ id: programs.id, title: programs.title }).from(programs).where(eq(programs.tenant_id, olga.tenant_id));
    const listed = new Set((await api.db.select({ id: marketListings.program_id }).from(marketListings).where(eq(marketListings.published, true))).map((l) => l.id));
    await api.db.insert(programUsers).values(mine.map((p) => ({ tenant_id: olga.tenant_id, program_id: p.id, user_id: olga.id })));
    try {
      const page = await globalMembers(api.app, { kind: 'member', domain: 'demo', id: olga.id });
      expect(page?.catalog.map((c) => c.id).sort()).toEqual(
        mine
          .filter((p) => listed.has(p.id))
          .map((p) => p.id)
          .sort(),
      );
      expect(page?.catalog.length).toBeLessThan(mine.length);
      for (const c of page?.catalog ?? []) expect(Object.keys(c).sort()).toEqual(['id', 'logo', 'role', 'school', 'short_description', 'title', 'title_en']);
    } finally {
      await api.db.delete(programUsers).where(eq(programUsers.user_id, olga.id));
    }
  });
});
