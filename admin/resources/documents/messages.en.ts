import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
export const en = {
  resources: {
    documents: {
      name: 'Document |||| Documents',
      fields: {
        id: 'ID',
        user_id: 'Student',
        user_login: 'Login',
        user_surname: 'Surname',
        kind: 'Kind',
        title: 'Title',
        title_en: 'Title (English)',
        file_name: 'File',
        size: 'Size, bytes',
        created_at: 'Uploaded',
        file: 'File (PDF, JPG, PNG, DOC, DOCX; up to 5 MB)',
        q: 'Search',
      },
    },
  },
  documents: {
    kind: { document: 'Document', certificate: 'Certificate / diploma', uploaded: 'Uploaded by the student' },
    download: 'Download',
    upload_title: 'Upload a document for a student',
    upload_hint: 'The student sees documents and certificates under "Documents" in the portal.',
  },
  toasts: { document_is_add: 'Document uploaded' },
} satisfies Messages<typeof ru>;
