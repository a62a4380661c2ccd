import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolId } from './tenants.ts';
import { users } from './users.ts';

/** Who sees a member (docs/networking.md): `global` every global member of every school, `local` the own school, `off` nobody. */
export const NETWORK_STATUSES = ['global', 'local', 'off'] as const;
export type NetworkStatus = (typeof NETWORK_STATUSES)[number];
/** Contact fields a member may show or hide on their page. */
export const CONTACT_FIELDS = ['email', 'phone', 'telegram', 'social'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
/** Labour-market status (specification: looking_job, looking_employee, is_hire, is_owner). */
export const LABOR_MARKET = ['looking_job', 'looking_employee', 'is_hire', 'is_owner'] as const;
export type LaborMarket = (typeof LABOR_MARKET)[number];
export const INDUSTRIES = ['it', 'finance', 'consulting', 'manufacturing', 'retail', 'education', 'healthcare', 'energy', 'logistics', 'media', 'government', 'other'] as const;
export const MARITAL_STATUSES = ['single', 'married', 'partner', 'other'] as const;

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A member's networking profile: one per user, in the user's school. `full_name`, `sort_name`, `city`, `country_id`
 * and `city_id` are copies of the user's profile made on each save, so that search (`search`, a generated tsvector
 * with a GIN index) and its filters read one table. `shown_contacts` lists the contact fields the member shows.
 */
export const networkProfiles = pgTable(
  'network_profiles',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().$type<NetworkStatus>().notNull().default('off'),
    looking_job: boolean().notNull().default(false),
    looking_employee: boolean().notNull().default(false),
    is_hire: boolean().notNull().default(false),
    is_owner: boolean().notNull().default(false),
    marital_status: text(),
    pet: text(),
    hobbies: text(),
    native_language: text(),
    industry: text(),
    skills: text(),
    company: text(),
    position: text(),
    education: text(),
    about: text(),
    additionally: text(),
    telegram: text(),
    shown_contacts: jsonb().$type<ContactField[]>().notNull().default([]),
    full_name: text().notNull().default(''),
    sort_name: text().notNull().default(''),
    city: text(),
    country_id: integer(),
    city_id: integer(),
    search: tsvector().generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, coalesce("full_name", '') || ' ' || coalesce("company", '') || ' ' || coalesce("position", '') || ' ' || coalesce("industry", '') || ' ' || coalesce("skills", '') || ' ' || coalesce("hobbies", '') || ' ' || coalesce("city", ''))`,
    ),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('network_profiles_user').on(t.user_id),
    // fastupdate off: a saved profile goes into the index at once instead of a pending list that every search would
    // scan in full until the next vacuum (profiles are saved rarely, searched often: docs/performance.md)
    index('network_profiles_search').using('gin', t.search).with({ fastupdate: false }),
    index('network_profiles_status').on(t.status, t.tenant_id),
    index('network_profiles_sort').on(t.status, t.sort_name, t.id),
    index('network_profiles_country').on(t.country_id),
    index('network_profiles_city').on(t.city_id),
    index('network_profiles_industry').on(t.industry),
    // the usual search: text and a filter or two; one range of this index is read, the text checked on its rows
    index('network_profiles_filters').on(t.status, t.industry, t.country_id),
    index('network_profiles_status_country').on(t.status, t.country_id),
    // the own school's side of a search with an industry: a few rows of one school, the text checked on them without
    // the GIN index (whose prefix scan reads every school's matches: docs/performance.md)
    index('network_profiles_school_filters').on(t.tenant_id, t.status, t.industry, t.country_id),
  ],
);
