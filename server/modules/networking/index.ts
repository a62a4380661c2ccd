import { MemberAnswer, MyRecordAnswer, SavedAnswer, SearchAnswer, TreeAnswer } from './responses.ts';
import { fileAnswer, IMAGE_TYPES } from '../../core/responses.ts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { groups, groupUsers, networkProfiles as np, tenants, users, type NetworkStatus } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { currentUser, type User } from '../../core/context.ts';
import { Id } from '../../core/schemas.ts';
import { pageMeta } from '../../core/pagination.ts';
import { activeUser, cardColumns, cities, cityJoin, detailColumns, memberAvatar, runSearch, searchConditions, searchOrder } from './columns.ts';
import { memberCard, memberPage, ProfileBody, SearchQuery, searchSpec, type ProfileInput, type MemberDetailRow, type MemberRow, type SearchSpec } from './fields.ts';
import { globalMembers } from './global-members.ts';
import { curatorRoutes } from './curator.ts';
import { saveProfile } from './store.ts';
import { memberCatalog } from './catalog.ts';
import { storedPath } from '../../core/storage.ts';
import { sendImage } from '../../core/file-types.ts';

/** The module's public face: the caller's record as `GET /api/user` also sends it (accounts). */
export { MyRecord } from './responses.ts';

const tags = ['networking'];
const config = { flag: 'networking' as const };
/** Members drawn in one tree at most (the portal draws it folded, one group at a time). */
export const TREE_LIMIT = 2000;

export const notOnNetworking = () => new AppError(403, 'NOT_ON_NETWORKING', 'Your networking status is off');
export const DomainParams = Type.Object({ domain: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,62}$' }), id: Id });

/** The caller's networking record: the profile row with what the user profile holds beside it. */
async function myRecord(db: Db, u: User) {
  const [row] = await db.select().from(np).where(eq(np.user_id, u.id));
  const { search: _s, full_name: _f, sort_name: _n, tenant_id: _t, ...rest } = row ?? ({} as typeof np.$inferSelect);
  void _s, void _f, void _n, void _t;
  return {
    status: 'off' as NetworkStatus,
    looking_job: false,
    looking_employee: false,
    is_hire: false,
    is_owner: false,
    marital_status: null,
    pet: null,
    hobbies: null,
    native_language: null,
    industry: null,
    skills: null,
    company: null,
    position: null,
    education: null,
    about: null,
    additionally: null,
    telegram: null,
    shown_contacts: [],
    ...(row ? rest : {}),
    id: u.id,
    user_id: u.id,
    name: u.name,
    surname: u.surname,
    email: u.email,
    phone: u.phone,
    social: u.social,
    interests: u.interests,
    country_id: u.country_id,
    city_id: u.city_id,
    avatar: u.avatar ? `/api/files/avatar/${u.id}?v=${u.updated_at.getTime()}` : null,
  };
}

/**
 * Viewers' statuses an API process keeps, so that a search does not read its viewer's row each time (docs/performance.md):
 * a saved profile makes every process forget them (VIEWERS_TOPIC through server/core/broadcast.ts: this process at
 * once, the others within milliseconds), and none is kept longer than VIEWER_TTL (if a broadcast is lost).
 */
const viewerCaches = new WeakMap<FastifyInstance, Map<number, { status: NetworkStatus; profileId?: number; at: number }>>();
const VIEWER_TTL = 5_000;
const VIEWER_CACHE_MAX = 50_000;
const VIEWERS_TOPIC = 'networking-viewers';

/** The viewer's status and profile id (`off` without a profile: nobody is on networking until they choose). */
export async function viewerOf(req: FastifyRequest) {
  const u = currentUser(req);
  const cache = viewerCaches.get(req.server);
  const hit = cache?.get(u.id);
  if (hit && Date.now() - hit.at < VIEWER_TTL) return { user: u, status: hit.status, profileId: hit.profileId };
  const [row] = await req.db.select({ id: np.id, status: np.status }).from(np).where(eq(np.user_id, u.id));
  const viewer = { user: u, status: (row?.status ?? 'off') as NetworkStatus, profileId: row?.id };
  if (cache) {
    if (cache.size >= VIEWER_CACHE_MAX) cache.clear();
    cache.set(u.id, { status: viewer.status, profileId: viewer.profileId, at: Date.now() });
  }
  return viewer;
}

/** Statuses of the own school's members a viewer sees: both on-network statuses (a global viewer reads own globals here too). */
const SCHOOL_VISIBLE: NetworkStatus[] = ['local', 'global'];

/** A member of the request's school as a page (any status when `anyStatus`: the member themself, a curator). */
export async function schoolMember(req: FastifyRequest, id: number, opts: { anyStatus?: boolean; allContacts?: boolean } = {}) {
  const [row] = (await req.db
    .select({ ...cardColumns({}, memberAvatar), ...detailColumns })
    .from(np)
    .innerJoin(users, eq(users.id, np.user_id))
    .innerJoin(tenants, eq(tenants.id, np.tenant_id))
    .leftJoin(cities, cityJoin)
    .where(and(eq(users.id, id), opts.anyStatus ? undefined : inArray(np.status, SCHOOL_VISIBLE), ...searchConditions({ sort: 'name', desc: false, limit: 1 })))) as unknown as MemberDetailRow[];
  if (!row) return null;
  const [groupRows, catalog] = await Promise.all([
    req.db.select({ title: groups.title }).from(groupUsers).innerJoin(groups, eq(groups.id, groupUsers.group_id)).where(eq(groupUsers.user_id, id)).orderBy(asc(groups.title)),
    memberCatalog(req.server, req.db, id),
  ]);
  return {
    ...memberPage(
      row,
      groupRows.map((g) => g.title),
      { allContacts: opts.allContacts },
    ),
    catalog,
  };
}

/** A local viewer's search: the own school's members of both on-network statuses, one statement through the school's handle. */
function schoolSearch(req: FastifyRequest, spec: SearchSpec) {
  if (spec.school?.length && !spec.school.includes(req.tenant.slug)) return { rows: [] as MemberRow[], total: 0 };
  return runSearch(req.db, spec, [{ kind: 'school', statuses: SCHOOL_VISIBLE, textWithoutIndex: !!spec.industry?.length }], { 0: req.tenant.id });
}

/**
 * Networking (issue 14, docs/networking.md): my profile and status, search, a member's page and the alumni tree.
 * Who sees whom: a `local` viewer sees the own school's `local` and `global` members; a `global` viewer sees those
 * and the `global` members of every school (through `globalMembers`, the named cross-school path); nobody sees an
 * `off` member, and an `off` viewer cannot search (NOT_ON_NETWORKING).
 */
export default async function networking(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const viewers = new Map<number, { status: NetworkStatus; profileId?: number; at: number }>();
  viewerCaches.set(fastify, viewers);
  fastify.onBroadcast(VIEWERS_TOPIC, () => viewers.clear());

  app.get('/api/networking', { config, schema: { tags, summary: 'My networking profile and status (global, local, off)', response: { 200: MyRecordAnswer } } }, async (req) => {
    return { data: await myRecord(req.db, currentUser(req)) };
  });

  app.put(
    '/api/networking',
    {
      config,
      schema: { tags, summary: 'Save my networking profile and status; answers success and the networking record', body: ProfileBody, response: { 200: SavedAnswer } },
    },
    async (req) => {
      const u = currentUser(req);
      await saveProfile(req.db, u, req.body as ProfileInput);
      app.broadcast(VIEWERS_TOPIC);
      const record = await myRecord(req.db, u);
      return { success: true, networking: record, data: record };
    },
  );

  app.get(
    '/api/search/networking',
    {
      config,
      schema: {
        tags,
        summary:
          'Search members: q (URL-encoded free text over names, company, position, industry, skills, hobbies, city), array filters country[], city[], industry[], labor_market[], school[], native_language[]; paginated, sort name, rank or updated_at',
        querystring: SearchQuery,
        response: { 200: SearchAnswer },
      },
    },
    async (req) => {
      const viewer = await viewerOf(req);
      if (viewer.status === 'off') throw notOnNetworking();
      const perPage = req.query.per_page ?? 15;
      const page = req.query.page ?? 1;
      const offset = (page - 1) * perPage;
      const spec = searchSpec(req.query, offset + perPage, viewer.profileId);
      // local: the own school's local and global members; global: those and every school's global members, one statement
      const found = viewer.status === 'global' ? await globalMembers(app, { kind: 'search', spec, ownSchool: { id: req.tenant.id, slug: req.tenant.slug } }) : await schoolSearch(req, spec);
      const merged = found.rows.slice(offset, offset + perPage);
      const total = found.total;
      return { data: merged.map(memberCard), meta: pageMeta(page, perPage, total, merged.length) };
    },
  );

  app.get(
    '/api/user/networking/:domain/:id',
    {
      config,
      schema: {
        tags,
        summary: "A member's page (tabs general, contacts, education, about, additionally, catalog); 404 when the viewer may not see it",
        params: DomainParams,
        response: { 200: MemberAnswer },
      },
    },
    async (req) => {
      const viewer = await viewerOf(req);
      const { domain, id } = req.params;
      const own = domain === req.tenant.slug;
      if (own && id === viewer.user.id) {
        const me = await schoolMember(req, id, { anyStatus: true });
        if (me) return { data: me };
        throw notFound('member');
      }
      if (viewer.status === 'off') throw notOnNetworking();
      const page = own ? await schoolMember(req, id) : viewer.status === 'global' ? await globalMembers(app, { kind: 'member', domain, id }) : null;
      if (!page) throw notFound('member');
      return { data: page };
    },
  );

  app.get(
    '/api/networking/:id/getTree',
    {
      config,
      schema: {
        tags,
        summary: "The alumni tree of a member's school (school → group → member): nodes with id, root_id, parent_id; the member's school is `domain` (default: mine)",
        params: Type.Object({ id: Id }),
        querystring: Type.Object({ domain: Type.Optional(Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,62}$' })) }),
        response: { 200: TreeAnswer },
      },
    },
    async (req) => {
      const viewer = await viewerOf(req);
      if (viewer.status === 'off') throw notOnNetworking();
      const domain = req.query.domain ?? req.tenant.slug;
      const id = req.params.id;
      let school: { domain: string; title: string };
      let members: { card: ReturnType<typeof memberCard>; groups: { id: number; title: string }[] }[];
      if (domain === req.tenant.slug) {
        const rows = (await req.db
          .select(cardColumns({}, memberAvatar))
          .from(np)
          .innerJoin(users, eq(users.id, np.user_id))
          .innerJoin(tenants, eq(tenants.id, np.tenant_id))
          .leftJoin(cities, cityJoin)
          .where(and(inArray(np.status, SCHOOL_VISIBLE), ...searchConditions({ sort: 'name', desc: false, limit: TREE_LIMIT })))
          .orderBy(...searchOrder({ sort: 'name', desc: false, limit: TREE_LIMIT }))
          .limit(TREE_LIMIT)) as unknown as MemberRow[];
        const ids = rows.map((r) => r.id);
        const links = ids.length
          ? await req.db
              .select({ user_id: groupUsers.user_id, id: groups.id, title: groups.title })
              .from(groupUsers)
              .innerJoin(groups, eq(groups.id, groupUsers.group_id))
              .where(inArray(groupUsers.user_id, ids))
          : [];
        school = { domain, title: req.tenant.title };
        members = rows.map((r) => ({ card: memberCard(r), groups: links.filter((l) => l.user_id === r.id).map((l) => ({ id: l.id, title: l.title })) }));
      } else {
        if (viewer.status !== 'global') throw notFound('member');
        const found = await globalMembers(app, { kind: 'school', domain, limit: TREE_LIMIT });
        if (!found.school) throw notFound('member');
        school = found.school;
        members = found.members;
      }
      if (!members.some((m) => m.card.id === id)) throw notFound('member');
      return { data: buildTree(school, members), focus_member_id: id, truncated: members.length >= TREE_LIMIT };
    },
  );

  app.get(
    '/api/user/networking/:domain/:id/avatar',
    {
      // an <img> sends no header: the token and the viewer's school may come as ?access_token=…&domain=…
      config: { ...config, queryToken: true },
      schema: {
        tags,
        summary: "A member's avatar image, of any school, for a viewer who may see the member (as the member page); 404 otherwise",
        params: DomainParams,
        querystring: Type.Object({ access_token: Type.Optional(Type.String()), domain: Type.Optional(Type.String()), v: Type.Optional(Type.String()) }),
        response: { 200: fileAnswer(IMAGE_TYPES, "The member's avatar") },
      },
    },
    async (req, reply) => {
      const { domain, id } = req.params;
      const file = await avatarFile(req, domain, id);
      if (!file) throw new AppError(404, 'NOT_FOUND_FILE', 'No avatar');
      return sendImage(reply, storedPath(app.config.dataDir, domain, file), 'private, max-age=86400');
    },
  );

  curatorRoutes(fastify);
}

/**
 * The stored avatar of a member the caller may see, as the member page decides: the own school's member who is on the
 * network (or the caller themself; any member for the school's curators), another school's `global` member for a
 * `global` viewer or a curator (through `globalMembers`, the named cross-school path). Undefined otherwise.
 */
async function avatarFile(req: FastifyRequest, domain: string, id: number): Promise<string | undefined> {
  const viewer = await viewerOf(req);
  const curator = viewer.user.role === 'moderator';
  if (domain === req.tenant.slug) {
    const anyStatus = curator || id === viewer.user.id;
    if (!anyStatus && viewer.status === 'off') throw notOnNetworking();
    const [row] = await req.db
      .select({ file: users.avatar })
      .from(users)
      .leftJoin(np, eq(np.user_id, users.id))
      .where(and(eq(users.id, id), anyStatus ? undefined : and(inArray(np.status, SCHOOL_VISIBLE), activeUser())));
    return row?.file ?? undefined;
  }
  if (!curator && viewer.status === 'off') throw notOnNetworking();
  if (!curator && viewer.status !== 'global') return undefined;
  return (await globalMembers(req.server, { kind: 'avatar', domain, id }))?.file;
}

/**
 * The `networking` field of `GET /api/user` (the specification's profile: roles, networking, avatar, is_start): the
 * caller's networking record, as `GET /api/networking` and the save answer it; null when the school's networking
 * section is off (the section is hidden).
 */
export async function userNetworking(req: FastifyRequest, u: User = currentUser(req)) {
  if (!(await req.server.accessFlags(req.tenant.id)).networking) return null;
  return myRecord(req.db, u);
}

export interface TreeNode {
  id: string;
  root_id: string;
  parent_id: string | null;
  type: 'school' | 'group' | 'member';
  title: string;
  domain: string;
  member_id?: number;
  position?: string | null;
  company?: string | null;
}

/**
 * The alumni tree (docs/networking.md): the school at the root, its groups (intakes) below, their members as
 * leaves; a member of several groups is under each, a member of none directly under the school.
 */
export function buildTree(school: { domain: string; title: string }, members: { card: ReturnType<typeof memberCard>; groups: { id: number; title: string }[] }[]): TreeNode[] {
  const root = `school-${school.domain}`;
  const nodes: TreeNode[] = [{ id: root, root_id: root, parent_id: null, type: 'school', title: school.title, domain: school.domain }];
  const seen = new Set<number>();
  const groupList = members
    .flatMap((m) => m.groups)
    .filter((g) => !seen.has(g.id) && seen.add(g.id))
    .sort((a, b) => a.title.localeCompare(b.title));
  for (const g of groupList) nodes.push({ id: `group-${g.id}`, root_id: root, parent_id: root, type: 'group', title: g.title, domain: school.domain });
  for (const m of members) {
    const leaf = {
      type: 'member' as const,
      title: `${m.card.name} ${m.card.surname}`.trim(),
      domain: school.domain,
      member_id: m.card.id,
      position: m.card.position,
      company: m.card.company,
      root_id: root,
    };
    if (!m.groups.length) nodes.push({ ...leaf, id: `member-${m.card.id}`, parent_id: root });
    for (const g of m.groups) nodes.push({ ...leaf, id: `member-${m.card.id}-group-${g.id}`, parent_id: `group-${g.id}` });
  }
  return nodes;
}
