import PaymentsIcon from '@mui/icons-material/Payments';
import type { ResourceConfig } from '../../framework/types.ts';
import { ACCESS } from '../../../common/access/roles.ts';

const currencies = ['RUB', 'USD', 'EURO'].map((id) => ({ id, name: id }));

/** Prices of programs by format and currency. */
export const prices: ResourceConfig = {
  name: 'prices',
  menu: { group: 'money', rank: 10 },
  apiPath: '/admin/price',
  icon: PaymentsIcon,
  roles: { list: ACCESS.school.read, create: ACCESS.school.read, edit: ACCESS.school.read, delete: ACCESS.school.read },
  recordRepresentation: 'title',
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'title', type: 'text', required: true, maxLength: 255, sortable: true },
    { source: 'program_id', type: 'reference', reference: 'courses', optionText: 'title', required: true },
    {
      source: 'format',
      type: 'select',
      required: true,
      choices: [
        { id: 'full-time', name: 'formats.full-time' },
        { id: 'blended', name: 'formats.blended' },
        { id: 'online', name: 'formats.online' },
      ],
    },
    { source: 'currency', type: 'select', required: true, choices: currencies },
    { source: 'amount', type: 'number', required: true, sortable: true },
    { source: 'extra_amount', type: 'number' },
    { source: 'extra_currency', type: 'select', choices: currencies },
  ],
  list: { columns: ['id', 'title', 'format', 'currency', 'amount', 'extra_amount'], search: true, sort: { field: 'id', order: 'DESC' } },
  form: [{ label: 'tabs.main', fields: ['title', 'program_id', 'format', 'currency', 'amount', 'extra_amount', 'extra_currency'] }],
  redirectAfterCreate: 'list',
};
