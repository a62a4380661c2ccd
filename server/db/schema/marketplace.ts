import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { created, money, schoolRef, userRef } from './columns.ts';
import { schoolId } from './tenants.ts';
import { users } from './users.ts';
import { programs, media } from './learning.ts';

/** The marketplace (issue 13, docs/marketplace.md). Money is numeric(14,2), read as numbers (`money()`). */

/** Store categories: shared reference data (like countries), the same for every school so that filters cross schools. */
export const storeCategories = pgTable('store_categories', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  title_ru: text().notNull(),
  title_en: text().notNull(),
  sort: integer().notNull().default(0),
});

/**
 * A program of the selling school put on the marketplace. Its prices are the school's `prices` rows (per format and
 * currency); `discount_percent` lowers all of them. `demo_media`: materials open to any student before purchase.
 * `instalment_months`: the instalment terms the seller offers (empty: none).
 */
export const marketListings = pgTable(
  'market_listings',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    program_id: integer()
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    category_id: integer().references(() => storeCategories.id, { onDelete: 'set null' }),
    published: boolean().notNull().default(false),
    discount_percent: integer().notNull().default(0),
    instalment_months: jsonb().$type<number[]>().notNull().default([]),
    demo_media: jsonb().$type<number[]>().notNull().default([]),
    published_at: timestamp({ withTimezone: true }),
    created_at: created(),
  },
  (t) => [uniqueIndex('market_listings_program').on(t.program_id), index('market_listings_published').on(t.published, t.tenant_id)],
);

/** A student's wallet in one currency, in the student's own school. */
export const wallets = pgTable(
  'wallets',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    user_id: userRef(),
    currency: text().notNull(),
    balance: money().notNull().default(0),
  },
  (t) => [uniqueIndex('wallets_user_currency').on(t.tenant_id, t.user_id, t.currency), check('wallets_balance_not_negative', sql`${t.balance} >= 0`)],
);

/** The wallet's ledger: credits by the school's admins (positive) and purchases (negative), with who and why. */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    wallet_id: integer()
      .notNull()
      .references(() => wallets.id, { onDelete: 'cascade' }),
    user_id: userRef(),
    amount: money().notNull(),
    currency: text().notNull(),
    reason: text().notNull(),
    by_user_id: integer().references(() => users.id, { onDelete: 'set null' }),
    purchase_id: integer(),
    created_at: created(),
  },
  (t) => [index('wallet_entries_tenant_user').on(t.tenant_id, t.user_id, t.created_at)],
);

/**
 * A purchase, kept in the BUYER's school: the seller's school and program are named by id and copied titles (no
 * foreign key across schools). `status`: active (access open), pending (an invoice awaiting payment).
 */
export const marketPurchases = pgTable(
  'market_purchases',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    user_id: userRef(),
    seller_tenant_id: schoolRef(),
    seller_school: text().notNull(),
    program_id: integer().notNull(),
    program_title: text().notNull(),
    format: text().notNull(),
    currency: text().notNull(),
    amount: money().notNull(),
    method: text().$type<'wallet' | 'invoice' | 'instalments'>().notNull(),
    status: text().$type<'active' | 'pending'>().notNull().default('active'),
    /** The buyer's learner account in the seller's school. */
    seller_user_id: integer(),
    created_at: created(),
  },
  (t) => [uniqueIndex('market_purchases_user_program').on(t.tenant_id, t.user_id, t.program_id)],
);

/**
 * In the SELLER's school: the learner account made for a buyer of another school (`user_id`, a student of the
 * seller), with the buyer's school named. Nothing else of the buyer's school is kept.
 */
export const marketLearners = pgTable(
  'market_learners',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    user_id: userRef(),
    buyer_tenant_id: schoolRef(),
    buyer_user_id: integer().notNull(),
    buyer_school: text().notNull(),
    created_at: created(),
  },
  (t) => [uniqueIndex('market_learners_buyer').on(t.tenant_id, t.buyer_tenant_id, t.buyer_user_id), index('market_learners_user').on(t.user_id)],
);

/** One-time sign-in hand-offs into the seller's school (SHA-256 of the code, two minutes, used once). */
export const marketHandoffs = pgTable('market_handoffs', {
  id: serial().primaryKey(),
  tenant_id: schoolId(),
  user_id: userRef(),
  program_id: integer().notNull(),
  code_hash: text().notNull().unique(),
  expires_at: timestamp({ withTimezone: true }).notNull(),
  used_at: timestamp({ withTimezone: true }),
});

/** Demo views of the seller's materials by students of any school (the seller's reports). */
export const marketDemoViews = pgTable(
  'market_demo_views',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    program_id: integer()
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    media_id: integer()
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    viewer_tenant_id: integer().notNull(),
    viewer_school: text().notNull(),
    viewed_at: created(),
  },
  (t) => [index('market_demo_views_program').on(t.tenant_id, t.program_id)],
);

/**
 * An invoice to a legal entity, in the SELLER's school: the buyer's learner account, the company's details as given,
 * the price read from the server. Access opens when the seller's admin marks it paid.
 */
export const marketInvoices = pgTable(
  'market_invoices',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    user_id: userRef(),
    buyer_tenant_id: schoolRef(),
    buyer_school: text().notNull(),
    /** The purchase in the buyer's school (no foreign key across schools). */
    purchase_id: integer().notNull(),
    program_id: integer()
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    format: text().notNull(),
    currency: text().notNull(),
    amount: money().notNull(),
    company: text().notNull(),
    inn: text().notNull(),
    kpp: text(),
    address: text(),
    status: text().$type<'unpaid' | 'paid'>().notNull().default('unpaid'),
    paid_at: timestamp({ withTimezone: true }),
    created_at: created(),
  },
  (t) => [index('market_invoices_tenant_status').on(t.tenant_id, t.status, t.id)],
);

/**
 * A marketplace ad of the selling school: a banner (title in ru and en, an image) linking to one of the school's
 * programs or to a store category, shown in the catalogue from `starts_on` to `ends_on` (both days included, UTC).
 */
export const marketAds = pgTable(
  'market_ads',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    title: text().notNull(),
    title_en: text(),
    /** The stored image (relative to the school's folder). */
    image: text(),
    program_id: integer().references(() => programs.id, { onDelete: 'cascade' }),
    category_id: integer().references(() => storeCategories.id, { onDelete: 'cascade' }),
    starts_on: date({ mode: 'string' }).notNull(),
    ends_on: date({ mode: 'string' }).notNull(),
    created_at: created(),
  },
  (t) => [
    index('market_ads_period').on(t.tenant_id, t.starts_on, t.ends_on),
    check('market_ads_one_link', sql`(${t.program_id} is null) <> (${t.category_id} is null)`),
    check('market_ads_period_order', sql`${t.ends_on} >= ${t.starts_on}`),
  ],
);
