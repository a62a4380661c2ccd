import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
export const en = {
  resources: {
    registers: {
      name: 'Registration |||| Registrations',
      fields: {
        id: 'ID',
        login: 'Login',
        email: 'E-mail',
        surname: 'Surname',
        name: 'Name',
        patronymic: 'Patronymic',
        phone: 'Phone',
        role: 'Role',
        is_blocked: 'Blocked',
        registered_at: 'Registered',
        last_login_at: 'Last sign-in',
        date_from: 'Registered from (DD.MM.YYYY)',
        date_to: 'Registered until (DD.MM.YYYY)',
        q: 'Search',
      },
    },
  },
  registers: { open_user: "Open the user's card", empty: 'Nobody has signed up on their own yet' },
} satisfies Messages<typeof ru>;
