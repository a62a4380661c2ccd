import GradingIcon from '@mui/icons-material/Grading';
import type { ResourceConfig } from '../../framework/types.ts';
import { lazyScreen } from '../../framework/lazy.ts';
import { ACCESS } from '../../../common/access/roles.ts';

// This resource's own screens (the settings beside the list, the edit screen) are one chunk loaded when opened.
const ScoreSettings = lazyScreen(() => import('./screens.tsx'), 'ScoreSettings');
const ScoreEdit = lazyScreen(() => import('./screens.tsx'), 'ScoreEdit');

const statuses = [
  { id: 'approved', name: 'scores.status.approved' },
  { id: 'revoked', name: 'scores.status.revoked' },
  { id: 'none', name: 'scores.status.none' },
];

/**
 * Scores (docs/scores-and-rating.md): every student per program with quiz, project and activity parts and points; the
 * score settings beside the list; the edit screen shows the details and approves or revokes the score.
 */
export const scores: ResourceConfig = {
  name: 'scores',
  menu: { group: 'learning', rank: 70 },
  apiPath: '/admin/score',
  icon: GradingIcon,
  roles: { list: ACCESS.school.read, edit: ACCESS.school.read },
  recordRepresentation: 'user_name',
  fields: [
    { source: 'user_name', type: 'text', sortable: true },
    { source: 'program_title', type: 'text', sortable: true },
    { source: 'program_id', type: 'reference', reference: 'courses', optionText: 'title' },
    { source: 'quiz_percent', type: 'number' },
    { source: 'project_percent', type: 'number' },
    { source: 'activity_percent', type: 'number' },
    { source: 'points', type: 'number' },
    { source: 'max_score', type: 'number' },
    { source: 'status', type: 'select', choices: statuses, sortable: true },
    { source: 'approved_points', type: 'number' },
    { source: 'decided_at', type: 'datetime', sortable: true },
  ],
  list: {
    columns: ['user_name', 'program_title', 'quiz_percent', 'project_percent', 'activity_percent', 'points', 'max_score', 'status', 'approved_points', 'decided_at'],
    filters: ['program_id', 'status'],
    search: true,
    sort: { field: 'user_name', order: 'ASC' },
    aside: ScoreSettings,
  },
  screens: { edit: ScoreEdit },
};
