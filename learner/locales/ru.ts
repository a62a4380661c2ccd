/**
 * Learner portal texts, Russian (default and fallback): what the entry carries, i.e. the sign-in screens, the
 * signed-in shell (navigation, titles, welcome) and the course pages. The other pages' texts are in ru.pages.ts, a
 * chunk loaded with the first page that needs them (`loadPageTexts` in ../i18n.ts).
 */
export const ru = {
  product: 'Campus LMS',
  loading: 'Загрузка…',
  retry: 'Повторить',
  save: 'Сохранить',
  saved: 'Сохранено',
  cancel: 'Отмена',
  close: 'Закрыть',
  back: 'Назад',
  empty: 'Здесь пока ничего нет',
  nav: {
    abranch: 'Развитие',
    courses: 'Мои курсы',
    courses_done: 'Завершённые',
    score: 'Оценки',
    calendar: 'Календарь',
    news: 'Новости',
    documents: 'Документы',
    upload: 'Загрузка документов',
    payment: 'Оплата',
    profile: 'Профиль',
    curator_news: 'Новости кураторов',
    logout: 'Выйти',
    menu: 'Меню',
    admin: 'Панель управления',
    market: 'Маркетплейс',
    my_lms: 'Моё обучение',
    networking: 'Нетворкинг',
    networking_curator: 'Нетворкинг (куратор)',
  },
  // the titles of the first screens; the other pages' are in ru.pages.ts
  titles: {
    auth: 'Вход',
    reset: 'Восстановление пароля',
    courses: 'Мои курсы',
    courses_done: 'Завершённые курсы',
    not_found: 'Страница не найдена',
  },
  // the footer's (Layouts.tsx); the school's other texts are in ru.pages.ts
  school: {
    social: 'Школа в сети',
    links: { site: 'Сайт школы', vk: 'ВКонтакте', telegram: 'Telegram', whatsapp: 'WhatsApp', youtube: 'YouTube', linkedin: 'LinkedIn', facebook: 'Facebook', instagram: 'Instagram' },
  },
  section_empty: 'В этом разделе пока нет материалов.',
  lang: { label: 'Язык', ru: 'Русский', en: 'English' },
  theme: { label: 'Тема', light: 'Светлая', dark: 'Тёмная' },
  auth: {
    title: 'Вход в личный кабинет',
    username: 'Логин или e-mail',
    password: 'Пароль',
    remember: 'Запомнить меня',
    submit: 'Войти',
    register: {
      title: 'Регистрация',
      hint: 'Создайте учётную запись студента этой школы.',
      confirm: 'Повторите пароль',
      submit: 'Зарегистрироваться',
      mismatch: 'Пароли не совпадают',
      no_account: 'Нет учётной записи?',
      open: 'Зарегистрироваться',
    },
    forgot: 'Забыли пароль?',
    reset_title: 'Восстановление пароля',
    reset_hint: 'Укажите e-mail — мы пришлём ссылку для смены пароля.',
    email: 'E-mail',
    send_link: 'Отправить ссылку',
    link_sent: 'Ссылка отправлена. Проверьте почту.',
    to_login: 'Вернуться ко входу',
    new_password: 'Новый пароль',
    confirm_password: 'Повторите пароль',
    set_password: 'Сохранить пароль',
    password_set: 'Пароль изменён. Войдите с новым паролем.',
  },
  not_found: { title: 'Страница не найдена', text: 'Этой страницы больше не существует. Попробуйте позже или вернитесь назад.', home: 'На главную' },
  demo: { bar: 'Демо-режим: вы действуете как {{name}}', leave: 'Вернуться в свой аккаунт' },

  // the sign-up form's; the profile's others are in ru.pages.ts
  fields: {
    name: 'Имя',
    surname: 'Фамилия',
    login: 'Логин',
  },
  // the course list's; a course's own are in ru.pages.ts
  courses: {
    progress: { not_started: 'Не начат', in_process: 'В процессе', done: 'Пройден' },
    passed: 'Зачтено',
    not_passed: 'Не зачтено',
    open: 'Открыть',
    items: '{{done}} из {{total}}',
    empty: 'Вы пока не записаны ни на один курс.',
    done_empty: 'Завершённых курсов пока нет.',
  },
};
export type Messages = typeof ru;
