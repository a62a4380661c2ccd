import type { MessageTree } from '../../framework/types.ts';

/** Texts of the diplomas screens; the same keys in both languages. */
export const ru = {
  resources: {
    diplomas: {
      name: 'Диплом |||| Дипломы',
      fields: {
        id: 'ID',
        user_id: 'Слушатель',
        program_id: 'Программа',
        template_id: 'Шаблон документа',
        name_nominative: 'ФИО (именительный падеж)',
        name_genitive: 'ФИО (родительный падеж)',
        name_dative: 'ФИО (дательный падеж)',
        date_start: 'Начало обучения',
        date_end: 'Окончание обучения',
        date_issue: 'Дата выдачи',
        hours: 'Часов',
        registration_number: 'Регистрационный номер',
        chairman: 'Председатель комиссии',
        director: 'Директор',
        secretary: 'Секретарь',
        documents_count: 'Документов',
        files_count: 'Файлов',
        program_title: 'Программа',
        user_login: 'Логин',
        created_at: 'Создан',
        q: 'Поиск',
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
} satisfies MessageTree;
