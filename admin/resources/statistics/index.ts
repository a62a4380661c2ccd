import InsightsIcon from '@mui/icons-material/Insights';
import type { ResourceConfig } from '../../framework/types.ts';
import { lazyScreen } from '../../framework/lazy.ts';
import { ACCESS } from '../../../common/access/roles.ts';

// The screen and its charts are one chunk, loaded only when the dashboard is opened.
const StatisticsScreen = lazyScreen(() => import('./StatisticsScreen.tsx'), 'StatisticsScreen');

/** Statistics (`GET /admin/statistics`): the school's dashboard for staff. Read-only, one screen. */
export const statistics: ResourceConfig = {
  name: 'statistics',
  menu: { group: 'reports', rank: 10 },
  apiPath: '/admin/statistics',
  icon: InsightsIcon,
  roles: { list: ACCESS.reports.read, edit: [], create: [] },
  fields: [],
  list: { columns: [], export: false },
  screens: { list: StatisticsScreen },
};
