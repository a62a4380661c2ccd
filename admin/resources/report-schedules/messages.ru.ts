import type { MessageTree, Messages } from '../../framework/types.ts';

/** Texts of the scheduled reports. Same keys in both languages. */
export const ru = {
  resources: {
    'report-schedules': {
      name: 'Рассылка отчётов |||| Рассылка отчётов',
      fields: {
        id: 'ID',
        saved_report_id: 'Отчёт',
        frequency: 'Как часто',
        recipients: 'Получатели',
        lang: 'Язык',
        next_run_at: 'Следующая отправка',
        last_run_at: 'Последняя отправка',
        last_status: 'Итог последней отправки',
      },
    },
  },
  report_schedules: {
    frequency: { daily: 'Каждый день', weekly: 'Каждый понедельник', monthly: 'Первого числа каждого месяца' },
    recipients_hint: 'Сотрудники школы; письмо уходит в 06:00 UTC с файлом .xlsx',
  },
} satisfies MessageTree;

export const en = {
  resources: {
    'report-schedules': {
      name: 'Report mailing |||| Report mailing',
      fields: {
        id: 'ID',
        saved_report_id: 'Report',
        frequency: 'How often',
        recipients: 'Recipients',
        lang: 'Language',
        next_run_at: 'Next sending',
        last_run_at: 'Last sending',
        last_status: 'Last result',
      },
    },
  },
  report_schedules: {
    frequency: { daily: 'Every day', weekly: 'Every Monday', monthly: 'On the 1st of every month' },
    recipients_hint: 'Staff of the school; the mail goes at 06:00 UTC with an .xlsx file',
  },
} satisfies Messages<typeof ru>;
