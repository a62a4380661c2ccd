/**
 * The news pages' and the first-visit welcome's texts (pages/News.tsx, pages/Welcome.tsx), both languages: a student's
 * first landing is the required news with the welcome (issue 28 item 6), so these are not in the page texts
 * (ru.pages.ts) that the other pages load; `loadSubjectTexts('news')` in ../i18n.ts loads them beside those two pages,
 * and the build puts them in the news page's own chunk (vite.learner.config.ts): one answer for that landing.
 */
export const newsRu = {
  welcome: {
    title: 'Добро пожаловать, {{name}}!',
    text: 'Здесь ваши курсы, тесты, проекты и документы. Заполните профиль, чтобы кураторы могли с вами связаться.',
    start: 'Начать',
    roles: {
      moderator: 'Здесь новости кураторов и календарь школы. Пользователи, группы, рассылки и события календаря — в панели управления.',
      admin: 'Здесь портал глазами слушателя: курсы, оценки, календарь и новости. Управление школой — в панели управления.',
      superadmin: 'Здесь портал глазами слушателя: курсы, оценки, календарь и новости. Управление школой — в панели управления.',
      trainer: 'Здесь портал глазами слушателя: курсы и оценки. Проекты на проверку ждут вас в панели управления.',
    },
  },
  titles: { news_item: 'Новость', news: 'Новости', curator_news: 'Новости кураторов' },
  news: {
    required: 'Обязательная',
    read: 'Прочитано',
    mark_read: 'Прочитано, продолжить',
    empty: 'Новостей пока нет.',
    must_read: 'Прочитайте обязательную новость, чтобы продолжить.',
    curator_empty: 'Новостей для кураторов пока нет.',
    readers: 'Прочитали: {{n}}',
  },
};

/** The English of `newsRu`: the type-check fails when a key is missing or added. */
export const newsEn: typeof newsRu = {
  welcome: {
    title: 'Welcome, {{name}}!',
    text: 'Your courses, quizzes, projects and documents are here. Fill in your profile so that curators can reach you.',
    start: 'Get started',
    roles: {
      moderator: 'Curator news and the school calendar are here. Users, groups, mailings and calendar events are in the control panel.',
      admin: 'This is the portal as students see it: courses, grades, calendar and news. The school is run from the control panel.',
      superadmin: 'This is the portal as students see it: courses, grades, calendar and news. The school is run from the control panel.',
      trainer: 'This is the portal as students see it: courses and grades. Projects to review are waiting in the control panel.',
    },
  },
  titles: { news_item: 'News item', news: 'News', curator_news: 'Curator news' },
  news: {
    required: 'Required',
    read: 'Read',
    mark_read: 'I have read it, continue',
    empty: 'No news yet.',
    must_read: 'Read the required news item to continue.',
    curator_empty: 'No news for curators yet.',
    readers: 'Read by: {{n}}',
  },
};
