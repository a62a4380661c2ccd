import type { MessageTree } from '../../framework/types.ts';

/** Texts of the demo-mode journal. The English catalogue must name exactly the Russian keys (a missing one fails to compile). */
export const ru = {
  resources: {
    'demo-audit': {
      name: 'Вход от имени |||| Вход от имени',
      fields: {
        id: 'ID',
        created_at: 'Время',
        actor_id: 'Администратор',
        actor_login: 'Администратор',
        user_id: 'Пользователь',
        user_login: 'Пользователь',
        method: 'Метод',
        url: 'Адрес',
        status: 'Ответ',
      },
    },
  },
  empty: { demo_audit: 'Никто ещё не входил от имени пользователей' },
} satisfies MessageTree;
