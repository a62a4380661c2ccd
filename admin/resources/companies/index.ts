import BusinessIcon from '@mui/icons-material/Business';
import type { FieldConfig, ResourceConfig } from '../../framework/types.ts';
import { EditManyCompanies } from './EditMany.tsx';
import { ACCESS } from '../../../common/access/roles.ts';

const ADMINS = ACCESS.school.read;
const text = (source: string, maxLength = 500): FieldConfig => ({ source, type: 'text', maxLength });

/**
 * Companies of the school (menu "Компании / Companies"): every legal, bank and QR field and the stamp image; the
 * default company is the payee on invoices. Selected companies can get one field set at once ("Change a field").
 */
export const companies: ResourceConfig = {
  name: 'companies',
  menu: { group: 'money', rank: 30 },
  apiPath: '/admin/company',
  icon: BusinessIcon,
  roles: { list: ADMINS, create: ADMINS, edit: ADMINS, delete: ADMINS },
  recordRepresentation: 'title',
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'title', type: 'text', required: true, maxLength: 255, sortable: true },
    text('full_name'),
    text('short_name', 255),
    { ...text('inn', 12), sortable: true },
    text('kpp', 9),
    text('ogrn', 15),
    text('legal_address'),
    text('postal_address'),
    text('phone', 64),
    { source: 'email', type: 'email', maxLength: 255 },
    text('bank'),
    text('bik', 9),
    text('swift', 11),
    text('account', 34),
    text('corr_account', 20),
    text('payment_link', 2000),
    text('qr_login', 255),
    text('qr_password', 255),
    { source: 'qr_commission', type: 'number' },
    { source: 'qr_password_set', type: 'boolean' },
    text('director', 255),
    text('accountant', 255),
    { source: 'stamp', type: 'image', accept: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] },
    { source: 'is_default', type: 'boolean' },
    { source: 'created_at', type: 'datetime', sortable: true },
  ],
  list: {
    columns: ['id', 'title', 'inn', 'bank', 'account', 'is_default', 'stamp'],
    filters: ['is_default'],
    search: true,
    sort: { field: 'title', order: 'ASC' },
    bulkActions: [EditManyCompanies],
  },
  form: [
    { label: 'companies.tabs.main', fields: ['title', 'full_name', 'short_name', 'phone', 'email', 'is_default'] },
    { label: 'companies.tabs.legal', fields: ['inn', 'kpp', 'ogrn', 'legal_address', 'postal_address'] },
    { label: 'companies.tabs.bank', fields: ['bank', 'bik', 'swift', 'account', 'corr_account', 'payment_link'] },
    { label: 'companies.tabs.qr', fields: ['qr_login', 'qr_password', 'qr_commission'] },
    { label: 'companies.tabs.people', fields: ['director', 'accountant', 'stamp'] },
  ],
};
