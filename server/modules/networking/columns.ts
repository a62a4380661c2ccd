import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { cities, networkProfiles as np, tenants, users } from '../../db/schema/index.ts';
import type { SearchSpec } from './fields.ts';

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
