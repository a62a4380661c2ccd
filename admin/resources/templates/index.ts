import DescriptionIcon from '@mui/icons-material/Description';
import type { ResourceConfig } from '../../framework/types.ts';
import { TemplatePlaceholders } from './Placeholders.tsx';
import { en, ru } from './messages.ts';

const ADMINS: ResourceConfig['roles']['list'] = ['superadmin', 'admin'];

/** Document templates: a text with {{placeholders}} that diploma generation fills (the server refuses unknown ones). */
export const templates: ResourceConfig = {
  name: 'templates',
  apiPath: '/admin/template',
  icon: DescriptionIcon,
  roles: { list: ADMINS, create: ADMINS, edit: ADMINS, delete: ADMINS },
  recordRepresentation: 'title',
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'title', type: 'text', required: true, maxLength: 255, sortable: true },
    { source: 'kind', type: 'select', sortable: true, choices: [{ id: 'certificate', name: 'templates.kind.certificate' }, { id: 'document', name: 'templates.kind.document' }] },
    { source: 'body', type: 'textarea', required: true, maxLength: 20000 },
    { source: 'created_at', type: 'datetime', sortable: true },
  ],
  list: { columns: ['id', 'title', 'kind', 'created_at'], filters: ['kind'], search: true, sort: { field: 'id', order: 'DESC' } },
  form: [{ label: 'tabs.main', fields: ['title', 'kind', 'body'] }],
  editAside: TemplatePlaceholders,
  messages: { ru, en },
};
