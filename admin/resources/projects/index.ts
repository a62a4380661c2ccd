import type { ResourceConfig } from '../../framework/types.ts';
import { ProjectsMenuIcon } from './badge.tsx';
import { statusChoices } from './choices.ts';
import { lazyScreen } from '../../framework/lazy.ts';
import { ACCESS } from '../../../common/access/roles.ts';

// This resource's own screens are chunks loaded when opened.
const ProjectEdit = lazyScreen(() => import('./ProjectEdit.tsx'), 'ProjectEdit');
const ProjectsList = lazyScreen(() => import('./ProjectsList.tsx'), 'ProjectsList');

/**
 * Project review (docs/projects.md): the versions of the school (a trainer: of their programs), filtered by program,
 * student and status; the menu entry carries the count of unchecked versions. Own screens: the list (its filters need
 * the review's own choices) and the review form (the student's files, a trainer's file, approval, extra versions).
 */
export const projects: ResourceConfig = {
  name: 'projects',
  menu: { group: 'learning', rank: 60 },
  apiPath: '/admin/submittedProject',
  icon: ProjectsMenuIcon,
  roles: { list: ACCESS.projects.read, edit: ACCESS.projects.read, delete: ACCESS.projects.read },
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'user_name', type: 'text' },
    { source: 'media_title', type: 'text' },
    { source: 'program_id', type: 'reference', reference: 'courses', optionText: 'title' },
    { source: 'user_id', type: 'number' },
    { source: 'version', type: 'number', sortable: true },
    { source: 'status', type: 'select', sortable: true, choices: statusChoices },
    { source: 'score', type: 'number', required: true, sortable: true },
    { source: 'trainer_id', type: 'number' },
    { source: 'trainer_message', type: 'textarea', maxLength: 5000 },
    { source: 'submitted_at', type: 'date', sortable: true },
  ],
  list: { columns: ['id', 'user_name', 'media_title', 'version', 'status', 'score', 'submitted_at'], filters: ['program_id', 'user_id', 'status'], search: true, sort: { field: 'id', order: 'DESC' } },
  // removing the selection is one DELETE /admin/submittedProject/:id per version (the API also takes DELETE { ids })
  screens: { list: ProjectsList, edit: ProjectEdit },
};
