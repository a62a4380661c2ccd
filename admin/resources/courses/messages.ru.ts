import type { MessageTree } from '../../framework/types.ts';

/** Texts of the program screens' own parts (builder, clone, duplicate, bulk delete). Same keys in both languages. */
export const ru = {
  toasts: {
    chapter_is_add: 'Глава добавлена',
    chapter_is_delete: 'Глава удалена',
    media_is_attach: 'Материал прикреплён',
    media_is_detach: 'Материал откреплён',
    quiz_is_attach: 'Тест прикреплён',
    quiz_is_detach: 'Тест откреплён',
    courses_are_delete: 'Удалено программ: %{smart_count}',
  },
  courses: {
    actions: {
      clone: 'Копировать',
      duplicate_selected: 'Копировать',
      delete_selected: 'Удалить',
      confirm_delete_title: 'Удалить выбранные программы?',
      confirm_delete_content: 'Программы будут удалены вместе с главами и записью слушателей. Материалы и тесты останутся.',
    },
    builder: {
      title: 'Структура программы',
      hint: 'Перетаскивайте главы и материалы за значок слева (или Пробел и стрелки на клавиатуре).',
      empty: 'В программе пока нет глав.',
      new_chapter: 'Название новой главы',
      add_chapter: 'Добавить главу',
      chapter_title: 'Название главы',
      delete_chapter: 'Удалить главу',
      confirm_delete_chapter: 'Удалить главу «%{title}»? Материалы и тесты останутся в библиотеке.',
      no_items: 'В главе пока нет материалов и тестов.',
      media: 'Материалы',
      quizzes: 'Тесты',
      attach_media: 'Прикрепить материал',
      attach_quiz: 'Прикрепить тест',
      detach: 'Открепить',
      search: 'Начните вводить название',
      nothing_found: 'Ничего не найдено',
      read_only: 'Структуру меняют администраторы.',
      kinds: { video: 'Видео', pdf: 'PDF', file: 'Файл', link: 'Ссылка', text: 'Текст', project: 'Проект', scorm: 'Пакет SCORM', lti: 'Инструмент LTI', exam: 'Экзамен', pass: 'Зачёт', poll: 'Опрос' },
    },
  },
} satisfies MessageTree;
