import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
export const en = {
  resources: {
    news: {
      name: 'News item |||| News',
      fields: { id: 'ID', title: 'Title', title_en: 'Title (English)', body: 'Text', required: 'Required', audience: 'Audience', published_at: 'Published', q: 'Search' },
    },
  },
  news: { audience: { all: 'Everyone', curators: 'Curators' } },
} satisfies Messages<typeof ru>;
