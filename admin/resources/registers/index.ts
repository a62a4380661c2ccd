import HowToRegIcon from '@mui/icons-material/HowToReg';
import type { ResourceConfig } from '../../framework/types.ts';
import { BlockRegistered, OpenUser, UnblockRegistered } from './actions.tsx';
import { ACCESS } from '../../../common/access/roles.ts';

/**
 * Registrations: users who signed up through the portal (`GET /admin/registers`), newest first. Read-only: there is
 * no approval step (a registered student signs in at once); the list blocks or unblocks and opens the user's card.
 */
export const registers: ResourceConfig = {
  name: 'registers',
  menu: { group: 'people', rank: 20 },
  apiPath: '/admin/registers',
  icon: HowToRegIcon,
  roles: { list: ACCESS.curatorWork.read, edit: [], create: [] },
  recordRepresentation: 'login',
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'surname', type: 'text', sortable: true },
    { source: 'name', type: 'text' },
    { source: 'login', type: 'text', sortable: true },
    { source: 'email', type: 'email', sortable: true },
    { source: 'phone', type: 'text' },
    { source: 'is_blocked', type: 'boolean' },
    { source: 'registered_at', type: 'datetime', sortable: true },
    { source: 'last_login_at', type: 'datetime', sortable: true },
    { source: 'date_from', type: 'text' },
    { source: 'date_to', type: 'text' },
  ],
  list: {
    columns: ['id', 'surname', 'name', 'login', 'email', 'phone', 'registered_at', 'is_blocked', 'last_login_at'],
    filters: ['date_from', 'date_to', 'is_blocked'],
    search: true,
    sort: { field: 'registered_at', order: 'DESC' },
    rowActions: [OpenUser],
    bulkActions: [BlockRegistered, UnblockRegistered],
    empty: 'registers.empty',
  },
};
