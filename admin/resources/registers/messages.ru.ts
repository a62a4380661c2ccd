import type { MessageTree, Messages } from '../../framework/types.ts';

/** Texts of the registrations list. */
export const ru = {
  resources: {
    registers: {
      name: 'Регистрация |||| Регистрации',
      fields: {
        id: 'ID',
        login: 'Логин',
        email: 'E-mail',
        surname: 'Фамилия',
        name: 'Имя',
        patronymic: 'Отчество',
        phone: 'Телефон',
        role: 'Роль',
        is_blocked: 'Заблокирован',
        registered_at: 'Зарегистрирован',
        last_login_at: 'Последний вход',
        date_from: 'Зарегистрирован с (ДД.ММ.ГГГГ)',
        date_to: 'Зарегистрирован по (ДД.ММ.ГГГГ)',
        q: 'Поиск',
      },
    },
  },
  registers: { open_user: 'Открыть карточку пользователя', empty: 'Никто ещё не зарегистрировался сам' },
} satisfies MessageTree;

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
