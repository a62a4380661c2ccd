import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
export const en = {
  resources: {
    groups: { name: 'Group |||| Groups', notifications: { created: 'Group created' }, fields: { id: 'ID', title: 'Title', users_count: 'Members', created_at: 'Created', q: 'Search' } },
  },
  groups: {
    members: 'Members',
    emails: "Students' e-mails",
    emails_hint: 'Separated by commas, spaces or new lines',
    add: 'Add',
    remove: 'Remove from the group',
    unknown_emails: 'Not found: %{emails}',
  },
} satisfies Messages<typeof ru>;
