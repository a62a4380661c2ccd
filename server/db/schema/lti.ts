import { boolean, index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolId } from './tenants.ts';
import { users } from './users.ts';
import { media, programs } from './learning.ts';

const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * An LTI 1.3 tool registered by the school's admin (docs/standards.md "LTI 1.3"): where its OIDC login starts, where
 * the launch lands, its public keys (a JWKS URL or one PEM key), its deployment id and what it is told of the user.
 * A material of kind `lti` names one (`media.lti_tool_id`).
 */
export const ltiTools = pgTable(
  'lti_tools',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    name: text().notNull(),
    client_id: text().notNull(),
    login_url: text().notNull(),
    launch_url: text().notNull(),
    jwks_url: text(),
    public_key: text(),
    deployment_id: text().notNull(),
    send_name: boolean().notNull().default(false),
    send_email: boolean().notNull().default(false),
    created_at: created(),
  },
  (t) => [uniqueIndex('lti_tools_tenant_client').on(t.tenant_id, t.client_id)],
);

/** The school's RSA key pair (one a school, made on first use): the public half at the JWKS URL, the private half signs. */
export const ltiKeys = pgTable(
  'lti_keys',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    kid: text().notNull(),
    public_jwk: jsonb().$type<Record<string, unknown>>().notNull(),
    private_jwk: jsonb().$type<Record<string, unknown>>().notNull(),
    created_at: created(),
  },
  (t) => [uniqueIndex('lti_keys_tenant').on(t.tenant_id)],
);

/**
 * One launch begun in the portal: the login hint (a signed, short-lived value naming this row) is good once, before
 * `expires_at`; `used_at` is set when the tool's authentication request spent it, with the tool's `nonce`.
 */
export const ltiLaunches = pgTable(
  'lti_launches',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tool_id: integer()
      .notNull()
      .references(() => ltiTools.id, { onDelete: 'cascade' }),
    media_id: integer()
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    program_id: integer().references(() => programs.id, { onDelete: 'cascade' }),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    used_at: timestamp({ withTimezone: true }),
    nonce: text(),
    created_at: created(),
  },
  (t) => [index('lti_launches_tenant_user').on(t.tenant_id, t.user_id), uniqueIndex('lti_launches_tool_nonce').on(t.tool_id, t.nonce)],
);

/** A client assertion's `jti` already taken at the token endpoint (a replayed assertion is refused), kept until it expires. */
export const ltiAssertions = pgTable(
  'lti_assertions',
  {
    tenant_id: schoolId(),
    tool_id: integer()
      .notNull()
      .references(() => ltiTools.id, { onDelete: 'cascade' }),
    jti: text().notNull(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('lti_assertions_tool_jti').on(t.tool_id, t.jti)],
);

/** An AGS line item of a program (the LTI context): the one made for a material at its first launch, or one the tool posted. */
export const ltiLineItems = pgTable(
  'lti_line_items',
  {
    id: serial().primaryKey(),
    tenant_id: schoolId(),
    tool_id: integer()
      .notNull()
      .references(() => ltiTools.id, { onDelete: 'cascade' }),
    program_id: integer()
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    /** The resource link (the material) the line item belongs to; null for a line item of the context alone. */
    media_id: integer().references(() => media.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    score_maximum: real().notNull(),
    resource_id: text(),
    tag: text(),
    created_at: created(),
  },
  (t) => [index('lti_line_items_tenant_program').on(t.tenant_id, t.program_id, t.tool_id)],
);

/** The latest score a tool posted for a user on a line item (AGS Score service). */
export const ltiScores = pgTable(
  'lti_scores',
  {
    tenant_id: schoolId(),
    line_item_id: integer()
      .notNull()
      .references(() => ltiLineItems.id, { onDelete: 'cascade' }),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score_given: real(),
    score_maximum: real(),
    activity_progress: text().notNull(),
    grading_progress: text().notNull(),
    comment: text(),
    timestamp: timestamp({ withTimezone: true }).notNull(),
    updated_at: created(),
  },
  (t) => [uniqueIndex('lti_scores_item_user').on(t.line_item_id, t.user_id), index('lti_scores_tenant_user').on(t.tenant_id, t.user_id)],
);
