import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Attempts counted by the throttles (server/core/throttle.ts): one row per attempt until it expires, in the database
 * so that every API process counts the same attempts. `key` is the throttle's name and a hash of what it counts by
 * (school, address, account), never the address or the login itself. No school column: an address is limited across
 * schools; rows expire within the hour and are swept.
 */
export const throttleHits = pgTable(
  'throttle_hits',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    key: text().notNull(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('throttle_hits_key_expires').on(t.key, t.expires_at), index('throttle_hits_expires').on(t.expires_at)],
);
