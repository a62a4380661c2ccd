import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
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
