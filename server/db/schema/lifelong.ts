import { boolean, index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { schoolId } from './tenants.ts';
import { users } from './users.ts';
import { media, programs, quizzes } from './learning.ts';

const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** A branch of lifelong learning (leadership, finance, digital): programs of its own, with modules, and achievements. */
export const abranches = pgTable(
  'abranches',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    title: text().notNull(),
    title_en: text(),
    description: text(),
    image: text(),
    sort: integer().notNull().default(0),
    created_at: created(),
  },
  (t) => [index('abranches_tenant_sort').on(t.tenant_id, t.sort)],
);

/** A program of a branch: an ordered set of modules. */
export const aprograms = pgTable(
  'aprograms',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    abranch_id: integer()
      .notNull()
      .references(() => abranches.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    title_en: text(),
    description: text(),
    sort: integer().notNull().default(0),
    created_at: created(),
  },
  (t) => [index('aprograms_tenant_branch').on(t.tenant_id, t.abranch_id, t.sort)],
);

export const amoduleKinds = ['program', 'media', 'quiz'] as const;
export type AmoduleKind = (typeof amoduleKinds)[number];

/** A module of a branch program: one of the school's learning programs, materials or quizzes. */
export const amodules = pgTable(
  'amodules',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    aprogram_id: integer()
      .notNull()
      .references(() => aprograms.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    title_en: text(),
    kind: text().$type<AmoduleKind>().notNull(),
    program_id: integer().references(() => programs.id, { onDelete: 'cascade' }),
    media_id: integer().references(() => media.id, { onDelete: 'cascade' }),
    quiz_id: integer().references(() => quizzes.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
  },
  (t) => [index('amodules_tenant_aprogram').on(t.tenant_id, t.aprogram_id, t.sort)],
);

export const achievementRules = ['manual', 'program_finished', 'quiz_passed', 'project_approved', 'modules_done', 'branch_programs'] as const;
export type AchievementRule = (typeof achievementRules)[number];

/** An achievement of a branch: what earns it (`rule` with its parameters), a badge. */
export const achievements = pgTable(
  'achievements',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    abranch_id: integer()
      .notNull()
      .references(() => abranches.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    title_en: text(),
    description: text(),
    image: text(),
    rule: text().$type<AchievementRule>().notNull().default('manual'),
    program_id: integer().references(() => programs.id, { onDelete: 'set null' }),
    quiz_id: integer().references(() => quizzes.id, { onDelete: 'set null' }),
    media_id: integer().references(() => media.id, { onDelete: 'set null' }),
    min_percent: real(),
    module_ids: jsonb().$type<number[]>(),
    count: integer(),
    sort: integer().notNull().default(0),
    created_at: created(),
  },
  (t) => [index('achievements_tenant_branch').on(t.tenant_id, t.abranch_id, t.sort)],
);

/**
 * An award of an achievement to a student: when and why, automatic or by hand; withdrawn awards stay (revoked_at) so
 * that a shared credential shows as revoked. One row per achievement and student (no double award).
 */
export const achievementAwards = pgTable(
  'achievement_awards',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    achievement_id: integer()
      .notNull()
      .references(() => achievements.id, { onDelete: 'cascade' }),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The public id of the credential (its verification link). */
    credential_id: uuid().notNull().defaultRandom(),
    manual: boolean().notNull().default(false),
    reason: text().notNull(),
    awarded_by: integer().references(() => users.id, { onDelete: 'set null' }),
    awarded_at: created(),
    revoked_at: timestamp({ withTimezone: true }),
    revoked_reason: text(),
    revoked_by: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Withdrawn by hand: the automatic rule does not give it back. */
    revoked_manual: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('achievement_awards_once').on(t.achievement_id, t.user_id),
    uniqueIndex('achievement_awards_credential').on(t.credential_id),
    index('achievement_awards_tenant_user').on(t.tenant_id, t.user_id),
  ],
);

/** The school's signing key for credentials (Ed25519, JWK). One per school. */
export const credentialKeys = pgTable(
  'credential_keys',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    kid: text().notNull(),
    public_jwk: jsonb().$type<Record<string, unknown>>().notNull(),
    private_jwk: jsonb().$type<Record<string, unknown>>().notNull(),
    created_at: created(),
  },
  (t) => [uniqueIndex('credential_keys_tenant').on(t.tenant_id)],
);
