import { index, integer, pgTable, real, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { schoolId } from './tenants.ts';
import { users } from './users.ts';

/**
 * Manual score of a user (`POST /admin/user/{id}/setScore`): a ledger, one row per change. `delta` is what the
 * change added (negative for a decrease), `total` the user's score after it; the current score is the latest row's
 * `total`. `mode` says whether the admin added points or set the score to a value.
 */
export const userScores = pgTable(
  'user_scores',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actor_id: integer().references(() => users.id, { onDelete: 'set null' }),
    mode: text().$type<'add' | 'set'>().notNull(),
    delta: real().notNull(),
    total: real().notNull(),
    comment: text(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_scores_tenant_user').on(t.tenant_id, t.user_id, t.id)],
);
