import russianMessages from 'ra-language-russian';
import type { ErrorTable } from '../../common/errors/wording.ts';
import { errorsRu } from '../../common/i18n/errors.ru.ts';
import { validationRu } from '../../common/validation/messages.ts';
import type { MessageTree } from '../framework/types.ts';
import { ru, type AdminMessages } from './ru.ts';
import { ru as courses } from '../resources/courses/messages.ru.ts';
import { ru as quizzes } from '../resources/quizzes/messages.ru.ts';
import { ru as media } from '../resources/media/messages.ru.ts';
import { ru as videos } from '../resources/videos/messages.ru.ts';
import { ru as files } from '../resources/files/messages.ru.ts';
import { ru as users } from '../resources/users/messages.ru.ts';
import { ru as registers } from '../resources/registers/messages.ru.ts';
import { ru as groups } from '../resources/groups/messages.ru.ts';
import { ru as projects } from '../resources/projects/messages.ru.ts';
import { ru as scores } from '../resources/scores/messages.ru.ts';
import { ru as rating } from '../resources/rating/messages.ru.ts';
import { ru as statistics } from '../resources/statistics/messages.ru.ts';
import { ru as reports } from '../resources/reports/messages.ru.ts';
import { ru as reportSchedules } from '../resources/report-schedules/messages.ru.ts';
import { ru as news } from '../resources/news/messages.ru.ts';
import { ru as curatorNews } from '../resources/curator-news/messages.ru.ts';
import { ru as networkingCurator } from '../resources/networking-curator/messages.ru.ts';
import { ru as mail } from '../resources/mail/messages.ru.ts';
import { ru as calendar } from '../resources/calendar/messages.ru.ts';
import { ru as prices } from '../resources/prices/messages.ru.ts';
import { ru as payments } from '../resources/payments/messages.ru.ts';
import { ru as marketplace } from '../resources/marketplace/messages.ru.ts';
import { ru as companies } from '../resources/companies/messages.ru.ts';
import { ru as documents } from '../resources/documents/messages.ru.ts';
import { ru as diplomas } from '../resources/diplomas/messages.ru.ts';
import { ru as templates } from '../resources/templates/messages.ru.ts';
import { ru as lifelong } from '../resources/lifelong/messages.ru.ts';
import { ru as settings } from '../resources/settings/messages.ru.ts';
import { ru as demoAudit } from '../resources/demo-audit/messages.ru.ts';

/**
 * Every Russian text of the back office: react-admin's, our own (`ru.ts`), each resource's (`messages.ru.ts`, in
 * menu order: later ones win on a shared key) and the error catalogue. A chunk of its own, loaded before the first
 * render when Russian is the language (admin/main.tsx), so that the English texts never load for a Russian user.
 */
export interface Catalogue {
  /** react-admin's own texts in this language (English ones are under every catalogue: providers/i18nProvider.ts). */
  ra: object;
  app: AdminMessages;
  /** Each resource module's texts: a resource with texts in one catalogue and not the other fails to compile. */
  own: Record<keyof typeof own, MessageTree>;
  errors: ErrorTable;
  /** The shared validation messages (`validation.*`) of the language. */
  validation: Record<string, string>;
}

const own = {
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
};

export const catalogue: Catalogue = { ra: russianMessages, app: ru, own, errors: errorsRu, validation: validationRu };
