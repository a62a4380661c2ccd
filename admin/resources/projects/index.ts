import AssignmentIcon from '@mui/icons-material/Assignment';
import type { ResourceConfig } from '../../framework/types.ts';
import { ApproveToggle } from './actions.tsx';

/** Project review: the versions of the school, filtered by status; a trainer sets the score and a message, an admin approves. */
export const projects: ResourceConfig = {
  name: 'projects',
  apiPath: '/admin/submittedProject',
  icon: AssignmentIcon,
  roles: { list: ['superadmin', 'admin', 'trainer'], edit: ['superadmin', 'admin', 'trainer'] },
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'user_name', type: 'text' },
    { source: 'media_title', type: 'text' },
    { source: 'version', type: 'number' },
    {
      source: 'status',
      type: 'select',
      sortable: true,
      choices: [
        { id: 'awaiting', name: 'projects.status.awaiting' },
        { id: 'checked', name: 'projects.status.checked' },
        { id: 'approved', name: 'projects.status.approved' },
      ],
    },
    { source: 'score', type: 'number', required: true, sortable: true },
    { source: 'trainer_message', type: 'textarea', maxLength: 5000 },
    { source: 'submitted_at', type: 'date', sortable: true },
  ],
  list: { columns: ['id', 'user_name', 'media_title', 'version', 'status', 'score', 'submitted_at'], filters: ['status'], search: true, sort: { field: 'id', order: 'DESC' }, rowActions: [ApproveToggle] },
  form: [{ label: 'tabs.review', fields: ['score', 'trainer_message'] }],
};
