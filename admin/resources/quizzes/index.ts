import QuizIcon from '@mui/icons-material/Quiz';
import type { FieldConfig, ResourceConfig } from '../../framework/types.ts';
import { BulkDeleteQuizzes, DuplicateQuiz } from './actions.tsx';
import { choices } from './choices.ts';
import { lazyScreen } from '../../framework/lazy.ts';
import { ACCESS } from '../../../common/access/roles.ts';

// This resource's own screens are chunks loaded when opened.
const QuizCreate = lazyScreen(() => import('./QuizCreate.tsx'), 'QuizCreate');
const QuizEditor = lazyScreen(() => import('./QuizEditor.tsx'), 'QuizEditor');

const select = (source: keyof typeof choices): FieldConfig => ({ source, type: 'select', choices: choices[source], sortable: source === 'kind' || source === 'status' });
const num = (source: string): FieldConfig => ({ source, type: 'number' });
const flag = (source: string): FieldConfig => ({ source, type: 'boolean' });

/**
 * Quizzes (menu "Тесты / Quizzes"): a generated list with search, filters, copy and a bulk delete that reports the
 * quizzes it had to keep; its own create screen and quiz editor (settings, questions and options with drag and drop).
 * Deleting is for the same roles as the list (admins), and goes through the editor or the bulk button, not
 * react-admin's default bulk delete (which could not say which quizzes were kept).
 */
export const quizzes: ResourceConfig = {
  name: 'quizzes',
  menu: { group: 'learning', rank: 20 },
  apiPath: '/admin/quiz',
  icon: QuizIcon,
  roles: { list: ACCESS.school.read, create: ACCESS.school.read, edit: ACCESS.school.read },
  recordRepresentation: 'title',
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'title', type: 'text', required: true, maxLength: 255, sortable: true },
    select('status'),
    select('kind'),
    select('question_type'),
    select('sort_type'),
    select('evaluation'),
    num('max_attempts'),
    num('response_time_minutes'),
    flag('show_report'),
    flag('notify_admin'),
    flag('show_correct'),
    num('passing_percentage'),
    num('min_score'),
    { source: 'opens_at', type: 'datetime' },
    { source: 'closes_at', type: 'datetime' },
    { ...num('questions_count'), sortable: true },
    num('attempts_count'),
    flag('has_answers'),
    { source: 'created_at', type: 'datetime', sortable: true },
  ],
  list: {
    columns: ['id', 'title', 'kind', 'status', 'questions_count', 'has_answers', 'created_at'],
    filters: ['kind', 'status'],
    search: true,
    sort: { field: 'id', order: 'DESC' },
    rowActions: [DuplicateQuiz],
    bulkActions: [BulkDeleteQuizzes],
  },
  // The settings an update sends (the record also carries counts and questions); also the tabs of the form.
  form: [
    { label: 'quizzes.tabs.main', fields: ['title', 'status', 'kind', 'question_type'] },
    { label: 'quizzes.tabs.rules', fields: ['sort_type', 'evaluation', 'passing_percentage', 'min_score', 'max_attempts', 'response_time_minutes'] },
    { label: 'quizzes.tabs.display', fields: ['show_report', 'show_correct', 'notify_admin'] },
    { label: 'quizzes.tabs.window', fields: ['opens_at', 'closes_at'] },
  ],
  screens: { create: QuizCreate, edit: QuizEditor },
};
