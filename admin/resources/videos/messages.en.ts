import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
export const en = {
  resources: {
    videos: {
      name: 'Video |||| Videos',
      fields: { id: 'ID', title: 'Title', file_name: 'File', size: 'Size', chapters_count: 'In chapters', created_at: 'Uploaded', q: 'Search' },
    },
  },
  videos: {
    empty: 'No videos yet. Upload the first one.',
    upload: 'Upload a video',
    play: 'Play',
    edit: 'Edit',
    no_support: 'The browser cannot show this video.',
  },
} satisfies Messages<typeof ru>;
