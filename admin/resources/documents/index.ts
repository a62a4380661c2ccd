import FolderSharedIcon from '@mui/icons-material/FolderShared';
import type { ResourceConfig } from '../../framework/types.ts';
import { DownloadDocument } from './Download.tsx';
import { KIND_CHOICES } from './choices.ts';
import { lazyScreen } from '../../framework/lazy.ts';
import { ACCESS } from '../../../common/access/roles.ts';

// This resource's own screens are chunks loaded when opened.
const DocumentCreate = lazyScreen(() => import('./DocumentCreate.tsx'), 'DocumentCreate');

const ADMINS = ACCESS.school.read;

/**
 * Documents admin (spec route documents/admin): every document of the school with filters by student and kind; an
 * upload for a student (its own create screen, a file up to 5 MB); title and kind edited; deletion; download.
 */
export const documents: ResourceConfig = {
  name: 'documents',
  menu: { group: 'people', rank: 90 },
  apiPath: '/admin/document',
  icon: FolderSharedIcon,
  roles: { list: ADMINS, create: ADMINS, edit: ADMINS, delete: ADMINS },
  recordRepresentation: 'title',
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'user_id', type: 'reference', reference: 'users', optionText: 'login', referenceFilter: { role: 'student' } },
    { source: 'user_login', type: 'text' },
    { source: 'user_surname', type: 'text' },
    { source: 'kind', type: 'select', choices: KIND_CHOICES, sortable: true },
    { source: 'title', type: 'text', required: true, maxLength: 255, sortable: true },
    { source: 'title_en', type: 'text', maxLength: 255 },
    { source: 'file_name', type: 'text' },
    { source: 'size', type: 'number', sortable: true },
    { source: 'created_at', type: 'datetime', sortable: true },
  ],
  list: {
    columns: ['id', 'title', 'kind', 'user_login', 'user_surname', 'file_name', 'size', 'created_at'],
    filters: ['user_id', 'kind'],
    search: true,
    sort: { field: 'id', order: 'DESC' },
    rowActions: [DownloadDocument],
  },
  form: [{ label: 'tabs.main', fields: ['title', 'title_en', 'kind'] }],
  screens: { create: DocumentCreate },
};
