import type { MessageTree } from '../../framework/types.ts';

/** Texts of the groups screens (the list, the form and the members panel). The English catalogue must name exactly the Russian keys (a missing one fails to compile). */
export const ru = {
  resources: {
    groups: { name: 'Группа |||| Группы', notifications: { created: 'Группа создана' }, fields: { id: 'ID', title: 'Название', users_count: 'Участников', created_at: 'Создана', q: 'Поиск' } },
  },
  groups: {
    members: 'Участники',
    emails: 'E-mail слушателей',
    emails_hint: 'Через запятую, пробел или с новой строки',
    add: 'Добавить',
    remove: 'Убрать из группы',
    unknown_emails: 'Не найдены: %{emails}',
  },
} satisfies MessageTree;
