import type { MessageTree } from '../../framework/types.ts';

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
