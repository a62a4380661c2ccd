import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import type { ResourceConfig } from '../../framework/types.ts';
import { ACCESS } from '../../../common/access/roles.ts';

const STAFF = ACCESS.reports.read;

/** Scheduled reports (`/admin/report_schedule`, docs/report-export.md): a saved report mailed as .xlsx to staff. */
export const reportSchedules: ResourceConfig = {
  name: 'report-schedules',
  menu: { group: 'reports', rank: 30 },
  apiPath: '/admin/report_schedule',
  icon: ScheduleSendIcon,
  roles: { list: STAFF, create: STAFF, edit: STAFF, delete: STAFF },
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'saved_report_id', type: 'reference', reference: 'reports', optionText: 'name', required: true },
    {
      source: 'frequency',
      type: 'select',
      required: true,
      sortable: true,
      choices: [
        { id: 'daily', name: 'report_schedules.frequency.daily' },
        { id: 'weekly', name: 'report_schedules.frequency.weekly' },
        { id: 'monthly', name: 'report_schedules.frequency.monthly' },
      ],
    },
    { source: 'recipients', type: 'references', reference: 'users', optionText: 'login', required: true, helperText: 'report_schedules.recipients_hint' },
    {
      source: 'lang',
      type: 'select',
      choices: [
        { id: 'ru', name: 'Русский' },
        { id: 'en', name: 'English' },
      ],
    },
    { source: 'next_run_at', type: 'datetime', only: 'edit', sortable: true },
    { source: 'last_run_at', type: 'datetime', only: 'edit' },
    { source: 'last_status', type: 'text', only: 'edit' },
  ],
  list: { columns: ['id', 'saved_report_id', 'frequency', 'next_run_at', 'last_run_at', 'last_status'], sort: { field: 'id', order: 'DESC' }, export: false },
  form: [{ label: 'tabs.main', fields: ['saved_report_id', 'frequency', 'recipients', 'lang'] }],
  redirectAfterCreate: 'list',
};
