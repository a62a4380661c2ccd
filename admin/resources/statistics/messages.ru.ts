import type { MessageTree } from '../../framework/types.ts';

/** Texts of the statistics dashboard. Same keys in both languages. */
export const ru = {
  resources: { statistics: { name: 'Статистика |||| Статистика', fields: {} } },
  statistics: {
    period: 'Период',
    periods: { week: 'Неделя', month: 'Месяц', quarter: 'Квартал', year: 'Год' },
    students: { title: 'Студенты', total: 'Всего', active: 'Активны за %{days} дн.', blocked: 'Заблокированы' },
    activity: { title: 'Активность', logins: 'Входы', actions: 'Действия', users: 'Пользователи', chart: 'Входы и действия по дням с %{from} по %{to}' },
    programs: { title: 'Программы студентов', program: 'Программа', not_started: 'Не начаты', in_process: 'В процессе', done: 'Пройдены' },
    quizzes: {
      title: 'Тесты за %{days} дней',
      attempts: 'Попытки',
      passed: 'Сдано',
      pass_rate: 'Доля сдавших',
      average: 'Средний процент',
      distribution: 'Распределение результатов, %',
      quiz: 'Тест',
    },
    projects: { title: 'Проекты', waiting: 'Ждут проверки', oldest: 'Самый ранний в очереди' },
    payments: { title: 'Задолженности', students: 'Студентов с просрочкой', line: '%{amount} (платежей: %{items})', none: 'Просроченных платежей нет' },
  },
} satisfies MessageTree;
