import type { FieldConfig } from '../../framework/types.ts';

/** A template's fields (admin/resources/templates/index.ts), shared with its create screen. */
export const fields: FieldConfig[] = [
  { source: 'id', type: 'number', sortable: true },
  { source: 'title', type: 'text', required: true, maxLength: 255, sortable: true },
  {
    source: 'kind',
    type: 'select',
    sortable: true,
    choices: [
      { id: 'certificate', name: 'templates.kind.certificate' },
      { id: 'document', name: 'templates.kind.document' },
    ],
  },
  {
    source: 'lang',
    type: 'select',
    choices: [
      { id: 'ru', name: 'templates.lang.ru' },
      { id: 'en', name: 'templates.lang.en' },
    ],
  },
  { source: 'number_prefix', type: 'text', maxLength: 32 },
  // a designed template may have no body: its layout's text blocks are the document
  { source: 'body', type: 'textarea', maxLength: 20000 },
  { source: 'created_at', type: 'datetime', sortable: true },
];

/** The create and edit forms' fields. */
export const formFields = ['title', 'kind', 'lang', 'number_prefix', 'body'];
