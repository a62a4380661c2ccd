import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { created, money, schoolRef, userRef } from './columns.ts';
import { schoolId } from './tenants.ts';
import { users } from './users.ts';
import { programs } from './learning.ts';

/**
 * "Found cheaper" (issue 13 item 6, docs/marketplace.md): a student's report of a lower price seen elsewhere for a
 * published program, kept in the SELLING school; the buyer's school and user are plain values (no foreign key to the
 * buyer's rows). The seller's admins answer it.
 */
export const marketFoundCheaper = pgTable(
  'market_found_cheaper',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    program_id: integer()
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    buyer_tenant_id: schoolRef(),
    buyer_school: text().notNull(),
    buyer_user_id: integer().notNull(),
    buyer_name: text().notNull(),
    place: text().notNull(),
    price: money().notNull(),
    currency: text().notNull(),
    link: text(),
    comment: text(),
    answer: text(),
    answered_by: integer().references(() => users.id, { onDelete: 'set null' }),
    answered_at: timestamp({ withTimezone: true }),
    created_at: created(),
  },
  (t) => [index('market_found_cheaper_tenant').on(t.tenant_id, t.id), index('market_found_cheaper_buyer').on(t.buyer_tenant_id, t.buyer_user_id)],
);

/** In the BUYER's school: which seller holds each of the student's requests (so the student's list reads only those). */
export const marketFoundCheaperRefs = pgTable(
  'market_found_cheaper_refs',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    user_id: userRef(),
    seller_tenant_id: schoolRef(),
    request_id: integer().notNull(),
    created_at: created(),
  },
  (t) => [index('market_found_cheaper_refs_user').on(t.tenant_id, t.user_id)],
);
