import type { MessageTree } from '../../framework/types.ts';

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
