import type { MessageTree } from '../../framework/types.ts';

/** Texts of the scores screens. Same keys in both languages. */
export const ru = {
  resources: {
    scores: {
      name: 'Оценка |||| Оценки',
      fields: {
        id: 'ID',
        user_name: 'Студент',
        program_title: 'Программа',
        program_id: 'Программа',
        user_id: 'Студент',
        quiz_percent: 'Тесты, %',
        project_percent: 'Проекты, %',
        activity_percent: 'Активность, %',
        points: 'Баллы',
        max_score: 'Из',
        status: 'Решение',
        approved_points: 'Утверждено баллов',
        decided_at: 'Дата решения',
        q: 'Поиск по студенту',
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
} satisfies MessageTree;
