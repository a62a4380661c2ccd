import type { MessageTree, Messages } from '../../framework/types.ts';

/** Texts of the calendar screens; the English catalogue must name exactly the Russian keys (a missing one fails to compile). */
export const ru = {
  resources: {
    calendar: {
      name: 'Событие календаря |||| Календарь',
      fields: { id: 'ID', title: 'Название', kind: 'Вид', program_id: 'Программа', program_title: 'Программа', starts_at: 'Начало', ends_at: 'Окончание', from: 'С даты', to: 'По дату', q: 'Поиск' },
    },
  },
  calendar: {
    kind: { consulting: 'Консультация', webinar: 'Вебинар' },
    whole_school: 'Вся школа',
    program_hint: 'Пусто — событие видят все студенты школы',
  },
} satisfies MessageTree;

export const en = {
  resources: {
    calendar: {
      name: 'Calendar event |||| Calendar',
      fields: { id: 'ID', title: 'Title', kind: 'Kind', program_id: 'Program', program_title: 'Program', starts_at: 'Starts', ends_at: 'Ends', from: 'From', to: 'To', q: 'Search' },
    },
  },
  calendar: {
    kind: { consulting: 'Consulting session', webinar: 'Webinar' },
    whole_school: 'Whole school',
    program_hint: 'Empty: every student of the school sees the event',
  },
} satisfies Messages<typeof ru>;
