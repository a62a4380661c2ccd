import type { MessageTree, Messages } from '../../framework/types.ts';

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
