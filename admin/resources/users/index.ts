import PeopleIcon from '@mui/icons-material/People';
import type { FieldConfig, ResourceConfig } from '../../framework/types.ts';
import { BlockSelected, BlockToggle, LoginAs, UnblockSelected } from './actions.tsx';
import { PaymentPlanLink } from './PaymentPlanLink.tsx';
import { ImportUsersButton } from './Import.tsx';
import { IssueDocuments } from './IssueDocuments.tsx';
import { lazyScreen } from '../../framework/lazy.ts';
import { ACCESS, ROLES } from '../../../common/access/roles.ts';

// This resource's own screens are chunks loaded when opened.
const UserExtras = lazyScreen(() => import('./Extras.tsx'), 'UserExtras');

const text = (source: string, maxLength = 100): FieldConfig => ({ source, type: 'text', maxLength });
const date = (source: string): FieldConfig => ({ source, type: 'date' });

/**
 * Users of the school: a configuration, plus a panel beside the edit form (avatar, new password by mail, score, social
 * links) and an import button on the list (xlsx/csv with a per-row report).
 */
export const users: ResourceConfig = {
  name: 'users',
  menu: { group: 'people', rank: 10 },
  apiPath: '/admin/user',
  icon: PeopleIcon,
  roles: { list: ACCESS.users.read, create: ACCESS.users.read, edit: ACCESS.users.read, delete: ACCESS.users.delete },
  recordRepresentation: 'login',
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'login', type: 'text', required: true, maxLength: 64, sortable: true },
    { source: 'email', type: 'email', required: true, maxLength: 255, sortable: true },
    { source: 'password', type: 'password', required: true },
    {
      source: 'role',
      type: 'select',
      sortable: true,
      choices: [...ROLES].reverse().map((id) => ({ id, name: `roles.${id}` })),
    },
    { source: 'is_blocked', type: 'boolean' },
    date('date_block'),
    { ...text('surname'), required: true, sortable: true },
    { ...text('name'), required: true, sortable: true },
    text('patronymic'),
    text('surname_latin'),
    text('name_latin'),
    text('surname_en'),
    text('name_en'),
    {
      source: 'sex',
      type: 'select',
      choices: [
        { id: 'male', name: 'sex.male' },
        { id: 'female', name: 'sex.female' },
      ],
    },
    date('birthday_date'),
    text('phone', 32),
    text('citizenship'),
    { source: 'country_id', type: 'number' },
    { source: 'city_id', type: 'number' },
    text('postal_code', 16),
    text('street', 255),
    text('house', 32),
    text('building', 32),
    text('apartment', 32),
    text('passport_number', 32),
    date('passport_number_when'),
    text('passport_issued_by', 255),
    text('passport_subdivision_code', 16),
    text('insurance_number', 32),
    text('timezone', 64),
    text('labor_status'),
    text('business_status'),
    { source: 'interests', type: 'textarea', maxLength: 2000 },
    { source: 'hobby', type: 'textarea', maxLength: 2000 },
    date('date_start'),
    date('date_termination'),
    date('d_date'),
    { source: 'last_login_at', type: 'date', sortable: true },
  ],
  list: {
    columns: ['id', 'surname', 'name', 'login', 'email', 'role', 'is_blocked', 'last_login_at'],
    filters: ['role', 'is_blocked'],
    search: true,
    sort: { field: 'id', order: 'DESC' },
    rowActions: [BlockToggle, LoginAs, PaymentPlanLink],
    bulkActions: [BlockSelected, UnblockSelected, IssueDocuments],
    // import from xlsx/csv beside "create"; no export button, as before
    actions: [ImportUsersButton],
    export: false,
  },
  form: [
    { label: 'tabs.main', fields: ['login', 'email', 'password', 'role', 'surname', 'name', 'patronymic', 'is_blocked', 'date_block'] },
    { label: 'tabs.personal', fields: ['surname_latin', 'name_latin', 'surname_en', 'name_en', 'sex', 'birthday_date', 'phone', 'citizenship'] },
    { label: 'tabs.address', fields: ['country_id', 'city_id', 'postal_code', 'street', 'house', 'building', 'apartment'] },
    { label: 'tabs.passport', fields: ['passport_number', 'passport_number_when', 'passport_issued_by', 'passport_subdivision_code', 'insurance_number'] },
    { label: 'tabs.work', fields: ['timezone', 'labor_status', 'business_status', 'interests', 'hobby', 'date_start', 'date_termination', 'd_date'] },
  ],
  bulk: {
    delete: '/admin/delete/user',
    idsKey: 'users',
    actions: { block: '/admin/block/user', active: '/admin/active/user' },
    update: { field: 'is_blocked', actions: { true: 'block', false: 'active' } },
  },
  recordActions: { authorization: 'authorization' },
  editAside: UserExtras,
};
