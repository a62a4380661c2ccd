import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { groups, groupUsers, networkProfiles as np, tenantAccess, tenants, users } from '../../db/schema/index.ts';
import { activeUser, cardColumns, cities, cityJoin, detailColumns, memberAvatar, runSearch, searchConditions, searchOrder, type SearchBranch } from './columns.ts';
import { memberCard, memberPage, type MemberDetailRow, type MemberRow, type SearchSpec } from './fields.ts';
import { memberCatalog, type CatalogEntry } from './catalog.ts';

/**
 * THE NAMED CROSS-SCHOOL PATH of networking (docs/school-isolation.md, listed in server/modules/fence.test.ts):
 * the one place where a school reads members of other schools. It uses the unbound handle (`app.db`) and reads only:
 *
 * - members whose status is `global`, of schools whose `networking` section is on, who are not blocked;
 * - in a search for a global viewer (`ownSchool`, the school of the request's token), also the `local` members of that
 *   viewer's own school, whom the viewer sees anyway: so that the search is one statement (docs/performance.md);
 * - the fields of a member card, and on a member page the contact fields the member chose to show (masked by
 *   `memberPage` before anything is returned) and their groups' titles;
 * - the catalog tab: once the member is found here, their programs are read through their school's bound handle
 *   (`app.schoolDb`) and only those the marketplace publishes leave (`memberCatalog`, catalog.ts);
 * - an avatar (`kind: 'avatar'`): the stored file name of a global member's avatar, for the avatar route to send
 *   the image; nothing else of the row.
 *
 * `local` and `off` members of any school never leave it (a search's own-school local members go to a viewer of that school only), nor does a hidden contact field. Everything else in
 * networking reads through the school-bound handle (`req.db`). Its own tests: global-members.test.ts.
 */
export type GlobalMembersQuery =
  | { kind: 'search'; spec: SearchSpec; ownSchool?: { id: number; slug: string } }
  | { kind: 'member'; domain: string; id: number }
  | { kind: 'school'; domain: string; limit: number }
  | { kind: 'avatar'; domain: string; id: number };

export interface GlobalTreeMember {
  card: ReturnType<typeof memberCard>;
  groups: { id: number; title: string }[];
}

export async function globalMembers(app: FastifyInstance, q: { kind: 'search'; spec: SearchSpec; ownSchool?: { id: number; slug: string } }): Promise<{ rows: MemberRow[]; total: number }>;
export async function globalMembers(app: FastifyInstance, q: { kind: 'member'; domain: string; id: number }): Promise<(ReturnType<typeof memberPage> & { catalog: CatalogEntry[] }) | null>;
export async function globalMembers(
  app: FastifyInstance,
  q: { kind: 'school'; domain: string; limit: number },
): Promise<{ school: { domain: string; title: string } | null; members: GlobalTreeMember[] }>;
export async function globalMembers(app: FastifyInstance, q: { kind: 'avatar'; domain: string; id: number }): Promise<{ file: string } | null>;
export async function globalMembers(app: FastifyInstance, q: GlobalMembersQuery): Promise<unknown> {
  const db = app.db;
  // schools that have the section on: a school that switched networking off shows no one to anyone
  const openSchools = db.select({ id: tenantAccess.tenant_id }).from(tenantAccess).where(eq(tenantAccess.networking, true));
  const global = and(eq(np.status, 'global'), inArray(np.tenant_id, openSchools));
  const base = (columns: Record<string, unknown>) =>
    db
      .select(columns as never)
      .from(np)
      .innerJoin(users, eq(users.id, np.user_id))
      .innerJoin(tenants, eq(tenants.id, np.tenant_id))
      .leftJoin(cities, cityJoin);

  if (q.kind === 'search') {
    // one statement: every school's global members, and for a global viewer's search (`ownSchool`) their own school's
    // local members beside them (which that viewer sees anyway), under one order and one count (docs/performance.md).
    // With one industry and one country (or cities) the composite index's range is at most a few thousand rows: the
    // text is checked on them, cheaper than the GIN prefix scan, which reads every match of the word in every school.
    const narrow = q.spec.industry?.length === 1 && (q.spec.country?.length === 1 || !!q.spec.city?.length);
    const branches: SearchBranch[] = [{ kind: 'global', textWithoutIndex: narrow }];
    const own = q.ownSchool;
    if (own && (!q.spec.school?.length || q.spec.school.includes(own.slug))) branches.push({ kind: 'school', statuses: ['local'], textWithoutIndex: !!q.spec.industry?.length });
    return runSearch(db, q.spec, branches, branches.length > 1 && own ? { 1: own.id } : {});
  }

  if (q.kind === 'member') {
    const [row] = (await base({ ...cardColumns({}, memberAvatar), ...detailColumns, school_id: np.tenant_id }).where(
      and(global, eq(tenants.slug, q.domain), eq(users.id, q.id), ...searchConditions({ sort: 'name', desc: false, limit: 1 })),
    )) as unknown as (MemberDetailRow & { school_id: number })[];
    if (!row) return null;
    const { school_id: schoolId, ...member } = row;
    const [groupRows, catalog] = await Promise.all([
      db.select({ id: groups.id, title: groups.title }).from(groupUsers).innerJoin(groups, eq(groups.id, groupUsers.group_id)).where(eq(groupUsers.user_id, row.id)).orderBy(asc(groups.title)),
      memberCatalog(app, app.schoolDb(schoolId), row.id),
    ]);
    return {
      ...memberPage(
        member,
        groupRows.map((g) => g.title),
      ),
      catalog,
    };
  }

  if (q.kind === 'avatar') {
    const [row] = await db
      .select({ file: users.avatar })
      .from(np)
      .innerJoin(users, eq(users.id, np.user_id))
      .innerJoin(tenants, eq(tenants.id, np.tenant_id))
      .where(and(global, eq(tenants.slug, q.domain), eq(users.id, q.id), activeUser()));
    return row?.file ? { file: row.file } : null;
  }

  const [school] = await db
    .select({ domain: tenants.slug, title: tenants.title })
    .from(tenants)
    .where(and(eq(tenants.slug, q.domain), inArray(tenants.id, openSchools)));
  if (!school) return { school: null, members: [] };
  const rows = (await base(cardColumns({}, memberAvatar))
    .where(and(global, eq(tenants.slug, q.domain), ...searchConditions({ sort: 'name', desc: false, limit: q.limit })))
    .orderBy(...searchOrder({ sort: 'name', desc: false, limit: q.limit }))
    .limit(q.limit)) as unknown as MemberRow[];
  const ids = rows.map((r) => r.id);
  const links = ids.length
    ? await db
        .select({ user_id: groupUsers.user_id, id: groups.id, title: groups.title })
        .from(groupUsers)
        .innerJoin(groups, eq(groups.id, groupUsers.group_id))
        .where(inArray(groupUsers.user_id, ids))
    : [];
  return {
    school,
    members: rows.map((r) => ({ card: memberCard(r), groups: links.filter((l) => l.user_id === r.id).map((l) => ({ id: l.id, title: l.title })) })),
  };
}
