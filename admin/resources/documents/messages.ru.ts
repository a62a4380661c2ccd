import type { MessageTree } from '../../framework/types.ts';

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
        file: 'Файл (PDF, JPG, PNG, DOC, DOCX; до 5 МБ)',
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
