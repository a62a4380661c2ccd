import SchoolIcon from '@mui/icons-material/School';
import type { ResourceConfig } from '../../framework/types.ts';
import { CloneCourse, DeleteCourses, DuplicateCourses } from './actions.tsx';
import { fields, form } from './fields.ts';
import { lazyScreen } from '../../framework/lazy.ts';
import { ACCESS } from '../../../common/access/roles.ts';

// This resource's own screens are chunks loaded when opened.
const CourseEdit = lazyScreen(() => import('./CourseEdit.tsx'), 'CourseEdit');
const ProgramEnrolment = lazyScreen(() => import('./Enrolment.tsx'), 'ProgramEnrolment');

/**
 * Programs (the admin `courses` screen): every program field, the marketplace fields, who is enrolled, and the
 * program builder (chapters, their materials and quizzes) on the edit screen. Clone is a row action; copy and
 * delete of the selection are one call each. Deleting goes through those buttons (toasts `course_is_delete`),
 * not react-admin's default bulk delete; the server refuses trainers either way.
 */
export const courses: ResourceConfig = {
  name: 'courses',
  menu: { group: 'learning', rank: 10 },
  apiPath: '/admin/program',
  icon: SchoolIcon,
  roles: { list: ACCESS.programs.read, create: ACCESS.programs.create, edit: ACCESS.programs.read },
  recordRepresentation: 'title',
  fields,
  list: {
    columns: ['id', 'title', 'title_en', 'days_to_study', 'format', 'created_at'],
    search: true,
    sort: { field: 'id', order: 'DESC' },
    rowActions: [CloneCourse],
    bulkActions: [DuplicateCourses, DeleteCourses],
  },
  form,
  bulk: { delete: '/admin/delete/program', idsKey: 'ids', actions: { duplicate: '/admin/duplicate/program' } },
  recordActions: { clone: 'clone' },
  editAside: ProgramEnrolment,
  redirectAfterCreate: 'edit',
  screens: { edit: CourseEdit },
};
