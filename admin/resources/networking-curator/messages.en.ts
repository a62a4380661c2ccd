import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
export const en = {
  resources: {
    'networking-curator': {
      name: 'Networking member |||| Networking (curator)',
      fields: {
        id: 'ID',
        name: 'First name',
        surname: 'Last name',
        email: 'E-mail',
        status: 'Status',
        company: 'Company',
        position: 'Position',
        industry: 'Industry',
        city: 'City',
        labor_market: 'Labour market',
        native_language: 'Native language',
        updated_at: 'Updated',
        q: 'Search',
      },
      statuses: { global: 'Every school', local: 'School only', off: 'Off' },
      labor: { looking_job: 'Looking for a job', looking_employee: 'Looking for employees', is_hire: 'Hiring', is_owner: 'Business owner' },
      industries: {
        it: 'IT',
        finance: 'Finance',
        consulting: 'Consulting',
        manufacturing: 'Manufacturing',
        retail: 'Retail',
        education: 'Education',
        healthcare: 'Healthcare',
        energy: 'Energy',
        logistics: 'Logistics',
        media: 'Media',
        government: 'Public sector',
        other: 'Other',
      },
      excel: 'Export to Excel',
      open: "Open the member's page",
      empty: 'No members',
    },
  },
} satisfies Messages<typeof ru>;
