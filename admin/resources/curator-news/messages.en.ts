import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
export const en = {
  resources: {
    'curator-news': {
      name: 'Curator news item |||| Curator news',
      fields: { id: 'ID', title: 'Title', title_en: 'Title (English)', body: 'Text', required: 'Must be read', read_count: 'Read by', published_at: 'Published', q: 'Search' },
    },
  },
} satisfies Messages<typeof ru>;
