import { userFieldLabelsRu } from '../../common/i18n/user-fields.ru.ts';

/**
 * Russian texts of the pages past the first screens (profile, tests, documents, projects, scores, calendar,
 * payment, lifelong learning; the news' and the welcome's, the quiz's, networking's and marketplace's own texts are chunks of their own, loaded
 * with their pages: `loadSubjectTexts` in ../i18n.ts): a chunk loaded with the first of those pages
 * (`loadPageTexts` in ../i18n.ts), merged into the catalogue under the same keys.
 */
export const ruPages = {
  // the other pages' titles (the first screens' are in ru.ts)
  titles: {
    abranch: 'Развитие и достижения',
    credential: 'Удостоверение',
    profile: 'Профиль',
    course: 'Курс',
    score: 'Мои оценки',
    calendar: 'Календарь',
    news: 'Новости',
    documents: 'Документы',
    upload: 'Загрузка документов',
    payment: 'Оплата',
    content: 'Материал',
    quiz: 'Тест',
    curator_news: 'Новости кураторов',
    market: 'Маркетплейс программ',
    market_demo: 'Демо программы',
    market_item: 'Программа на маркетплейсе',
    my_lms: 'Моё обучение (купленные программы)',
    found_cheaper: 'Нашли дешевле',
    market_handoff: 'Переход в школу',
    networking: 'Нетворкинг',
    networking_member: 'Участник нетворкинга',
    networking_curator: 'Нетворкинг: участники школы',
  },
  scorm: {
    start: 'Начать',
    resume: 'Продолжить',
    close: 'Закрыть',
    new_attempt: 'Новая попытка',
    score: 'Балл: {{score}}',
    score_of: 'Балл: {{score}} из {{max}}',
    status: { todo: 'Не начато', incomplete: 'Начато', completed: 'Завершено', passed: 'Зачтено', failed: 'Не зачтено' },
  },
  content: { download: 'Скачать файл', open_link: 'Открыть ссылку', no_video: 'Ваш браузер не может воспроизвести это видео.' },
  lti: {
    tool: 'Инструмент: {{name}}',
    open: 'Открыть',
    new_window: 'Инструмент откроется в новом окне.',
    no_grade: 'Оценки от инструмента пока нет.',
    grade: 'Оценка: {{score}} из {{max}} ({{percent}}%)',
    progress: 'Оценка: {{progress}}',
    grading: { FullyGraded: 'выставлена', Pending: 'ожидается', PendingManual: 'проверяется вручную', Failed: 'не выставлена', NotReady: 'ещё не готова' },
  },
  roles: { superadmin: 'Главный администратор', admin: 'Администратор', moderator: 'Куратор', trainer: 'Тренер', student: 'Студент' },
  // the file buttons' and the payment page's terms (the footer's are in ru.ts)
  school: {
    files: { choose: 'Выбрать файл', choose_many: 'Выбрать файлы', none: 'Файл не выбран', chosen: 'Выбрано: {{names}}' },
    terms: 'Условия обучения',
    durations: 'Срок обучения по форматам',
    duration: '{{format}}: {{months}} мес.',
    instalments: 'Рассрочка платежей: на {{list}} мес.',
    formats: { 'full-time': 'Очно', blended: 'Смешанный формат', online: 'Онлайн' },
  },
  // a course's and its tests' (the course list's are in ru.ts)
  // the profile's fields (the sign-up form's three are in ru.ts)
  fields: {
    patronymic: 'Отчество',
    name_latin: 'Имя латиницей',
    surname_latin: 'Фамилия латиницей',
    name_en: 'Имя (англ.)',
    surname_en: 'Фамилия (англ.)',
    email: 'E-mail',
    sex: 'Пол',
    male: 'Мужской',
    female: 'Женский',
    birthday_date: 'Дата рождения',
    phone: 'Телефон',
    citizenship: 'Гражданство',
    country_id: 'Страна',
    city_id: 'Город',
    ...userFieldLabelsRu,
  },
  profile: {
    personal: 'Личные данные',
    address: 'Адрес',
    passport: 'Паспорт',
    work: 'Работа и интересы',
    avatar: 'Фото',
    upload_avatar: 'Загрузить фото',
    uploading: 'Загрузка: {{p}}%',
    password: 'Смена пароля',
    old_password: 'Текущий пароль',
    change_password: 'Сменить пароль',
    password_changed: 'Пароль изменён',
    choose: '— не выбрано —',
    date_placeholder: 'ДД.ММ.ГГГГ',
    role: 'Роль',
    last_login: 'Последний вход',
  },
};
export type PageMessages = typeof ruPages;
