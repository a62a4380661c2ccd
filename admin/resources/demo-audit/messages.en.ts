import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
export const en = {
  resources: {
    'demo-audit': {
      name: 'Demo-mode call |||| Demo mode',
      fields: { id: 'ID', created_at: 'Time', actor_id: 'Administrator', actor_login: 'Administrator', user_id: 'User', user_login: 'User', method: 'Method', url: 'Address', status: 'Answer' },
    },
  },
  empty: { demo_audit: 'Nobody has logged in as a user yet' },
} satisfies Messages<typeof ru>;
