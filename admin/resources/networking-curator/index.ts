import HubIcon from '@mui/icons-material/Hub';
import type { ResourceConfig } from '../../framework/types.ts';
import { ExcelExport, OpenMember } from './actions.tsx';
import { EmailCell } from './EmailCell.tsx';

const INDUSTRIES = ['it', 'finance', 'consulting', 'manufacturing', 'retail', 'education', 'healthcare', 'energy', 'logistics', 'media', 'government', 'other'];

/**
 * Networking for curators (flag `networking`, docs/networking.md): the school's members whatever their networking
 * status, filters, the server's Excel export, and a link to each member's page in the portal. Read-only.
 */
export const networkingCurator: ResourceConfig = {
  name: 'networking-curator',
  menu: { group: 'people', rank: 60 },
  apiPath: '/admin/networking/curator',
  icon: HubIcon,
  roles: { list: ['moderator'], edit: [], create: [] },
  flag: 'networking',
  fields: [
    { source: 'id', type: 'number' },
    { source: 'surname', type: 'text' },
    { source: 'name', type: 'text', sortable: true },
    { source: 'email', type: 'email', cell: EmailCell },
    { source: 'status', type: 'select', sortable: true, choices: ['global', 'local', 'off'].map((s) => ({ id: s, name: `resources.networking-curator.statuses.${s}` })) },
    { source: 'company', type: 'text' },
    { source: 'position', type: 'text' },
    { source: 'industry', type: 'select', choices: INDUSTRIES.map((i) => ({ id: i, name: `resources.networking-curator.industries.${i}` })) },
    { source: 'labor_market', type: 'select', choices: ['looking_job', 'looking_employee', 'is_hire', 'is_owner'].map((l) => ({ id: l, name: `resources.networking-curator.labor.${l}` })) },
    { source: 'city', type: 'text' },
    { source: 'updated_at', type: 'datetime', sortable: true },
  ],
  list: {
    columns: ['surname', 'name', 'email', 'status', 'company', 'position', 'industry', 'city'],
    filters: ['status', 'industry', 'labor_market'],
    search: true,
    sort: { field: 'name', order: 'ASC' },
    export: false,
    actions: [ExcelExport],
    rowActions: [OpenMember],
    empty: 'resources.networking-curator.empty',
  },
};
