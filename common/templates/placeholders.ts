/**
 * The placeholders a document template may use (`{{name}}` in the template's text), one list for the server, which
 * refuses any other and fills these at generation (server/modules/templates/placeholders.ts), and the back office,
 * which lists them beside the template form with what each becomes (admin/resources/templates/Placeholders.tsx).
 * Each is filled from a diploma (and its program and the school's company); `name` is the nominative form, the
 * genitive and dative forms have their own names; the act placeholders are filled only in acts of completed services.
 */
export const PLACEHOLDERS = [
  'name',
  'name_genitive',
  'name_dative',
  'program',
  'hours',
  'registration_number',
  'date',
  'date_start',
  'date_end',
  'chairman',
  'director',
  'secretary',
  'company',
  /** The short code of the document's public verification page (issued documents only). */
  'verify_code',
  // acts of completed services (server/modules/acts): a diploma leaves them empty
  'act_number',
  'services',
  'amount_paid',
  'company_details',
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** What each placeholder becomes, in both languages: a placeholder without its text in either fails to compile. */
export const PLACEHOLDER_TEXTS: Record<'ru' | 'en', Record<Placeholder, string>> = {
  ru: {
    name: 'ФИО (именительный падеж)',
    name_genitive: 'ФИО (родительный падеж)',
    name_dative: 'ФИО (дательный падеж)',
    program: 'программа',
    hours: 'часов',
    registration_number: 'регистрационный номер',
    date: 'дата выдачи',
    date_start: 'начало обучения',
    date_end: 'окончание обучения',
    chairman: 'председатель',
    director: 'директор',
    secretary: 'секретарь',
    company: 'организация (компания по умолчанию)',
    verify_code: 'код проверки подлинности документа',
    act_number: 'номер акта (только в акте)',
    services: 'оказанные услуги: программы, даты, оплачено (только в акте)',
    amount_paid: 'итого оплачено (только в акте)',
    company_details: 'реквизиты компании (только в акте)',
  },
  en: {
    name: 'full name (nominative)',
    name_genitive: 'full name (genitive)',
    name_dative: 'full name (dative)',
    program: 'program',
    hours: 'hours',
    registration_number: 'registration number',
    date: 'date of issue',
    date_start: 'start of studies',
    date_end: 'end of studies',
    chairman: 'chairman',
    director: 'director',
    secretary: 'secretary',
    company: 'organisation (the default company)',
    verify_code: "the document's verification code",
    act_number: 'act number (acts only)',
    services: 'services rendered: programs, dates, paid (acts only)',
    amount_paid: 'total paid (acts only)',
    company_details: "the company's requisites (acts only)",
  },
};
