import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolId } from './tenants.ts';

import { ROLES, type Role } from '../../../common/access/roles.ts';

/** The roles (common/access/roles.ts is their one source). */
export const roles = ROLES;
export type { Role };

/** A person in one school. Field names are the API's (snake_case), so rows map to JSON as they are. */
export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    login: text().notNull(),
    email: text().notNull(),
    password_hash: text().notNull(),
    role: text().$type<Role>().notNull().default('student'),
    /** The main administrator of the school: can never be deleted (NOT_ACCESS_DELETE_SUPERADMIN). */
    is_main: boolean().notNull().default(false),
    name: text().notNull().default(''),
    surname: text().notNull().default(''),
    patronymic: text(),
    name_latin: text(),
    surname_latin: text(),
    name_en: text(),
    surname_en: text(),
    sex: text().$type<'male' | 'female'>(),
    birthday_date: date({ mode: 'string' }),
    phone: text(),
    citizenship: text(),
    country_id: integer(),
    city_id: integer(),
    postal_code: text(),
    street: text(),
    house: text(),
    apartment: text(),
    building: text(),
    passport_number: text(),
    passport_number_when: date({ mode: 'string' }),
    passport_issued_by: text(),
    passport_subdivision_code: text(),
    insurance_number: text(),
    timezone: text(),
    interests: text(),
    hobby: text(),
    labor_status: text(),
    business_status: text(),
    date_start: date({ mode: 'string' }),
    date_termination: date({ mode: 'string' }),
    d_date: date({ mode: 'string' }),
    /** Automatic blocking date: from this day on the user is treated as blocked. */
    date_block: date({ mode: 'string' }),
    is_blocked: boolean().notNull().default(false),
    avatar: text(),
    social: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** When the user dismissed the first-visit welcome; null means `isNew`. */
    is_start: timestamp({ withTimezone: true }),
    last_login_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_tenant_login').on(t.tenant_id, sql`lower(${t.login})`),
    uniqueIndex('users_tenant_email').on(t.tenant_id, sql`lower(${t.email})`),
    index('users_tenant_role').on(t.tenant_id, t.role),
    index('users_tenant_surname').on(t.tenant_id, t.surname, t.name),
  ],
);

/**
 * What the back office's user search (`GET /admin/user?q=`) looks in: surname, name, patronymic, login and e-mail as
 * one text, a space between fields, so that one search may span two of them ("Сидоров Иван"). The trigram index
 * `users_search_trgm` (migration 0022_users_search_trgm.sql, written by hand) is over exactly this expression; the
 * planner uses it only for a condition written the same way, so the search must write it with this and nothing else,
 * and the migration must change with it (server/modules/admin-users/search-index.test.ts compares the two).
 *
 * `||` (textcat) and not concat_ws: an index expression must be immutable, and concat_ws is only stable. The nullable
 * patronymic goes through `case`, not coalesce: under row-level security PostgreSQL lets an index serve a condition
 * only when everything in it is leakproof, and it counts a coalesce as possibly leaky (it does not for `case`); the
 * migration marks textcat LEAKPROOF as 0011 did texticlike. The other fields are not null.
 */
export const userSearchText = sql<string>`(${users.surname} || ' ' || ${users.name} || ' ' || case when ${users.patronymic} is null then '' else ${users.patronymic} end || ' ' || ${users.login} || ' ' || ${users.email})`;

/** Opaque bearer tokens, stored as SHA-256 hashes. `actor_id` is set on a demo-mode token (admin acting as user). */
export const tokens = pgTable(
  'tokens',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actor_id: integer().references(() => users.id, { onDelete: 'cascade' }),
    access_hash: text().notNull().unique(),
    refresh_hash: text().notNull().unique(),
    access_expires_at: timestamp({ withTimezone: true }).notNull(),
    refresh_expires_at: timestamp({ withTimezone: true }).notNull(),
    remember: boolean().notNull().default(false),
    revoked_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tokens_user').on(t.user_id)],
);

export const passwordResets = pgTable('password_resets', {
  id: serial().primaryKey(),
  tenant_id: schoolId(),
  user_id: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  token_hash: text().notNull().unique(),
  expires_at: timestamp({ withTimezone: true }).notNull(),
  used_at: timestamp({ withTimezone: true }),
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
