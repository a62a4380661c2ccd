import type { MessageTree } from '../../framework/types.ts';

/** Texts of the scores screens. Same keys in both languages. */
export const ru: MessageTree = {
  resources: {
    scores: {
      name: 'Оценка |||| Оценки',
      fields: {
        id: 'ID', user_name: 'Студент', program_title: 'Программа', program_id: 'Программа', user_id: 'Студент', quiz_percent: 'Тесты, %', project_percent: 'Проекты, %',
        activity_percent: 'Активность, %', points: 'Баллы', max_score: 'Из', status: 'Решение', approved_points: 'Утверждено баллов', decided_at: 'Дата решения', q: 'Поиск по студенту',
      },
    },
  },
  scores: {
    status: { approved: 'Утверждена', revoked: 'Отозвана', none: 'Без решения' },
    approve: 'Утвердить оценку',
    revoke: 'Отозвать оценку',
    approved: 'Оценка утверждена',
    revoked: 'Оценка отозвана',
    quizzes: 'Тесты',
    projects: 'Проекты',
    materials: 'Материалы',
    title: 'Название',
    result: 'Результат',
    viewed: 'Просмотрен',
    not_viewed: 'Не просмотрен',
    none: 'Нет',
    summary: '%{points} из %{max}',
    settings: {
      title: 'Настройки оценки',
      max_score: 'Максимальная оценка',
      quizzes: 'Вес тестов, %',
      projects: 'Вес проектов, %',
      activity: 'Вес активности, %',
      sum: 'Сумма весов: %{sum} (должна быть 100)',
      save: 'Сохранить настройки',
      saved: 'Настройки оценки сохранены',
    },
  },
};

export const en: MessageTree = {
  resources: {
    scores: {
      name: 'Score |||| Scores',
      fields: {
        id: 'ID', user_name: 'Student', program_title: 'Program', program_id: 'Program', user_id: 'Student', quiz_percent: 'Quizzes, %', project_percent: 'Projects, %',
        activity_percent: 'Activity, %', points: 'Points', max_score: 'Of', status: 'Decision', approved_points: 'Approved points', decided_at: 'Decided on', q: 'Search by student',
      },
    },
  },
  scores: {
    status: { approved: 'Approved', revoked: 'Revoked', none: 'Not decided' },
    approve: 'Approve the score',
    revoke: 'Revoke the score',
    approved: 'Score approved',
    revoked: 'Score revoked',
    quizzes: 'Quizzes',
    projects: 'Projects',
    materials: 'Materials',
    title: 'Title',
    result: 'Result',
    viewed: 'Viewed',
    not_viewed: 'Not viewed',
    none: 'None',
    summary: '%{points} of %{max}',
    settings: {
      title: 'Score settings',
      max_score: 'Maximum score',
      quizzes: 'Weight of quizzes, %',
      projects: 'Weight of projects, %',
      activity: 'Weight of activity, %',
      sum: 'Sum of the weights: %{sum} (must be 100)',
      save: 'Save the settings',
      saved: 'Score settings saved',
    },
  },
};
