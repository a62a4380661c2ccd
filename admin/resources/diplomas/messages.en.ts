import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
export const en = {
  resources: {
    diplomas: {
      name: 'Diploma |||| Diplomas',
      fields: {
        id: 'ID',
        user_id: 'Student',
        program_id: 'Program',
        template_id: 'Document template',
        name_nominative: 'Full name (nominative)',
        name_genitive: 'Full name (genitive)',
        name_dative: 'Full name (dative)',
        date_start: 'Start of studies',
        date_end: 'End of studies',
        date_issue: 'Date of issue',
        hours: 'Hours',
        registration_number: 'Registration number',
        chairman: 'Chairman of the board',
        director: 'Director',
        secretary: 'Secretary',
        documents_count: 'Documents',
        files_count: 'Files',
        program_title: 'Program',
        user_login: 'Login',
        created_at: 'Created',
        q: 'Search',
      },
    },
  },
  diplomas: {
    tabs: { student: 'Student', study: 'Studies', signatures: 'Signatures' },
    generate: 'Generate the document',
    files: 'Files of the diploma',
    no_files: 'No files.',
    add_files: 'Add files',
    documents: 'Issued documents',
    no_documents: 'No document generated yet.',
    download: 'Download',
    remove: 'Remove',
  },
  toasts: {
    diploma_document_is_add: 'Document generated; the student sees it in their documents',
    diploma_document_is_delete: 'Document deleted',
    diploma_file_is_add: 'Files added',
    diploma_file_is_delete: 'File removed',
  },
} satisfies Messages<typeof ru>;
