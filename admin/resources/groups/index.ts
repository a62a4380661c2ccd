import GroupsIcon from '@mui/icons-material/Groups';
import type { ResourceConfig } from '../../framework/types.ts';
import { lazyScreen } from '../../framework/lazy.ts';
import { ACCESS } from '../../../common/access/roles.ts';

// This resource's own screens are chunks loaded when opened.
const GroupMembers = lazyScreen(() => import('./Members.tsx'), 'GroupMembers');

/** Groups of students; members are managed beside the edit form. */
export const groups: ResourceConfig = {
  name: 'groups',
  menu: { group: 'people', rank: 30 },
  apiPath: '/admin/group',
  icon: GroupsIcon,
  roles: { list: ACCESS.school.read, create: ACCESS.school.read, edit: ACCESS.school.read, delete: ACCESS.school.read },
  routeAlso: { list: { roles: ['moderator'], why: 'curators pick a group as the recipients of a mail' } },
  recordRepresentation: 'title',
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'title', type: 'text', required: true, maxLength: 255, sortable: true },
    { source: 'users_count', type: 'number' },
    { source: 'created_at', type: 'date', sortable: true },
  ],
  list: { columns: ['id', 'title', 'users_count', 'created_at'], search: true },
  form: [{ label: 'tabs.main', fields: ['title'] }],
  editAside: GroupMembers,
};
