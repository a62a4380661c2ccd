import AssessmentIcon from '@mui/icons-material/Assessment';
import type { ResourceConfig } from '../../framework/types.ts';
import { lazyScreen } from '../../framework/lazy.ts';
import { ACCESS } from '../../../common/access/roles.ts';

// The wizard, the result table and its charts are one chunk, loaded only when a report screen is opened.
const ReportsHome = lazyScreen(() => import('./ReportScreens.ts'), 'ReportsHome');
const ReportCreate = lazyScreen(() => import('./ReportScreens.ts'), 'ReportCreate');
const ReportEdit = lazyScreen(() => import('./ReportScreens.ts'), 'ReportEdit');

const STAFF = ACCESS.reports.read;

/**
 * Reports (docs/reports.md): `reports` (the catalogue and the saved reports), `reports/create?type=…` (the wizard:
 * table → params → result → step), `reports/{id}` (a saved report's parameters) and `reports/{id}/view` (its result).
 */
export const reports: ResourceConfig = {
  name: 'reports',
  menu: { group: 'reports', rank: 20 },
  apiPath: '/admin/reports',
  icon: AssessmentIcon,
  roles: { list: STAFF, create: STAFF, edit: STAFF, delete: STAFF },
  recordRepresentation: 'name',
  fields: [
    { source: 'id', type: 'number' },
    { source: 'name', type: 'text', required: true, maxLength: 255 },
    { source: 'type', type: 'text' },
    { source: 'created_at', type: 'datetime' },
  ],
  list: { columns: ['name', 'type', 'created_at'], export: false },
  screens: { list: ReportsHome, create: ReportCreate, edit: ReportEdit },
};
