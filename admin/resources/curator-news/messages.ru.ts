import type { MessageTree } from '../../framework/types.ts';

/** Texts of the curator news. Same keys in both languages. */
export const ru = {
  resources: {
    'curator-news': {
      name: 'Новость кураторов |||| Новости кураторов',
      fields: { id: 'ID', title: 'Заголовок', title_en: 'Заголовок (англ.)', body: 'Текст', required: 'Обязательная к прочтению', read_count: 'Прочитали', published_at: 'Опубликована', q: 'Поиск' },
    },
  },
} satisfies MessageTree;
