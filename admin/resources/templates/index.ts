import DescriptionIcon from '@mui/icons-material/Description';
import type { FieldConfig, ResourceConfig } from '../../framework/types.ts';
import { templateCreate } from './TemplateCreate.tsx';
import { lazyScreen } from '../../framework/lazy.ts';
import { ACCESS } from '../../../common/access/roles.ts';

// This resource's own screens are chunks loaded when opened.
const TemplatePlaceholders = lazyScreen(() => import('./Placeholders.tsx'), 'TemplatePlaceholders');
const TemplateDesigner = lazyScreen(() => import('./Designer.tsx'), 'TemplateDesigner');

const ADMINS = ACCESS.school.read;

const fields: FieldConfig[] = [
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
const formFields = ['title', 'kind', 'lang', 'number_prefix', 'body'];

/**
 * Document templates: a designed page (the designer beside the edit form) or a plain text, with {{placeholders}} that
 * diploma generation fills (the server refuses unknown ones).
 */
export const templates: ResourceConfig = {
  name: 'templates',
  menu: { group: 'settings', rank: 20 },
  apiPath: '/admin/template',
  icon: DescriptionIcon,
  roles: { list: ADMINS, create: ADMINS, edit: ADMINS, delete: ADMINS },
  recordRepresentation: 'title',
  fields,
  list: { columns: ['id', 'title', 'kind', 'created_at'], filters: ['kind'], search: true, sort: { field: 'id', order: 'DESC' } },
  form: [{ label: 'tabs.main', fields: formFields }],
  // the designer (layout, images, QR, the server's preview) with the placeholders under it
  editAside: TemplateDesigner,
  screens: { create: templateCreate(fields.filter((f) => formFields.includes(f.source))) },
};
