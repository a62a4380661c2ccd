import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
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
