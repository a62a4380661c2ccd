import type { MessageTree } from '../../framework/types.ts';

/** Texts of the curators' networking list. Same keys in both languages. */
export const ru = {
  resources: {
    'networking-curator': {
      name: 'Участник нетворкинга |||| Нетворкинг (куратор)',
      fields: {
        id: 'ID',
        name: 'Имя',
        surname: 'Фамилия',
        email: 'E-mail',
        status: 'Статус',
        company: 'Компания',
        position: 'Должность',
        industry: 'Отрасль',
        city: 'Город',
        labor_market: 'Рынок труда',
        native_language: 'Родной язык',
        updated_at: 'Обновлён',
        q: 'Поиск',
      },
      statuses: { global: 'Все школы', local: 'Только школа', off: 'Выключен' },
      labor: { looking_job: 'Ищет работу', looking_employee: 'Ищет сотрудников', is_hire: 'Нанимает', is_owner: 'Владелец бизнеса' },
      industries: {
        it: 'ИТ',
        finance: 'Финансы',
        consulting: 'Консалтинг',
        manufacturing: 'Производство',
        retail: 'Торговля',
        education: 'Образование',
        healthcare: 'Здравоохранение',
        energy: 'Энергетика',
        logistics: 'Логистика',
        media: 'Медиа',
        government: 'Госсектор',
        other: 'Другое',
      },
      excel: 'Выгрузить в Excel',
      open: 'Открыть страницу участника',
      empty: 'Участников нет',
    },
  },
} satisfies MessageTree;
