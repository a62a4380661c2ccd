import type { MessageTree } from '../../framework/types.ts';

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
