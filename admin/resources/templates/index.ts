import DescriptionIcon from '@mui/icons-material/Description';
import type { ResourceConfig } from '../../framework/types.ts';
import { lazyScreen } from '../../framework/lazy.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { fields, formFields } from './fields.ts';

// This resource's own screens are chunks loaded when opened.
const TemplateCreate = lazyScreen(() => import('./TemplateCreate.tsx'), 'TemplateCreate');
const TemplatePlaceholders = lazyScreen(() => import('./Placeholders.tsx'), 'TemplatePlaceholders');
const TemplateDesigner = lazyScreen(() => import('./Designer.tsx'), 'TemplateDesigner');

const ADMINS = ACCESS.school.read;

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
  screens: { create: TemplateCreate },
};
