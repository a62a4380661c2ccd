import type { MessageTree, Messages } from '../../framework/types.ts';

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

export const en = {
  resources: { statistics: { name: 'Statistics |||| Statistics', fields: {} } },
  statistics: {
    period: 'Period',
    periods: { week: 'Week', month: 'Month', quarter: 'Quarter', year: 'Year' },
    students: { title: 'Students', total: 'Total', active: 'Active in %{days} days', blocked: 'Blocked' },
    activity: { title: 'Activity', logins: 'Logins', actions: 'Actions', users: 'Users', chart: 'Logins and actions per day from %{from} to %{to}' },
    programs: { title: "Students' programs", program: 'Program', not_started: 'Not started', in_process: 'In process', done: 'Done' },
    quizzes: { title: 'Quizzes, last %{days} days', attempts: 'Attempts', passed: 'Passed', pass_rate: 'Pass rate', average: 'Average percent', distribution: 'Results distribution, %', quiz: 'Quiz' },
    projects: { title: 'Projects', waiting: 'Waiting for review', oldest: 'Oldest in the queue' },
    payments: { title: 'Debts', students: 'Students with overdue payments', line: '%{amount} (instalments: %{items})', none: 'No overdue payments' },
  },
} satisfies Messages<typeof ru>;
