import { boolean, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TemplateLayout } from '../../modules/templates/layout.ts';
import { schoolId } from './tenants.ts';
import { users } from './users.ts';
import { programs } from './learning.ts';
import { documents } from './student.ts';

const tenant = schoolId;
const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * A legal entity of the school (the payee of invoices, the issuer of documents): legal names, tax ids, bank
 * details, the payment link and the credentials of the QR payment service with its commission, people who sign,
 * and the stamp image. The `is_default` company (else the oldest) is the one invoices print.
 */
export const companies = pgTable(
  'companies',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    title: text().notNull(),
    full_name: text(),
    short_name: text(),
    inn: text(),
    kpp: text(),
    ogrn: text(),
    legal_address: text(),
    postal_address: text(),
    phone: text(),
    email: text(),
    bank: text(),
    bik: text(),
    swift: text(),
    account: text(),
    corr_account: text(),
    payment_link: text(),
    qr_login: text(),
    /** Write-only through the API: answers say only whether it is set. */
    qr_password: text(),
    /** Percent taken by the QR payment service, 0..100. */
    qr_commission: numeric({ precision: 5, scale: 2 }),
    director: text(),
    accountant: text(),
    /** Path of the stamp image inside the school's storage. */
    stamp: text(),
    is_default: boolean().notNull().default(false),
    created_at: created(),
  },
  (t) => [index('companies_tenant_title').on(t.tenant_id, t.title), index('companies_tenant_inn').on(t.tenant_id, t.inn)],
);

export const templateKinds = ['certificate', 'document'] as const;
export type TemplateKind = (typeof templateKinds)[number];

/** A document template: its body text has placeholders (`{{name}}`, …) filled from a diploma at generation. */
export const documentTemplates = pgTable(
  'document_templates',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    title: text().notNull(),
    /** Kind of the document it makes (what the student's documents list shows). */
    kind: text().$type<TemplateKind>().notNull().default('certificate'),
    body: text().notNull(),
    /** Language of the document it makes: `en` fills English names (docs/documents.md "Names"). */
    lang: text().$type<'ru' | 'en'>().notNull().default('ru'),
    /** The designed page (size, background, positioned blocks, images, QR); null prints the body as plain text. */
    layout: jsonb().$type<TemplateLayout>(),
    /** Registration numbers of bulk issues: `<prefix>-<year>-<0001>` from the template's register. */
    number_prefix: text(),
    created_at: created(),
    updated_at: created(),
  },
  (t) => [index('document_templates_tenant_title').on(t.tenant_id, t.title), index('document_templates_tenant_kind').on(t.tenant_id, t.kind)],
);

/** A diploma of a student for a program: the student's name in three cases, dates, hours, registration number, signatories. */
export const diplomas = pgTable(
  'diplomas',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    program_id: integer().references(() => programs.id, { onDelete: 'set null' }),
    template_id: integer().references(() => documentTemplates.id, { onDelete: 'set null' }),
    /** Именительный, родительный, дательный падежи. */
    name_nominative: text().notNull(),
    name_genitive: text(),
    name_dative: text(),
    date_start: date(),
    date_end: date(),
    date_issue: date(),
    hours: integer(),
    registration_number: text().notNull(),
    chairman: text(),
    director: text(),
    secretary: text(),
    created_at: created(),
  },
  (t) => [
    uniqueIndex('diplomas_tenant_number').on(t.tenant_id, t.registration_number),
    index('diplomas_tenant_user').on(t.tenant_id, t.user_id),
    index('diplomas_tenant_program').on(t.tenant_id, t.program_id),
    index('diplomas_tenant_name').on(t.tenant_id, t.name_nominative),
    index('diplomas_tenant_issue').on(t.tenant_id, t.date_issue),
  ],
);

/** Files attached to a diploma by the back office (scans, appendices). */
export const diplomaFiles = pgTable(
  'diploma_files',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    diploma_id: integer()
      .notNull()
      .references(() => diplomas.id, { onDelete: 'cascade' }),
    path: text().notNull(),
    file_name: text().notNull(),
    mime: text(),
    size: integer().notNull(),
    created_at: created(),
  },
  (t) => [index('diploma_files_diploma').on(t.diploma_id)],
);

/** Documents generated for a diploma: each is a row of `documents` (the student's portal list) linked here. */
export const diplomaDocuments = pgTable(
  'diploma_documents',
  {
    id: serial().primaryKey(),
    tenant_id: tenant(),
    diploma_id: integer()
      .notNull()
      .references(() => diplomas.id, { onDelete: 'cascade' }),
    document_id: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    template_id: integer().references(() => documentTemplates.id, { onDelete: 'set null' }),
    /** The short code of the public verification page (and its QR); null on documents made before issue 31. */
    verify_code: text(),
    /** The id of its W3C Verifiable Credential. */
    credential_id: uuid().notNull().defaultRandom(),
    revoked_at: timestamp({ withTimezone: true }),
    revoked_reason: text(),
    created_at: created(),
  },
  (t) => [
    uniqueIndex('diploma_documents_verify_code').on(t.tenant_id, t.verify_code),
    index('diploma_documents_tenant_diploma').on(t.tenant_id, t.diploma_id, t.created_at),
    uniqueIndex('diploma_documents_document').on(t.document_id),
  ],
);
