import FolderIcon from '@mui/icons-material/FolderOpen';
import type { ResourceConfig } from '../../framework/types.ts';
import { en, ru } from './messages.ts';
import { lazyScreen } from '../../framework/lazy.ts';

// This resource's own screens are chunks loaded when opened.
const FileManager = lazyScreen(() => import('./FileManager.tsx'), 'FileManager');

/** The file manager (spec 02 §7, admins): one custom screen over the `/admin/file…` routes. */
export const files: ResourceConfig = {
  name: 'files',
  apiPath: '/admin/file',
  icon: FolderIcon,
  roles: { list: ['superadmin', 'admin'], create: [], edit: [] },
  fields: [
    { source: 'id', type: 'number' },
    { source: 'name', type: 'text' },
  ],
  list: { columns: ['id', 'name'] },
  screens: { list: FileManager },
  messages: { ru, en },
};
