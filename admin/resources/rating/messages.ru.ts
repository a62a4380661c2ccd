import type { MessageTree } from '../../framework/types.ts';

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
