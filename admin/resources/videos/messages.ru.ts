import type { MessageTree, Messages } from '../../framework/types.ts';

/** Texts of the videos screen. Same keys in both languages. */
export const ru = {
  resources: {
    videos: {
      name: 'Видео |||| Видео',
      fields: { id: 'ID', title: 'Название', file_name: 'Файл', size: 'Размер', chapters_count: 'В главах', created_at: 'Загружено', q: 'Поиск' },
    },
  },
  videos: {
    empty: 'Видео пока нет. Загрузите первое.',
    upload: 'Загрузить видео',
    play: 'Смотреть',
    edit: 'Изменить',
    no_support: 'Браузер не может показать это видео.',
  },
} satisfies MessageTree;

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
