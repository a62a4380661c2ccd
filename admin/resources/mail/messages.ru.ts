import type { MessageTree } from '../../framework/types.ts';

/** Texts of the mail screen. Same keys in both languages. */
export const ru = {
  resources: { mail: { name: 'Рассылка |||| Рассылка', fields: { id: 'ID', subject: 'Тема', body: 'Текст письма', to: 'Кому', users: 'Пользователи', groups: 'Группы' } } },
  mail: {
    title: 'Письмо пользователям',
    to_users: 'Выбранным пользователям',
    to_groups: 'Участникам групп',
    to_all: 'Всем пользователям школы',
    body_hint: 'Обычный текст (абзацы — пустой строкой) или HTML.',
    send: 'Отправить',
    confirm_all: 'Отправить письмо всем пользователям школы?',
    sent: 'Письмо отправлено: получателей %{recipients}, доставлено серверу %{sent}, в папке outbox %{outbox}, ошибок %{failed}',
    off: 'Рассылка выключена в настройках школы (раздел «Рассылка писем»).',
  },
} satisfies MessageTree;
