import FolderIcon from '@mui/icons-material/FolderOpen';
import type { ResourceConfig } from '../../framework/types.ts';
import { FileManager } from './FileManager.tsx';
import { en, ru } from './messages.ts';

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
