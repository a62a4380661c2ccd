import FolderIcon from '@mui/icons-material/FolderOpen';
import type { ResourceConfig } from '../../framework/types.ts';
import { lazyScreen } from '../../framework/lazy.ts';
import { ACCESS } from '../../../common/access/roles.ts';

// This resource's own screens are chunks loaded when opened.
const FileManager = lazyScreen(() => import('./FileManager.tsx'), 'FileManager');
const FileEdit = lazyScreen(() => import('./FileEdit.tsx'), 'FileEdit');

/**
 * The file manager (spec 02 §7, admins): custom screens over the `/admin/file…` routes. The specification's
 * `file-manager/{id}` is `/admin/files/folder/<id>/<name>` (the default folder at `/admin/files`), its
 * `file/{id}/edit` is `/admin/files/<id>` (the edit screen's place in every resource, as `company/{id}/edit` is
 * `/admin/companies/<id>`).
 */
export const files: ResourceConfig = {
  name: 'files',
  menu: { group: 'learning', rank: 50 },
  apiPath: '/admin/file',
  icon: FolderIcon,
  roles: { list: ACCESS.school.read, create: [], edit: ACCESS.school.read },
  fields: [
    { source: 'id', type: 'number' },
    { source: 'name', type: 'text' },
  ],
  list: { columns: ['id', 'name'] },
  screens: { list: FileManager, edit: FileEdit },
  routes: [{ path: 'folder/:folder/*', screen: FileManager }],
};
