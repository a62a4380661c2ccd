import { errorsEn } from '../../common/i18n/errors.en.ts';
import { validationEn } from '../../common/validation/messages.en.ts';
import type { Catalogue } from './catalogue.ru.ts';
import { en } from './en.ts';
import { en as courses } from '../resources/courses/messages.en.ts';
import { en as quizzes } from '../resources/quizzes/messages.en.ts';
import { en as media } from '../resources/media/messages.en.ts';
import { en as videos } from '../resources/videos/messages.en.ts';
import { en as files } from '../resources/files/messages.en.ts';
import { en as users } from '../resources/users/messages.en.ts';
import { en as registers } from '../resources/registers/messages.en.ts';
import { en as groups } from '../resources/groups/messages.en.ts';
import { en as projects } from '../resources/projects/messages.en.ts';
import { en as scores } from '../resources/scores/messages.en.ts';
import { en as rating } from '../resources/rating/messages.en.ts';
import { en as statistics } from '../resources/statistics/messages.en.ts';
import { en as reports } from '../resources/reports/messages.en.ts';
import { en as reportSchedules } from '../resources/report-schedules/messages.en.ts';
import { en as news } from '../resources/news/messages.en.ts';
import { en as curatorNews } from '../resources/curator-news/messages.en.ts';
import { en as networkingCurator } from '../resources/networking-curator/messages.en.ts';
import { en as mail } from '../resources/mail/messages.en.ts';
import { en as calendar } from '../resources/calendar/messages.en.ts';
import { en as prices } from '../resources/prices/messages.en.ts';
import { en as payments } from '../resources/payments/messages.en.ts';
import { en as marketplace } from '../resources/marketplace/messages.en.ts';
import { en as companies } from '../resources/companies/messages.en.ts';
import { en as documents } from '../resources/documents/messages.en.ts';
import { en as diplomas } from '../resources/diplomas/messages.en.ts';
import { en as templates } from '../resources/templates/messages.en.ts';
import { en as lifelong } from '../resources/lifelong/messages.en.ts';
import { en as settings } from '../resources/settings/messages.en.ts';
import { en as demoAudit } from '../resources/demo-audit/messages.en.ts';

/** Every English text of the back office, the same keys as `catalogue.ru.ts` (a chunk loaded when English is used). */
export const catalogue: Catalogue = {
  ra: {},
  app: en,
  own: {
    courses,
    quizzes,
    media,
    videos,
    files,
    users,
    registers,
    groups,
    projects,
    scores,
    rating,
    statistics,
    reports,
    reportSchedules,
    news,
    curatorNews,
    networkingCurator,
    mail,
    calendar,
    prices,
    payments,
    marketplace,
    companies,
    documents,
    diplomas,
    templates,
    lifelong,
    settings,
    demoAudit,
  },
  errors: errorsEn,
  validation: validationEn,
};
