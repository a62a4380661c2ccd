import PermMediaIcon from '@mui/icons-material/PermMedia';
import type { ResourceConfig } from '../../framework/types.ts';
import { kindChoices } from './kinds.ts';
import { lazyScreen } from '../../framework/lazy.ts';
import { ACCESS } from '../../../common/access/roles.ts';

// This resource's own screens are chunks loaded when opened.
const MediaCreate = lazyScreen(() => import('./MediaForm.tsx'), 'MediaCreate');
const MediaEdit = lazyScreen(() => import('./MediaForm.tsx'), 'MediaEdit');

/**
 * Materials (videos, PDFs, files, links, texts, projects): a generated list with search, a kind filter and a bulk
 * delete; its own create and edit screens, which upload the file with a progress bar. Trainers may read the list.
 */
export const media: ResourceConfig = {
  name: 'media',
  menu: { group: 'learning', rank: 30 },
  apiPath: '/admin/media',
  icon: PermMediaIcon,
  roles: { list: ACCESS.materials.read, create: ACCESS.materials.write, edit: ACCESS.materials.write, delete: ACCESS.materials.write },
  recordRepresentation: 'title',
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'title', type: 'text', required: true, maxLength: 255, sortable: true },
    { source: 'kind', type: 'select', choices: kindChoices, sortable: true },
    { source: 'file_name', type: 'text' },
    { source: 'size', type: 'size', sortable: true },
    { source: 'deadline', type: 'date', sortable: true },
    { source: 'chapters_count', type: 'number' },
    { source: 'created_at', type: 'datetime', sortable: true },
  ],
  list: { columns: ['id', 'title', 'kind', 'file_name', 'size', 'chapters_count', 'created_at'], filters: ['kind'], search: true, sort: { field: 'id', order: 'DESC' } },
  bulk: { delete: '/admin/delete/media', idsKey: 'ids' },
  screens: { create: MediaCreate, edit: MediaEdit },
};
