import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
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
