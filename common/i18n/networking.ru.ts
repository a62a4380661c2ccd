/**
 * Networking labels both apps show (issue 14): the portal's networking pages (learner/locales/networking.ts, in the
 * portal's lazy chunk of page texts) and the back office's curator list (admin/resources/networking-curator). One
 * wording of a profile field, a status, a labour-market status or an industry in both; English in networking.en.ts.
 */
export const networkingLabelsRu = {
  fields: {
    company: 'Компания',
    position: 'Должность',
    industry: 'Отрасль',
    city: 'Город',
    native_language: 'Родной язык',
    labor_market: 'Рынок труда',
  },
  /** Who sees the member (the API's values in brackets: curators and members speak of them so). */
  statuses: { global: 'Все школы', local: 'Только своя школа', off: 'Никто' },
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
};

/** The shape both languages have. */
export type NetworkingLabels = { [K in keyof typeof networkingLabelsRu]: { [L in keyof (typeof networkingLabelsRu)[K]]: string } };
