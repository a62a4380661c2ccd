import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedOn, preparedSql } from '../../db/prepared.ts';
import { cities, networkProfiles as np, tenantAccess, tenants, users, type NetworkStatus } from '../../db/schema/index.ts';
import type { MemberRow, SearchSpec } from './fields.ts';

/**
 * The SQL pieces of a networking read, shared by the school's own queries (`req.db`) and the cross-school path
 * (global-members.ts): the same columns, conditions and order on both sides, so their results merge exactly.
 */

export const tsquery = (q: string) => sql`to_tsquery('simple', ${q})`;

/** The join every card query makes for the city's titles. */
export const cityJoin = eq(cities.id, np.city_id);
export { cities };

/**
 * A member's avatar as the networking avatar route (`GET /api/user/networking/{domain}/{id}/avatar`), the same on
 * both sides: it serves a member of any school to a viewer who may see them (docs/networking.md, "Avatars").
 */
export const memberAvatar = sql<
  string | null
>`case when ${users.avatar} is null then null else '/api/user/networking/' || ${tenants.slug} || '/' || ${users.id} || '/avatar?v=' || floor(extract(epoch from ${users.updated_at}) * 1000)::bigint end`;

/** Columns of a member card; `avatar` is the caller's (a school's own avatar route cannot serve another school's file). */
export function cardColumns(spec: Pick<SearchSpec, 'tsquery'>, avatar: SQL<string | null>) {
  return {
    profile_id: np.id,
    id: users.id,
    domain: tenants.slug,
    school: tenants.title,
    status: np.status,
    name: users.name,
    surname: users.surname,
    avatar,
    updated_at: sql<string>`date_trunc('milliseconds', ${np.updated_at})`.mapWith((v: string | Date) => new Date(v)),
    country_id: np.country_id,
    city_id: np.city_id,
    // the reference titles (np.city is the search copy: both languages, with the country)
    city: cities.title_ru,
    city_en: cities.title_en,
    company: np.company,
    position: np.position,
    industry: np.industry,
    looking_job: np.looking_job,
    looking_employee: np.looking_employee,
    is_hire: np.is_hire,
    is_owner: np.is_owner,
    sort_name: np.sort_name,
    rank: spec.tsquery ? sql<number>`ts_rank(${np.search}, ${tsquery(spec.tsquery)})`.mapWith(Number) : sql<number>`0`.mapWith(Number),
  };
}

/** Columns a member page adds (contact values are masked by `shownContacts` before they leave). */
export const detailColumns = {
  email: users.email,
  phone: users.phone,
  telegram: np.telegram,
  social: users.social,
  shown_contacts: np.shown_contacts,
  education: np.education,
  about: np.about,
  interests: users.interests,
  hobbies: np.hobbies,
  skills: np.skills,
  marital_status: np.marital_status,
  pet: np.pet,
  native_language: np.native_language,
  additionally: np.additionally,
};

/** A user who may be listed at all: not blocked, not past an automatic blocking date. */
export function activeUser(): SQL {
  return and(eq(users.is_blocked, false), or(isNull(users.date_block), gt(users.date_block, new Date().toISOString().slice(0, 10))))!;
}

/**
 * The search's text and filter conditions (the school filter is applied by each side). `textWithoutIndex`: the text is
 * checked on the rows the other conditions find, written so that the GIN index cannot serve it: for the own school's
 * side with an industry, a few rows of one school (index network_profiles_school_filters), where the GIN prefix scan
 * would read the matches of every school (docs/performance.md). Same rows either way.
 */
export function searchConditions(spec: SearchSpec, opts: { textWithoutIndex?: boolean } = {}): (SQL | undefined)[] {
  const flags = (spec.labor_market ?? []).filter((f): f is 'looking_job' | 'looking_employee' | 'is_hire' | 'is_owner' => ['looking_job', 'looking_employee', 'is_hire', 'is_owner'].includes(f));
  return [
    spec.tsquery ? (opts.textWithoutIndex ? sql`coalesce(${np.search}, ''::tsvector) @@ ${tsquery(spec.tsquery)}` : sql`${np.search} @@ ${tsquery(spec.tsquery)}`) : undefined,
    spec.country?.length ? inArray(np.country_id, spec.country) : undefined,
    spec.city?.length ? inArray(np.city_id, spec.city) : undefined,
    spec.industry?.length ? inArray(np.industry, spec.industry) : undefined,
    spec.native_language?.length ? inArray(np.native_language, spec.native_language) : undefined,
    flags.length ? or(...flags.map((f) => eq(np[f], true))) : undefined,
    spec.excludeProfile ? ne(np.id, spec.excludeProfile) : undefined,
    activeUser(),
  ];
}

/** The order of a search (ties broken by the profile id: unique across schools). */
export function searchOrder(spec: SearchSpec): SQL[] {
  const dir = spec.desc ? desc : asc;
  if (spec.sort === 'rank' && spec.tsquery) return [dir(sql`ts_rank(${np.search}, ${tsquery(spec.tsquery)})`), dir(np.id)];
  if (spec.sort === 'updated_at') return [dir(sql`date_trunc('milliseconds', ${np.updated_at})`), dir(np.id)];
  return [dir(sql`${np.sort_name} collate "C"`), dir(np.id)];
}

/**
 * One search as ONE named prepared statement per shape (docs/performance.md, "Networking search", fifth session): the
 * text depends only on which filters are given (and whether with one value or several), the sort and the branches,
 * never on the values, which go as parameters; `preparedOn` keeps it per handle (built once) and PostgreSQL per
 * connection (parsed once; planned once when its generic plan is as cheap as the custom ones).
 *
 * A branch is a set of members a viewer may see: `global` (the global members of every school whose section is on:
 * only through `globalMembers`, the named cross-school path) or `school` (one school's members of the given
 * statuses, written out in the text, since raw SQL is not rewritten by the school-bound handle). Several branches
 * are one `union all` under one order, one window count and one limit, so that a global viewer's search is one
 * statement and one round trip, its page cut by PostgreSQL.
 *
 * A filter of one value is written `= $n` and of several `= any($n)`: a generic plan estimates `= any($n)` as ten
 * values (for an industry, most rows), so it would leave the composite index for a worse one. The text is evaluated
 * once per statement (`(select to_tsquery(…))`, an init plan), not once per row as a parameter's function would be.
 * `textWithoutIndex`: the text is checked on the rows the filters' index finds, written so that the GIN index cannot
 * serve it (`searchConditions` above says when that pays).
 */
export type SearchBranch = { kind: 'global'; textWithoutIndex?: boolean } | { kind: 'school'; statuses: readonly NetworkStatus[]; textWithoutIndex?: boolean };

export function searchStatement(spec: SearchSpec, branches: SearchBranch[]) {
  // the shape and the values first: the SQL is built only when this handle has not prepared the shape yet
  const values: Record<string, unknown> = {};
  const shape: string[] = [spec.tsquery ? 't' : '-'];
  if (spec.tsquery) values.q = spec.tsquery;
  const lists = { country: spec.country, city: spec.city, industry: spec.industry, language: spec.native_language };
  for (const [name, list] of Object.entries(lists)) {
    shape.push(list?.length ? (list.length === 1 ? '1' : 'n') : '-');
    if (list?.length) values[name] = list.length === 1 ? list[0] : list;
  }
  const flags = (spec.labor_market ?? []).filter((f): f is (typeof FLAGS)[number] => (FLAGS as readonly string[]).includes(f));
  shape.push(flags.length ? 'L' : '-');
  if (flags.length) values.flags = flags;
  values.me = spec.excludeProfile ?? 0;
  values.today = new Date().toISOString().slice(0, 10);
  if (spec.school?.length) values.schools = spec.school.length === 1 ? spec.school[0] : spec.school;
  for (const b of branches) {
    if (b.kind === 'global') shape.push(`${spec.school?.length ? (spec.school.length === 1 ? 'G1' : 'Gn') : 'G'}${b.textWithoutIndex ? 'x' : ''}`);
    else shape.push(`S${b.statuses.join('+')}${b.textWithoutIndex ? 'x' : ''}`);
  }
  const sort = spec.sort === 'rank' && !spec.tsquery ? 'name' : spec.sort;
  shape.push(`${sort}:${spec.desc ? 'd' : 'a'}`);
  values.limit = spec.limit;
  return { key: `networking-search:${shape.join('')}`, values, build: () => searchSql(spec, branches, sort, flags.length > 0) };
}

const FLAGS = ['looking_job', 'looking_employee', 'is_hire', 'is_owner'] as const;

/**
 * The text of a search statement (see `searchStatement`): the branches read the profiles and their users only (the
 * filters, the text, the user not blocked); the order, the window count and the limit come next; the school and the
 * city are joined to the page's rows only.
 */
function searchSql(spec: SearchSpec, branches: SearchBranch[], sort: SearchSpec['sort'], withFlags: boolean): SQL {
  const p = (name: string) => sql.placeholder(name);
  const tsq = sql`(select to_tsquery('simple', ${p('q')}))`;
  const filters: SQL[] = [];
  const filter = (name: string, column: Parameters<typeof eq>[0], list: readonly unknown[] | undefined, type: 'int' | 'text') => {
    if (list?.length) filters.push(list.length === 1 ? sql`${column} = ${p(name)}` : sql`${column} = any(${p(name)}::${sql.raw(type)}[])`);
  };
  filter('country', np.country_id, spec.country, 'int');
  filter('city', np.city_id, spec.city, 'int');
  filter('industry', np.industry, spec.industry, 'text');
  filter('language', np.native_language, spec.native_language, 'text');
  if (withFlags)
    filters.push(
      sql`(${sql.join(
        FLAGS.map((f) => sql`(${np[f]} and ${f} = any(${p('flags')}::text[]))`),
        sql` or `,
      )})`,
    );
  filters.push(sql`${np.id} <> ${p('me')}`, sql`not ${users.is_blocked} and (${users.date_block} is null or ${users.date_block} > ${p('today')}::date)`);
  const rank = spec.tsquery ? sql`ts_rank(${np.search}, ${tsq})` : sql`0::real`;
  const columns = sql`${np.id} as profile_id, ${users.id} as id, ${np.tenant_id} as tenant_id, ${np.status} as status, ${users.name} as name,
    ${users.surname} as surname, ${users.avatar} as avatar_file, ${users.updated_at} as user_updated_at,
    date_trunc('milliseconds', ${np.updated_at}) as updated_at, ${np.country_id} as country_id, ${np.city_id} as city_id, ${np.company} as company,
    ${np.position} as position, ${np.industry} as industry, ${np.looking_job} as looking_job, ${np.looking_employee} as looking_employee,
    ${np.is_hire} as is_hire, ${np.is_owner} as is_owner, ${np.sort_name} as sort_name, ${rank} as rank`;
  const parts = branches.map((b, i) => {
    const text = spec.tsquery ? (b.textWithoutIndex ? sql` and coalesce(${np.search}, ''::tsvector) @@ ${tsq}` : sql` and ${np.search} @@ ${tsq}`) : sql``;
    let who: SQL;
    if (b.kind === 'global') {
      // the schools whose section is on, read once (an init plan), not joined per row
      who = sql`${np.status} = 'global' and ${np.tenant_id} = any((select array_agg(${tenantAccess.tenant_id}) from ${tenantAccess} where ${tenantAccess.networking})::int[])`;
      if (spec.school?.length) {
        const slugs = spec.school.length === 1 ? sql`${tenants.slug} = ${p('schools')}` : sql`${tenants.slug} = any(${p('schools')}::text[])`;
        who = sql`${who} and ${np.tenant_id} in (select ${tenants.id} from ${tenants} where ${slugs})`;
      }
    } else {
      who = sql`${np.tenant_id} = ${p(`school${i}`)} and ${np.status} in (${sql.join(
        b.statuses.map((s) => sql.raw(`'${s}'`)),
        sql`, `,
      )})`;
    }
    return sql`select ${columns} from ${np} inner join ${users} on ${users.id} = ${np.user_id} where ${who}${text} and ${sql.join(filters, sql` and `)}`;
  });
  const dir = sql.raw(spec.desc ? 'desc' : 'asc');
  const order = (t: string) => (sort === 'rank' ? sql`${sql.raw(t)}.rank ${dir}` : sort === 'updated_at' ? sql`${sql.raw(t)}.updated_at ${dir}` : sql`${sql.raw(t)}.sort_name collate "C" ${dir}`);
  return sql`select m.profile_id, m.id, ${tenants.slug} as domain, ${tenants.title} as school, m.status, m.name, m.surname,
    case when m.avatar_file is null then null else '/api/user/networking/' || ${tenants.slug} || '/' || m.id || '/avatar?v=' || floor(extract(epoch from m.user_updated_at) * 1000)::bigint end as avatar,
    m.updated_at, m.country_id, m.city_id, ${cities.title_ru} as city, ${cities.title_en} as city_en, m.company, m.position, m.industry,
    m.looking_job, m.looking_employee, m.is_hire, m.is_owner, m.sort_name, m.rank, m.total
    from (select b.*, count(*) over ()::int as total from (${sql.join(parts, sql` union all `)}) b order by ${order('b')}, b.profile_id ${dir} limit ${p('limit')}) m
    inner join ${tenants} on ${tenants.id} = m.tenant_id left join ${cities} on ${cities.id} = m.city_id
    order by ${order('m')}, m.profile_id ${dir}`;
}

/**
 * Shapes a handle keeps as named statements, at most: every connection of its pool keeps each one's text and plan for
 * its whole life, and the shapes possible are many (filters × one or several values × sorts); the common few are
 * named, any further ones run as unnamed statements (parsed and planned each time, as before).
 */
const SHAPES_MAX = 64;
const preparedShapes = new WeakMap<Db, Set<string>>();

/** `query` run as an unnamed statement, with its placeholders filled as a named one's are. */
function unnamedSql(db: Db, query: SQL) {
  const { dialect, session } = db as unknown as {
    dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
    session: { prepareQuery(q: { sql: string; params: unknown[] }, fields: undefined, name: undefined, arrayMode: boolean): { execute(v?: Record<string, unknown>): Promise<unknown> } };
  };
  const prepared = session.prepareQuery(dialect.sqlToQuery(query), undefined, undefined, false);
  return { execute: async (values?: Record<string, unknown>) => ((await prepared.execute(values)) as { rows: Record<string, unknown>[] }).rows };
}

/** Runs a search statement on `db` (prepared once per handle and shape); `schoolIds[i]` is the school of branch i when it is a school's. */
export async function runSearch(db: Db, spec: SearchSpec, branches: SearchBranch[], schoolIds: Record<number, number> = {}) {
  const built = searchStatement(spec, branches);
  let shapes = preparedShapes.get(db);
  if (!shapes) preparedShapes.set(db, (shapes = new Set()));
  const named = shapes.has(built.key) || shapes.size < SHAPES_MAX;
  if (named) shapes.add(built.key);
  const statement = named ? preparedOn(db, built.key, (d) => preparedSql(d, built.build())) : unnamedSql(db, built.build());
  for (const [i, id] of Object.entries(schoolIds)) built.values[`school${i}`] = id;
  const rows = (await statement.execute(built.values)) as unknown as (MemberRow & { total: number })[];
  return { rows: rows.map(({ total: _t, ...r }) => (void _t, { ...r, rank: Number(r.rank) })), total: rows[0] ? Number(rows[0].total) : 0 };
}
