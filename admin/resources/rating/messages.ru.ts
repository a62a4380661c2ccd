import type { MessageTree, Messages } from '../../framework/types.ts';

/** Texts of the rating screen. Same keys in both languages. */
export const ru = {
  resources: {
    rating: {
      name: 'Рейтинг |||| Рейтинг',
      fields: {
        place: 'Место',
        name: 'Студент',
        points: 'Баллы',
        quiz_points: 'За тесты',
        project_points: 'За проекты',
        social_activity: 'Соц. активность (в мес., 3 мес.)',
        webinar_points: 'Вебинары (3 мес.)',
      },
    },
  },
  rating: {
    month: 'Месяц',
    period: 'Период',
    periods: { all: 'За всё время', year: 'Год', quarter: 'Квартал', month: 'Месяц', week: 'Неделя', yesterday: 'Вчера', calendar: 'Год и месяц календаря' },
    year: 'Год',
    all_time: 'За всё время',
    whole_year: 'Весь год',
    empty: 'В школе нет студентов',
    off: 'Раздел «Рейтинг» выключен в настройках доступа школы',
    months: { 1: 'Январь', 2: 'Февраль', 3: 'Март', 4: 'Апрель', 5: 'Май', 6: 'Июнь', 7: 'Июль', 8: 'Август', 9: 'Сентябрь', 10: 'Октябрь', 11: 'Ноябрь', 12: 'Декабрь' },
  },
} satisfies MessageTree;

export const en = {
  resources: {
    rating: {
      name: 'Rating |||| Rating',
      fields: {
        place: 'Place',
        name: 'Student',
        points: 'Points',
        quiz_points: 'Quizzes',
        project_points: 'Projects',
        social_activity: 'Social activity (per month, 3 months)',
        webinar_points: 'Webinars (3 months)',
      },
    },
  },
  rating: {
    month: 'Month',
    period: 'Period',
    periods: { all: 'All time', year: 'Year', quarter: 'Quarter', month: 'Month', week: 'Week', yesterday: 'Yesterday', calendar: 'Calendar year and month' },
    year: 'Year',
    all_time: 'All time',
    whole_year: 'Whole year',
    empty: 'The school has no students',
    off: "The Rating section is switched off in the school's access settings",
    months: { 1: 'January', 2: 'February', 3: 'March', 4: 'April', 5: 'May', 6: 'June', 7: 'July', 8: 'August', 9: 'September', 10: 'October', 11: 'November', 12: 'December' },
  },
} satisfies Messages<typeof ru>;
