import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
export const en = {
  resources: { mail: { name: 'Mail |||| Mail', fields: { id: 'ID', subject: 'Subject', body: 'Text', to: 'To', users: 'Users', groups: 'Groups' } } },
  mail: {
    title: 'Mail to users',
    to_users: 'Chosen users',
    to_groups: 'Members of groups',
    to_all: 'Every user of the school',
    body_hint: 'Plain text (an empty line starts a paragraph) or HTML.',
    send: 'Send',
    confirm_all: 'Send the mail to every user of the school?',
    sent: 'Mail sent: %{recipients} recipients, %{sent} handed to the server, %{outbox} in the outbox, %{failed} failed',
    off: 'Mail is switched off in the school settings (section "Mail to users").',
  },
} satisfies Messages<typeof ru>;
