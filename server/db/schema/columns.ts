import { integer, numeric, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';
import { users } from './users.ts';

/** Column shapes repeated across the schema files. Each call makes a fresh column builder. */

/** Money: numeric(14,2), read as numbers. Pair it with a `currency: text().notNull()` column. */
export const money = () => numeric({ precision: 14, scale: 2, mode: 'number' });

/** When the row was made. */
export const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** A user of the row's own school; the row goes with the user. */
export const userRef = () =>
  integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Another school (a buyer's or a seller's) named on a row; the row goes with that school. */
export const schoolRef = () =>
  integer()
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
