/**
 * A course's own texts (pages/Course.tsx: chapters, kinds, statuses; the quiz's start page names the quiz kinds), both
 * languages: a chunk of its own that the course and quiz pages load (`loadSubjectTexts` in ../i18n.ts), merged under
 * `courses` with the course list's texts of the entry's catalogue; not in the page texts that a student's landing loads.
 */
export const courseRu = {
  chapters: 'Разделы',
  back: 'К списку курсов',
  days: 'Срок обучения: {{n}} дн.',
  kinds: { video: 'Видео', pdf: 'PDF', file: 'Файл', link: 'Ссылка', text: 'Текст', project: 'Проект', lti: 'Инструмент LTI', scorm: 'SCORM' },
  quiz_kinds: { exam: 'Экзамен', pass: 'Зачёт', poll: 'Опрос' },
  viewed: 'Просмотрено',
  deadline: 'Срок сдачи: {{date}}',
  status: {
    todo: 'Не выполнено',
    viewed: 'Просмотрено',
    answered: 'Пройден',
    passed: 'Зачтено',
    failed: 'Не зачтено',
    awaiting: 'Ждёт проверки',
    checked: 'Проверен, не утверждён',
    approved: 'Утверждён',
    incomplete: 'Начато',
    completed: 'Завершено',
  },
  rule: 'Курс пройден, когда просмотрены все материалы, сданы все экзамены и зачёты, пройдены опросы и утверждены проекты.',
};

/** The English of `courseRu`: the type-check fails when a key is missing or added. */
export const courseEn: typeof courseRu = {
  chapters: 'Chapters',
  back: 'Back to courses',
  days: 'Study period: {{n}} days',
  kinds: { video: 'Video', pdf: 'PDF', file: 'File', link: 'Link', text: 'Text', project: 'Project', lti: 'LTI tool', scorm: 'SCORM' },
  quiz_kinds: { exam: 'Exam', pass: 'Pass/fail', poll: 'Poll' },
  viewed: 'Viewed',
  deadline: 'Due: {{date}}',
  status: {
    todo: 'To do',
    viewed: 'Viewed',
    answered: 'Answered',
    passed: 'Passed',
    failed: 'Not passed',
    awaiting: 'Awaiting review',
    checked: 'Checked, not approved',
    approved: 'Approved',
    incomplete: 'Started',
    completed: 'Completed',
  },
  rule: 'A course is done when every material is viewed, every exam and pass quiz passed, every poll answered and every project approved.',
};
