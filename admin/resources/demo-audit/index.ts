import HistoryIcon from '@mui/icons-material/History';
import type { ResourceConfig } from '../../framework/types.ts';
import { ACCESS } from '../../../common/access/roles.ts';

/** Read-only journal of demo mode: which admin, acting as which user, made which call (GET /admin/demo/audit). */
export const demoAudit: ResourceConfig = {
  name: 'demo-audit',
  menu: { group: 'settings', rank: 30 },
  apiPath: '/admin/demo/audit',
  icon: HistoryIcon,
  roles: { list: ACCESS.school.read, edit: [], create: [] },
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'created_at', type: 'datetime', sortable: true },
    { source: 'actor_id', type: 'reference', reference: 'users', optionText: 'login' },
    { source: 'actor_login', type: 'text' },
    { source: 'user_id', type: 'reference', reference: 'users', optionText: 'login' },
    { source: 'user_login', type: 'text' },
    { source: 'method', type: 'text' },
    { source: 'url', type: 'text' },
    { source: 'status', type: 'number', sortable: true },
  ],
  list: {
    columns: ['created_at', 'actor_login', 'user_login', 'method', 'url', 'status'],
    filters: ['actor_id', 'user_id'],
    sort: { field: 'id', order: 'DESC' },
    empty: 'empty.demo_audit',
  },
};
