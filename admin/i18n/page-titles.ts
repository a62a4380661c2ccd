/**
 * The create screens' titles (and the edit title of a record without a name), one per resource that has a create screen (react-admin reads
 * `resources.<name>.page.create` before its generic "Создать %{name}", which reads badly in Russian: "Создать
 * Пользователь"). Laid under `ru.ts` / `en.ts` as their `resources` key.
 */
export const pageTitlesRu = {
  calendar: { page: { create: 'Новое событие' } },
  companies: { page: { create: 'Новая компания' } },
  courses: { page: { create: 'Новая программа' } },
  'curator-news': { page: { create: 'Новая новость кураторов' } },
  diplomas: { page: { create: 'Новый диплом' } },
  documents: { page: { create: 'Новый документ' } },
  groups: { page: { create: 'Новая группа' } },
  abranch: { page: { create: 'Новая ветка развития' } },
  aprogram: { page: { create: 'Новая программа ветки' } },
  amodule: { page: { create: 'Новый модуль' } },
  achievement: { page: { create: 'Новое достижение' } },
  marketplace: { page: { create: 'Новое объявление маркетплейса' } },
  'market-wallets': { page: { create: 'Пополнение кошелька' } },
  'market-ads': { page: { create: 'Новая реклама' } },
  ltiTools: { page: { create: 'Новый инструмент LTI' } },
  media: { page: { create: 'Новый материал' } },
  news: { page: { create: 'Новая новость' } },
  payments: { page: { create: 'Новый график платежей' } },
  prices: { page: { create: 'Новая цена' } },
  quizzes: { page: { create: 'Новый тест' } },
  // a schedule has no name of its own: its number
  'report-schedules': { page: { create: 'Новая рассылка отчёта', edit: 'Рассылка отчёта №%{id}' } },
  reports: { page: { create: 'Новый отчёт' } },
  templates: { page: { create: 'Новый шаблон' } },
  users: { page: { create: 'Новый пользователь' } },
};

export const pageTitlesEn: typeof pageTitlesRu = {
  calendar: { page: { create: 'New event' } },
  companies: { page: { create: 'New company' } },
  courses: { page: { create: 'New program' } },
  'curator-news': { page: { create: 'New curator news' } },
  diplomas: { page: { create: 'New diploma' } },
  documents: { page: { create: 'New document' } },
  groups: { page: { create: 'New group' } },
  abranch: { page: { create: 'New branch' } },
  aprogram: { page: { create: 'New branch program' } },
  amodule: { page: { create: 'New module' } },
  achievement: { page: { create: 'New achievement' } },
  marketplace: { page: { create: 'New marketplace listing' } },
  'market-wallets': { page: { create: 'Wallet top-up' } },
  'market-ads': { page: { create: 'New ad' } },
  ltiTools: { page: { create: 'New LTI tool' } },
  media: { page: { create: 'New material' } },
  news: { page: { create: 'New news item' } },
  payments: { page: { create: 'New payment schedule' } },
  prices: { page: { create: 'New price' } },
  quizzes: { page: { create: 'New quiz' } },
  'report-schedules': { page: { create: 'New report mailing', edit: 'Report mailing no. %{id}' } },
  reports: { page: { create: 'New report' } },
  templates: { page: { create: 'New template' } },
  users: { page: { create: 'New user' } },
};

/** The back office's own texts with the create titles laid into their `resources` (a resource's other texts kept). */
export function withPageTitles<T extends { resources: object }>(app: T, titles: typeof pageTitlesRu): T {
  const resources: Record<string, object> = { ...app.resources };
  for (const [name, t] of Object.entries(titles)) resources[name] = { ...resources[name], ...t };
  return { ...app, resources };
}
