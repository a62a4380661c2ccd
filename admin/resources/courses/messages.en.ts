import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
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
      kinds: { video: 'Video', pdf: 'PDF', file: 'File', link: 'Link', text: 'Text', project: 'Project', scorm: 'SCORM package', lti: 'LTI tool', exam: 'Exam', pass: 'Pass/fail', poll: 'Poll' },
    },
  },
} satisfies Messages<typeof ru>;
