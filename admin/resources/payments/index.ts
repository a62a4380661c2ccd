import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { ResourceConfig } from '../../framework/types.ts';
import { DebtComment, OpenSchedule, OverdueMark, TogglePaid } from './actions.tsx';
import { lazyScreen } from '../../framework/lazy.ts';
import { ACCESS } from '../../../common/access/roles.ts';
import { CURRENCIES } from '../../../common/payments/terms.ts';

// This resource's own screens are chunks loaded when opened.
const ScheduleEditor = lazyScreen(() => import('./ScheduleEditor.tsx'), 'ScheduleEditor');

const currencies = CURRENCIES.map((id) => ({ id, name: id }));

/**
 * Payments (menu "Платежи / Payments"): the schedule items of the school's students with filters paid / overdue /
 * student (debts = overdue), an item's edit form (date, amount, paid, comment: the server keeps the schedule's sums),
 * row actions to mark paid, comment on a debt and open the student's schedule; the "create" screen is the schedule
 * editor of a student. The server also needs the school's `payment` flag.
 */
export const payments: ResourceConfig = {
  name: 'payments',
  menu: { group: 'money', rank: 20 },
  apiPath: '/admin/payment',
  icon: ReceiptLongIcon,
  roles: { list: ACCESS.school.read, create: ACCESS.school.read, edit: ACCESS.school.read },
  flag: 'payment',
  recordRepresentation: 'due_date',
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'user_id', type: 'reference', reference: 'users', optionText: 'login', referenceFilter: { role: 'student' } },
    { source: 'surname', type: 'text', sortable: true },
    { source: 'login', type: 'text' },
    { source: 'program', type: 'text', sortable: true },
    {
      source: 'kind',
      type: 'select',
      choices: [
        { id: 'main', name: 'payments.kind.main' },
        { id: 'extra', name: 'payments.kind.extra' },
      ],
    },
    { source: 'due_date', type: 'date', required: true, sortable: true },
    { source: 'amount', type: 'number', required: true, sortable: true },
    { source: 'currency', type: 'select', choices: currencies },
    { source: 'paid', type: 'boolean', sortable: true },
    { source: 'paid_at', type: 'datetime' },
    { source: 'overdue', type: 'boolean', cell: OverdueMark },
    { source: 'comment', type: 'textarea', maxLength: 2000 },
  ],
  list: {
    columns: ['id', 'surname', 'program', 'kind', 'due_date', 'amount', 'currency', 'paid', 'overdue', 'comment'],
    filters: ['user_id', 'paid', 'overdue', 'kind'],
    search: true,
    sort: { field: 'due_date', order: 'ASC' },
    rowActions: [TogglePaid, DebtComment, OpenSchedule],
  },
  form: [{ label: 'tabs.main', fields: ['due_date', 'amount', 'paid', 'comment'] }],
  screens: { create: ScheduleEditor },
};
