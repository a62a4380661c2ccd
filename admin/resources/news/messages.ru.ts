import type { MessageTree } from '../../framework/types.ts';

/** Texts of the news screens. The English catalogue must name exactly the Russian keys (a missing one fails to compile). */
export const ru = {
  resources: {
    news: {
      name: 'Новость |||| Новости',
      fields: { id: 'ID', title: 'Заголовок', title_en: 'Заголовок (англ.)', body: 'Текст', required: 'Обязательная', audience: 'Для кого', published_at: 'Опубликована', q: 'Поиск' },
    },
  },
  news: { audience: { all: 'Всем', curators: 'Кураторам' } },
} satisfies MessageTree;
