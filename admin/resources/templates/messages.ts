import type { MessageTree, Messages } from '../../framework/types.ts';

/** Texts of the templates screens; the same keys in both languages. */
export const ru = {
  resources: {
    templates: {
      name: 'Шаблон |||| Шаблоны',
      fields: { id: 'ID', title: 'Название', kind: 'Вид документа', body: 'Текст шаблона', placeholders: 'Подстановки', created_at: 'Создан', updated_at: 'Изменён', q: 'Поиск' },
    },
  },
  templates: {
    kind: { certificate: 'Диплом / удостоверение', document: 'Документ' },
    placeholders_title: 'Подстановки',
    placeholders_hint: 'Вставьте в текст, при формировании документа они заменятся данными диплома. Другие подстановки не принимаются.',
    placeholder: {
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
      act_number: 'номер акта (только в акте)',
      services: 'оказанные услуги: программы, даты, оплачено (только в акте)',
      amount_paid: 'итого оплачено (только в акте)',
      company_details: 'реквизиты компании (только в акте)',
    },
  },
} satisfies MessageTree;

export const en = {
  resources: {
    templates: {
      name: 'Template |||| Templates',
      fields: { id: 'ID', title: 'Title', kind: 'Document kind', body: 'Template text', placeholders: 'Placeholders', created_at: 'Created', updated_at: 'Updated', q: 'Search' },
    },
  },
  templates: {
    kind: { certificate: 'Diploma / certificate', document: 'Document' },
    placeholders_title: 'Placeholders',
    placeholders_hint: "Put them in the text; generating a document replaces them with the diploma's data. No other placeholders are accepted.",
    placeholder: {
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
      act_number: 'act number (acts only)',
      services: 'services rendered: programs, dates, paid (acts only)',
      amount_paid: 'total paid (acts only)',
      company_details: "the company's requisites (acts only)",
    },
  },
} satisfies Messages<typeof ru>;
