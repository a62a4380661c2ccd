import type { MessageTree } from '../../framework/types.ts';

/** Texts of the calendar screens. Same keys in both languages. */
export const ru: MessageTree = {
  resources: {
    calendar: {
      name: 'Событие календаря |||| Календарь',
      fields: { id: 'ID', title: 'Название', kind: 'Вид', program_id: 'Программа', program_title: 'Программа', starts_at: 'Начало', ends_at: 'Окончание', q: 'Поиск' },
    },
  },
  calendar: {
    kind: { consulting: 'Консультация', webinar: 'Вебинар' },
    whole_school: 'Вся школа',
    program_hint: 'Пусто — событие видят все студенты школы',
    datetime_placeholder: 'ДД.ММ.ГГГГ чч:мм',
  },
};

export const en: MessageTree = {
  resources: {
    calendar: {
      name: 'Calendar event |||| Calendar',
      fields: { id: 'ID', title: 'Title', kind: 'Kind', program_id: 'Program', program_title: 'Program', starts_at: 'Starts', ends_at: 'Ends', q: 'Search' },
    },
  },
  calendar: {
    kind: { consulting: 'Consulting session', webinar: 'Webinar' },
    whole_school: 'Whole school',
    program_hint: 'Empty: every student of the school sees the event',
    datetime_placeholder: 'DD.MM.YYYY hh:mm',
  },
};
