import type { MessageTree, Messages } from '../../framework/types.ts';

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
      kinds: { video: 'Видео', pdf: 'PDF', file: 'Файл', link: 'Ссылка', text: 'Текст', project: 'Проект', exam: 'Экзамен', pass: 'Зачёт', poll: 'Опрос' },
    },
  },
} satisfies MessageTree;

export const en = {
  toasts: {
    chapter_is_add: 'Chapter added',
    chapter_is_delete: 'Chapter deleted',
    media_is_attach: 'Material attached',
    media_is_detach: 'Material detached',
    quiz_is_attach: 'Quiz attached',
    quiz_is_detach: 'Quiz detached',
    courses_are_delete: 'Programs deleted: %{smart_count}',
  },
  courses: {
    actions: {
      clone: 'Copy',
      duplicate_selected: 'Copy',
      delete_selected: 'Delete',
      confirm_delete_title: 'Delete the selected programs?',
      confirm_delete_content: 'The programs go with their chapters and enrolments. Materials and quizzes stay.',
    },
    builder: {
      title: 'Program structure',
      hint: 'Drag chapters and materials by the handle on the left (or Space and the arrow keys).',
      empty: 'The program has no chapters yet.',
      new_chapter: 'Title of the new chapter',
      add_chapter: 'Add chapter',
      chapter_title: 'Chapter title',
      delete_chapter: 'Delete chapter',
      confirm_delete_chapter: 'Delete the chapter "%{title}"? Its materials and quizzes stay in the library.',
      no_items: 'The chapter has no materials or quizzes yet.',
      media: 'Materials',
      quizzes: 'Quizzes',
      attach_media: 'Attach a material',
      attach_quiz: 'Attach a quiz',
      detach: 'Detach',
      search: 'Start typing a title',
      nothing_found: 'Nothing found',
      read_only: 'Administrators change the structure.',
      kinds: { video: 'Video', pdf: 'PDF', file: 'File', link: 'Link', text: 'Text', project: 'Project', exam: 'Exam', pass: 'Pass/fail', poll: 'Poll' },
    },
  },
} satisfies Messages<typeof ru>;
