import type { MessageTree } from '../../framework/types.ts';

/** Texts of the diplomas screens; the same keys in both languages. */
export const ru: MessageTree = {
  resources: {
    diplomas: {
      name: 'Диплом |||| Дипломы',
      fields: {
        id: 'ID', user_id: 'Слушатель', program_id: 'Программа', template_id: 'Шаблон документа', name_nominative: 'ФИО (именительный падеж)',
        name_genitive: 'ФИО (родительный падеж)', name_dative: 'ФИО (дательный падеж)', date_start: 'Начало обучения', date_end: 'Окончание обучения',
        date_issue: 'Дата выдачи', hours: 'Часов', registration_number: 'Регистрационный номер', chairman: 'Председатель комиссии', director: 'Директор',
        secretary: 'Секретарь', documents_count: 'Документов', files_count: 'Файлов', program_title: 'Программа', user_login: 'Логин', created_at: 'Создан', q: 'Поиск',
      },
    },
  },
  diplomas: {
    tabs: { student: 'Слушатель', study: 'Обучение', signatures: 'Подписи' },
    generate: 'Сформировать документ',
    files: 'Файлы диплома',
    no_files: 'Файлов нет.',
    add_files: 'Добавить файлы',
    documents: 'Выданные документы',
    no_documents: 'Документы ещё не сформированы.',
    download: 'Скачать',
    remove: 'Удалить',
  },
  toasts: {
    diploma_document_is_add: 'Документ сформирован, слушатель видит его в своих документах',
    diploma_document_is_delete: 'Документ удалён',
    diploma_file_is_add: 'Файлы добавлены',
    diploma_file_is_delete: 'Файл удалён',
  },
};

export const en: MessageTree = {
  resources: {
    diplomas: {
      name: 'Diploma |||| Diplomas',
      fields: {
        id: 'ID', user_id: 'Student', program_id: 'Program', template_id: 'Document template', name_nominative: 'Full name (nominative)',
        name_genitive: 'Full name (genitive)', name_dative: 'Full name (dative)', date_start: 'Start of studies', date_end: 'End of studies',
        date_issue: 'Date of issue', hours: 'Hours', registration_number: 'Registration number', chairman: 'Chairman of the board', director: 'Director',
        secretary: 'Secretary', documents_count: 'Documents', files_count: 'Files', program_title: 'Program', user_login: 'Login', created_at: 'Created', q: 'Search',
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
};
