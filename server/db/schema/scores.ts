import { index, integer, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolId } from './tenants.ts';
import { users } from './users.ts';
import { media, programs } from './learning.ts';

/**
 * What the back office set for one student on one material (docs/projects.md "Per student and material"):
 * a manual `score` (0–100, `updateScore`) and `count_attempts`, the extra project versions still granted beyond
 * the deadline rule (`updateCountAttempts`; each version the rule would refuse uses one up).
 */
export const mediaUserScores = pgTable(
  'media_user_scores',
  {
    tenant_id: schoolId(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    media_id: integer()
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    score: real(),
    count_attempts: integer().notNull().default(0),
    updated_by: integer().references(() => users.id, { onDelete: 'set null' }),
    updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.media_id] }), index('media_user_scores_tenant_media').on(t.tenant_id, t.media_id)],
);

/**
 * The admin's decision on a student's score in a program (docs/scores-and-rating.md): `approved` keeps the points
 * computed at that moment (`points` of `max_score`), `revoked` withdraws it. No row: not decided yet.
 */
export const programScores = pgTable(
  'program_scores',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    program_id: integer()
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    status: text().$type<'approved' | 'revoked'>().notNull(),
    points: real().notNull(),
    max_score: real().notNull(),
    decided_by: integer().references(() => users.id, { onDelete: 'set null' }),
    decided_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('program_scores_user_program').on(t.user_id, t.program_id), index('program_scores_tenant_status').on(t.tenant_id, t.status)],
);
