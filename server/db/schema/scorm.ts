import { index, integer, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolId } from './tenants.ts';
import { users } from './users.ts';
import { media } from './learning.ts';

const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const scormVersions = ['1.2', '2004'] as const;
export type ScormVersion = (typeof scormVersions)[number];

/**
 * A SCORM package of a material (kind `scorm`): the zip's files extracted under the school's storage folder, in
 * `dir`, and what its `imsmanifest.xml` says. One package a material; a new upload replaces it (docs/standards.md).
 */
export const scormPackages = pgTable(
  'scorm_packages',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    media_id: integer()
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    /** The manifest's title (the default organisation's, else the manifest's metadata, else the zip's name). */
    title: text().notNull(),
    version: text().$type<ScormVersion>().notNull(),
    /** The default organisation's identifier. */
    organization: text(),
    /** The launch file, relative to the package's folder (the first item's resource href, with its parameters). */
    launch: text().notNull(),
    /** The package's folder, relative to the school's storage folder. */
    dir: text().notNull(),
    file_name: text().notNull(),
    /** Bytes uncompressed, and the number of files. */
    size: integer().notNull(),
    files: integer().notNull(),
    created_at: created(),
  },
  (t) => [uniqueIndex('scorm_packages_media').on(t.media_id), index('scorm_packages_tenant').on(t.tenant_id)],
);

/**
 * A learner's attempt at a SCORM material: the run-time's CMI data, SCORM 1.2 and 2004 element names mapped to one
 * row (docs/standards.md "What is stored"). The latest attempt is resumed.
 */
export const scormAttempts = pgTable(
  'scorm_attempts',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    media_id: integer()
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attempt: integer().notNull().default(1),
    /** 1.2 cmi.core.lesson_status / 2004 cmi.completion_status: not attempted, incomplete, completed, passed, failed, browsed, unknown. */
    completion_status: text().notNull().default('not attempted'),
    /** 2004 cmi.success_status, or passed/failed of 1.2's lesson_status: passed, failed, unknown. */
    success_status: text().notNull().default('unknown'),
    score_raw: real(),
    score_min: real(),
    score_max: real(),
    /** 2004 cmi.score.scaled (-1..1); for 1.2, raw / max when both are known. */
    score_scaled: real(),
    /** The last session's time and the total, in seconds. */
    session_seconds: integer().notNull().default(0),
    total_seconds: integer().notNull().default(0),
    suspend_data: text(),
    /** 1.2 cmi.core.lesson_location / 2004 cmi.location. */
    location: text(),
    /** 1.2 cmi.core.exit / 2004 cmi.exit of the last session. */
    exit: text(),
    completed_at: timestamp({ withTimezone: true }),
    created_at: created(),
    updated_at: created(),
  },
  (t) => [uniqueIndex('scorm_attempts_user_media_attempt').on(t.tenant_id, t.user_id, t.media_id, t.attempt), index('scorm_attempts_media').on(t.tenant_id, t.media_id)],
);

/**
 * A launch of a SCORM material: the key in the package's address (`/api/scorm/content/:school/:key/…`), kept as its
 * SHA-256. It lets a browser frame read that package's files for a few hours and nothing else: no session token ever
 * reaches the package (docs/standards.md "Security model").
 */
export const scormLaunches = pgTable(
  'scorm_launches',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    key_hash: text().notNull(),
    attempt_id: integer()
      .notNull()
      .references(() => scormAttempts.id, { onDelete: 'cascade' }),
    package_id: integer()
      .notNull()
      .references(() => scormPackages.id, { onDelete: 'cascade' }),
    /** Where the portal runs (the launch request's Origin): the package's run-time posts its calls only there. */
    origin: text(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    created_at: created(),
  },
  (t) => [uniqueIndex('scorm_launches_key').on(t.key_hash), index('scorm_launches_attempt').on(t.tenant_id, t.attempt_id)],
);
