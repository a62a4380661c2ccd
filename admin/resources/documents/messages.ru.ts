import type { MessageTree, Messages } from '../../framework/types.ts';

/** Texts of the documents admin screens; the same keys in both languages. */
export const ru = {
  resources: {
    documents: {
      name: 'Документ |||| Документы',
      fields: {
        id: 'ID',
        user_id: 'Слушатель',
        user_login: 'Логин',
        user_surname: 'Фамилия',
        kind: 'Вид',
        title: 'Название',
        title_en: 'Название (англ.)',
        file_name: 'Файл',
        size: 'Размер, байт',
        created_at: 'Загружен',
        file: 'Файл (pdf, jpg, png, doc, docx; до 5 МБ)',
        q: 'Поиск',
      },
    },
  },
  documents: {
    kind: { document: 'Документ', certificate: 'Сертификат / диплом', uploaded: 'Загружен слушателем' },
    download: 'Скачать',
    upload_title: 'Загрузить документ слушателю',
    upload_hint: 'Документы и сертификаты слушатель видит в разделе «Документы» своего кабинета.',
  },
  toasts: { document_is_add: 'Документ загружен' },
} satisfies MessageTree;

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
        file: 'File (pdf, jpg, png, doc, docx; up to 5 MB)',
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
