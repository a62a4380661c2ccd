import { Type, type Static } from 'typebox';
import { CONTACT_FIELDS, INDUSTRIES, LABOR_MARKET, MARITAL_STATUSES, NETWORK_STATUSES, type ContactField, type NetworkStatus } from '../../db/schema/index.ts';
import { Page, PerPage } from '../../core/pagination.ts';

/**
 * What networking shows of a member, shared by the school's own reads (`req.db`) and the cross-school path
 * (global-members.ts), so that both mask the same way: contact fields the member did not choose are never in an answer.
 */

/** The columns a member card and page are made of (a select of network_profiles ⋈ users ⋈ tenants). */
export interface MemberRow {
  profile_id: number;
  id: number;
  domain: string;
  school: string;
  status: NetworkStatus;
  name: string;
  surname: string;
  avatar: string | null;
  updated_at: Date | string;
  country_id: number | null;
  city_id: number | null;
  city: string | null;
  city_en: string | null;
  company: string | null;
  position: string | null;
  industry: string | null;
  looking_job: boolean;
  looking_employee: boolean;
  is_hire: boolean;
  is_owner: boolean;
  sort_name: string;
  rank: number;
}

/** Everything a member page adds to the card; contact values are read only to be masked by `shown_contacts`. */
export interface MemberDetailRow extends MemberRow {
  email: string;
  phone: string | null;
  telegram: string | null;
  social: Record<string, string>;
  shown_contacts: ContactField[];
  education: string | null;
  about: string | null;
  interests: string | null;
  hobbies: string | null;
  skills: string | null;
  marital_status: string | null;
  pet: string | null;
  native_language: string | null;
  additionally: string | null;
}

/** A search result: what every viewer allowed to see the member may see. */
export function memberCard(r: MemberRow) {
  return {
    id: r.id,
    domain: r.domain,
    school: r.school,
    status: r.status,
    name: r.name,
    surname: r.surname,
    avatar: r.avatar,
    country_id: r.country_id,
    city_id: r.city_id,
    city: r.city,
    city_en: r.city_en,
    company: r.company,
    position: r.position,
    industry: r.industry,
    looking_job: r.looking_job,
    looking_employee: r.looking_employee,
    is_hire: r.is_hire,
    is_owner: r.is_owner,
  };
}

/** Only the contact fields the member chose to show (`all`: a curator of the member's own school sees every one). */
export function shownContacts(r: Pick<MemberDetailRow, 'email' | 'phone' | 'telegram' | 'social' | 'shown_contacts'>, all = false) {
  const shown = new Set<ContactField>(all ? CONTACT_FIELDS : (r.shown_contacts ?? []).filter((c) => (CONTACT_FIELDS as readonly string[]).includes(c)));
  const out: Partial<{ email: string; phone: string; telegram: string; social: Record<string, string> }> = {};
  if (shown.has('email') && r.email) out.email = r.email;
  if (shown.has('phone') && r.phone) out.phone = r.phone;
  if (shown.has('telegram') && r.telegram) out.telegram = r.telegram;
  if (shown.has('social') && r.social && Object.keys(r.social).length) out.social = r.social;
  return out;
}

/** A member page in the specification's tabs (general, contacts, education, about, additionally; catalog is added by the caller). */
export function memberPage(r: MemberDetailRow, groups: string[], opts: { allContacts?: boolean } = {}) {
  return {
    ...memberCard(r),
    general: memberCard(r),
    contacts: shownContacts(r, opts.allContacts),
    education: { education: r.education, groups },
    about: { about: r.about, interests: r.interests, hobbies: r.hobbies, skills: r.skills },
    additionally: { marital_status: r.marital_status, pet: r.pet, native_language: r.native_language, additionally: r.additionally },
  };
}

/**
 * Free text to a prefix tsquery for `to_tsquery('simple', …)`: only letters and digits survive (any quote, `%`, `_`,
 * backslash or tsquery operator `& | ! : * ( ) <->` separates words), each word matches as a prefix, all must match.
 * Answers undefined when no word is left.
 */
export function prefixQuery(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const words =
    text
      .toLowerCase()
      .normalize('NFC')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words.map((w) => w.slice(0, 64)))].slice(0, 8);
  return unique.length ? unique.map((w) => `${w}:*`).join(' & ') : undefined;
}

/** The lower-cased name a member sorts by (code-point order, the same in SQL `collate "C"` and in JS). */
export function sortName(surname: string, name: string) {
  return `${surname} ${name}`.trim().toLowerCase();
}

const Arr = <T extends import('typebox').TSchema>(item: T) => Type.Optional(Type.Array(item, { maxItems: 50 }));

/** Search query: `q` free text (URL-encoded), array filters as repeated bracketed keys (`country[]=1&country[]=7`). */
export const SearchQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  country: Arr(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  city: Arr(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  industry: Arr(Type.Union(INDUSTRIES.map((i) => Type.Literal(i)))),
  labor_market: Arr(Type.Union(LABOR_MARKET.map((i) => Type.Literal(i)))),
  school: Arr(Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,62}$' })),
  native_language: Arr(Type.String({ pattern: '^[a-z]{2}$' })),
  page: Type.Optional(Page(10000)),
  per_page: Type.Optional(PerPage()),
  sort: Type.Optional(Type.Union([Type.Literal('name'), Type.Literal('rank'), Type.Literal('updated_at')])),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc'), Type.Literal('ASC'), Type.Literal('DESC')])),
});
export type SearchQuery = Static<typeof SearchQuery>;

/** What a search asks, in the form both the school's query and the cross-school path apply. */
export interface SearchSpec {
  tsquery?: string;
  country?: number[];
  city?: number[];
  industry?: string[];
  labor_market?: string[];
  school?: string[];
  native_language?: string[];
  sort: 'name' | 'rank' | 'updated_at';
  desc: boolean;
  /** Rows to read from the top of the order (the merge window: offset + per_page). */
  limit: number;
  /** A profile not to list (the viewer's own). */
  excludeProfile?: number;
}

export function searchSpec(q: SearchQuery, limit: number, excludeProfile?: number): SearchSpec {
  const tsquery = prefixQuery(q.q);
  const sort = q.sort === 'rank' && !tsquery ? 'name' : (q.sort ?? (tsquery ? 'rank' : 'name'));
  // relevance and recency read best from the top; names from A
  const desc = q.order ? q.order.toLowerCase() === 'desc' : sort !== 'name';
  return { tsquery, country: q.country, city: q.city, industry: q.industry, labor_market: q.labor_market, school: q.school, native_language: q.native_language, sort, desc, limit, excludeProfile };
}

export const ProfileBody = Type.Object({
  status: Type.Optional(Type.Union(NETWORK_STATUSES.map((s) => Type.Literal(s)))),
  looking_job: Type.Optional(Type.Boolean()),
  looking_employee: Type.Optional(Type.Boolean()),
  is_hire: Type.Optional(Type.Boolean()),
  is_owner: Type.Optional(Type.Boolean()),
  marital_status: Type.Optional(Type.Union([...MARITAL_STATUSES.map((s) => Type.Literal(s)), Type.Null(), Type.Literal('')])),
  pet: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  hobbies: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
  native_language: Type.Optional(Type.Union([Type.String({ pattern: '^[a-z]{2}$' }), Type.Null(), Type.Literal('')])),
  industry: Type.Optional(Type.Union([...INDUSTRIES.map((s) => Type.Literal(s)), Type.Null(), Type.Literal('')])),
  skills: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
  company: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  position: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  education: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  about: Type.Optional(Type.Union([Type.String({ maxLength: 5000 }), Type.Null()])),
  additionally: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  telegram: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  shown_contacts: Type.Optional(Type.Array(Type.Union(CONTACT_FIELDS.map((c) => Type.Literal(c))), { maxItems: CONTACT_FIELDS.length, uniqueItems: true })),
});
/** The body of PUT /api/networking as the handler reads it (the schema above validates it). */
export interface ProfileInput {
  status?: NetworkStatus;
  looking_job?: boolean;
  looking_employee?: boolean;
  is_hire?: boolean;
  is_owner?: boolean;
  marital_status?: string | null;
  pet?: string | null;
  hobbies?: string | null;
  native_language?: string | null;
  industry?: string | null;
  skills?: string | null;
  company?: string | null;
  position?: string | null;
  education?: string | null;
  about?: string | null;
  additionally?: string | null;
  telegram?: string | null;
  shown_contacts?: ContactField[];
}
