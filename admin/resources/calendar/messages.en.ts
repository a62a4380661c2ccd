import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
export const en = {
  resources: {
    calendar: {
      name: 'Calendar event |||| Calendar',
      fields: { id: 'ID', title: 'Title', kind: 'Kind', program_id: 'Program', program_title: 'Program', starts_at: 'Starts', ends_at: 'Ends', from: 'From', to: 'To', q: 'Search' },
    },
  },
  calendar: {
    kind: { consulting: 'Consulting session', webinar: 'Webinar' },
    whole_school: 'Whole school',
    program_hint: 'Empty: every student of the school sees the event',
  },
} satisfies Messages<typeof ru>;
