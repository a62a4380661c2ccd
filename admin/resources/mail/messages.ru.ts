import type { MessageTree, Messages } from '../../framework/types.ts';

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
