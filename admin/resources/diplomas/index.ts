import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import type { FieldConfig, ResourceConfig } from '../../framework/types.ts';
import { GenerateDiplomaDocument } from './Generate.tsx';
import { lazyScreen } from '../../framework/lazy.ts';
import { ACCESS } from '../../../common/access/roles.ts';

// This resource's own screens are chunks loaded when opened.
const DiplomaAttachments = lazyScreen(() => import('./Attachments.tsx'), 'DiplomaAttachments');
const BulkIssue = lazyScreen(() => import('./BulkIssue.tsx'), 'BulkIssue');

const ADMINS = ACCESS.school.read;
const person = (source: string): FieldConfig => ({ source, type: 'text', maxLength: 255 });

/**
 * Diplomas (menu "Дипломы / Diplomas"): the student, program, names in three cases, dates, hours, registration
 * number and signatories; beside the edit form its files and the documents generated from a template. "Generate the
 * document" (row action and edit screen) puts a PDF into the student's documents.
 */
export const diplomas: ResourceConfig = {
  name: 'diplomas',
  menu: { group: 'learning', rank: 90 },
  apiPath: '/admin/diploma',
  icon: WorkspacePremiumIcon,
  roles: { list: ADMINS, create: ADMINS, edit: ADMINS, delete: ADMINS },
  recordRepresentation: 'registration_number',
  fields: [
    { source: 'id', type: 'number', sortable: true },
    { source: 'user_id', type: 'reference', reference: 'users', optionText: 'login', referenceFilter: { role: 'student' }, required: true },
    { source: 'program_id', type: 'reference', reference: 'courses', optionText: 'title' },
    { source: 'template_id', type: 'reference', reference: 'templates', optionText: 'title' },
    { source: 'name_nominative', type: 'text', required: true, maxLength: 255, sortable: true },
    person('name_genitive'),
    person('name_dative'),
    { source: 'date_start', type: 'date' },
    { source: 'date_end', type: 'date' },
    { source: 'date_issue', type: 'date', sortable: true },
    { source: 'hours', type: 'number', sortable: true },
    { source: 'registration_number', type: 'text', required: true, maxLength: 64, sortable: true },
    person('chairman'),
    person('director'),
    person('secretary'),
    { source: 'program_title', type: 'text' },
    { source: 'user_login', type: 'text' },
    { source: 'documents_count', type: 'number' },
    { source: 'files_count', type: 'number' },
  ],
  list: {
    columns: ['id', 'registration_number', 'name_nominative', 'user_login', 'program_title', 'date_issue', 'hours', 'documents_count'],
    filters: ['user_id', 'program_id'],
    search: true,
    sort: { field: 'id', order: 'DESC' },
    rowActions: [GenerateDiplomaDocument],
    // issue to a group or a program's students in the background, with a progress bar (issue 31)
    actions: [BulkIssue],
  },
  form: [
    { label: 'diplomas.tabs.student', fields: ['user_id', 'name_nominative', 'name_genitive', 'name_dative'] },
    { label: 'diplomas.tabs.study', fields: ['program_id', 'date_start', 'date_end', 'hours', 'registration_number', 'date_issue', 'template_id'] },
    { label: 'diplomas.tabs.signatures', fields: ['chairman', 'director', 'secretary'] },
  ],
  recordActions: { generate: 'generate' },
  editAside: DiplomaAttachments,
};
