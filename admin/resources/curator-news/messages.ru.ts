import type { MessageTree, Messages } from '../../framework/types.ts';

/** Texts of the curator news. Same keys in both languages. */
export const ru = {
  resources: {
    'curator-news': {
      name: 'Новость кураторов |||| Новости кураторов',
      fields: { id: 'ID', title: 'Заголовок', title_en: 'Заголовок (англ.)', body: 'Текст', required: 'Обязательная к прочтению', read_count: 'Прочитали', published_at: 'Опубликована', q: 'Поиск' },
    },
  },
} satisfies MessageTree;

export const en = {
  resources: {
    'curator-news': {
      name: 'Curator news item |||| Curator news',
      fields: { id: 'ID', title: 'Title', title_en: 'Title (English)', body: 'Text', required: 'Must be read', read_count: 'Read by', published_at: 'Published', q: 'Search' },
    },
  },
} satisfies Messages<typeof ru>;
