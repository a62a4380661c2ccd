import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import type { ResourceConfig } from '../../framework/types.ts';
import { lazyScreen } from '../../framework/lazy.ts';
import { ACCESS } from '../../../common/access/roles.ts';

// This resource's own screens are chunks loaded when opened.
const RatingList = lazyScreen(() => import('./RatingList.tsx'), 'RatingList');

/** Rating (flag `rating`): the school's students ranked by points, all time, by year or by month. Read-only. */
export const rating: ResourceConfig = {
  name: 'rating',
  menu: { group: 'learning', rank: 80 },
  apiPath: '/admin/rating',
  icon: LeaderboardIcon,
  roles: { list: ACCESS.school.read, edit: [], create: [] },
  flag: 'rating',
  fields: [
    { source: 'place', type: 'number' },
    { source: 'name', type: 'text' },
    { source: 'points', type: 'number' },
    { source: 'quiz_points', type: 'number' },
    { source: 'project_points', type: 'number' },
  ],
  list: { columns: ['place', 'name', 'points', 'quiz_points', 'project_points'] },
  screens: { list: RatingList },
};
