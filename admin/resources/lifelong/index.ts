import AccountTreeIcon from '@mui/icons-material/AccountTree';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import ExtensionIcon from '@mui/icons-material/Extension';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import type { FieldConfig, ResourceConfig } from '../../framework/types.ts';
import { lazyScreen } from '../../framework/lazy.ts';
import { ACCESS } from '../../../common/access/roles.ts';

// the branch builder is a chunk loaded when a branch is opened
const BranchEdit = lazyScreen(() => import('./BranchEdit.tsx'), 'BranchEdit');
const AwardsPanel = lazyScreen(() => import('./Awards.tsx'), 'AwardsPanel');

const ADMINS = ACCESS.school.read;
const roles = { list: ADMINS, create: ADMINS, edit: ADMINS, delete: ADMINS };
const IMAGES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const common: FieldConfig[] = [
  { source: 'id', type: 'number', sortable: true },
  { source: 'title', type: 'text', required: true, maxLength: 255, sortable: true },
  { source: 'title_en', type: 'text', maxLength: 255 },
  { source: 'description', type: 'textarea', maxLength: 5000 },
  { source: 'sort', type: 'number', sortable: true },
];

/** Branches of lifelong learning (docs/lifelong-learning.md); a branch opens in the branch builder. */
export const abranch: ResourceConfig = {
  name: 'abranch',
  menu: { group: 'learning', rank: 100 },
  apiPath: '/admin/abranch',
  icon: AccountTreeIcon,
  flag: 'lifelong_learning',
  roles,
  recordRepresentation: 'title',
  fields: [...common, { source: 'image', type: 'image', accept: IMAGES }],
  list: { columns: ['id', 'image', 'title', 'title_en', 'sort'], search: true, sort: { field: 'sort', order: 'ASC' }, empty: 'lifelong.empty_branches' },
  form: [{ label: 'tabs.main', fields: ['title', 'title_en', 'description', 'image', 'sort'] }],
  screens: { edit: BranchEdit },
  // the specification's abranch/{id_branch}/aprogram/{id_aprogram}: the builder opened on one program, to add its modules
  routes: [{ path: ':id/aprogram/:aprogramId', screen: BranchEdit }],
};

/** Programs of branches: each an ordered set of modules. */
export const aprogram: ResourceConfig = {
  name: 'aprogram',
  menu: { group: 'learning', rank: 110 },
  apiPath: '/admin/aprogram',
  icon: ViewModuleIcon,
  flag: 'lifelong_learning',
  roles,
  recordRepresentation: 'title',
  fields: [...common, { source: 'abranch_id', type: 'reference', reference: 'abranch', optionText: 'title', required: true }],
  list: { columns: ['id', 'title', 'abranch_id', 'sort'], filters: ['abranch_id'], search: true, sort: { field: 'sort', order: 'ASC' } },
  form: [{ label: 'tabs.main', fields: ['abranch_id', 'title', 'title_en', 'description', 'sort'] }],
  redirectAfterCreate: 'list',
};

/** Modules of branch programs: one learning program, material or quiz of the school each. */
export const amodule: ResourceConfig = {
  name: 'amodule',
  menu: { group: 'learning', rank: 120 },
  apiPath: '/admin/amodule',
  icon: ExtensionIcon,
  flag: 'lifelong_learning',
  roles,
  recordRepresentation: 'title',
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'aprogram_id', type: 'reference', reference: 'aprogram', optionText: 'title', required: true },
    { source: 'title', type: 'text', required: true, maxLength: 255, sortable: true },
    { source: 'title_en', type: 'text', maxLength: 255 },
    { source: 'kind', type: 'select', required: true, choices: ['program', 'media', 'quiz'].map((id) => ({ id, name: `lifelong.kinds.${id}` })) },
    { source: 'program_id', type: 'reference', reference: 'courses', optionText: 'title', helperText: 'lifelong.hints.program' },
    { source: 'media_id', type: 'reference', reference: 'media', optionText: 'title', helperText: 'lifelong.hints.media' },
    { source: 'quiz_id', type: 'reference', reference: 'quizzes', optionText: 'title', helperText: 'lifelong.hints.quiz' },
    { source: 'sort', type: 'number', sortable: true },
  ],
  list: { columns: ['id', 'title', 'aprogram_id', 'kind', 'sort'], filters: ['aprogram_id'], search: true, sort: { field: 'sort', order: 'ASC' } },
  form: [{ label: 'tabs.main', fields: ['aprogram_id', 'title', 'title_en', 'kind', 'program_id', 'media_id', 'quiz_id', 'sort'] }],
  redirectAfterCreate: 'list',
};

export const RULES = ['manual', 'program_finished', 'quiz_passed', 'project_approved', 'modules_done', 'branch_programs'];

/** Achievements: a badge and what earns it; its awards (and grants or withdrawals by hand) beside the form. */
export const achievement: ResourceConfig = {
  name: 'achievement',
  menu: { group: 'learning', rank: 130 },
  apiPath: '/admin/achievement',
  icon: EmojiEventsIcon,
  flag: 'lifelong_learning',
  roles,
  recordRepresentation: 'title',
  fields: [
    ...common,
    { source: 'abranch_id', type: 'reference', reference: 'abranch', optionText: 'title', required: true },
    { source: 'image', type: 'image', accept: IMAGES },
    { source: 'rule', type: 'select', required: true, choices: RULES.map((id) => ({ id, name: `lifelong.rules.${id}` })) },
    { source: 'program_id', type: 'reference', reference: 'courses', optionText: 'title', helperText: 'lifelong.hints.rule_program' },
    { source: 'quiz_id', type: 'reference', reference: 'quizzes', optionText: 'title', helperText: 'lifelong.hints.rule_quiz' },
    { source: 'min_percent', type: 'number', helperText: 'lifelong.hints.min_percent' },
    { source: 'media_id', type: 'reference', reference: 'media', optionText: 'title', referenceFilter: { kind: 'project' }, helperText: 'lifelong.hints.rule_project' },
    { source: 'module_ids', type: 'references', reference: 'amodule', optionText: 'title', helperText: 'lifelong.hints.rule_modules' },
    { source: 'count', type: 'number', helperText: 'lifelong.hints.count' },
  ],
  list: { columns: ['id', 'image', 'title', 'abranch_id', 'rule', 'sort'], filters: ['abranch_id', 'rule'], search: true, sort: { field: 'sort', order: 'ASC' } },
  form: [
    { label: 'tabs.main', fields: ['abranch_id', 'title', 'title_en', 'description', 'image', 'sort'] },
    { label: 'lifelong.tabs.rule', fields: ['rule', 'program_id', 'quiz_id', 'min_percent', 'media_id', 'module_ids', 'count'] },
  ],
  editAside: AwardsPanel,
  redirectAfterCreate: 'edit',
};
