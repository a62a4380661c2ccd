import type { MessageTree } from '../../framework/types.ts';

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
