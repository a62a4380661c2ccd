import type { ResourceConfig } from '../framework/types.ts';
import { networkingCurator } from './networking-curator/index.ts';
import { courses } from './courses/index.ts';
import { users } from './users/index.ts';
import { registers } from './registers/index.ts';
import { projects } from './projects/index.ts';
import { scores } from './scores/index.ts';
import { rating } from './rating/index.ts';
import { groups } from './groups/index.ts';
import { news } from './news/index.ts';
import { demoAudit } from './demo-audit/index.ts';
import { prices } from './prices/index.ts';
import { quizzes } from './quizzes/index.ts';
import { payments } from './payments/index.ts';
import { media } from './media/index.ts';
import { videos } from './videos/index.ts';
import { files } from './files/index.ts';
import { settings } from './settings/index.ts';
import { mail } from './mail/index.ts';
import { calendar } from './calendar/index.ts';
import { curatorNews } from './curator-news/index.ts';
import { companies } from './companies/index.ts';
import { documents } from './documents/index.ts';
import { diplomas } from './diplomas/index.ts';
import { templates } from './templates/index.ts';
import { marketAds, marketFoundCheaper, marketInvoices, marketLearners, marketWallets, marketplace } from './marketplace/index.ts';
import { statistics } from './statistics/index.ts';
import { reports } from './reports/index.ts';
import { reportSchedules } from './report-schedules/index.ts';
import { abranch, achievement, amodule, aprogram } from './lifelong/index.ts';

/** Every resource of the back office, in menu order. Adding a resource = one configuration module + one line here. */
export const resources: ResourceConfig[] = [
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
  news,
  curatorNews,
  mail,
  calendar,
  prices,
  payments,
  companies,
  documents,
  diplomas,
  templates,
  abranch,
  aprogram,
  amodule,
  achievement,
  settings,
  demoAudit,
];
// marketplace (issue 13), after payments in the menu
resources.splice(resources.indexOf(payments) + 1, 0, marketplace, marketAds, marketLearners, marketInvoices, marketWallets, marketFoundCheaper);
// reports (issue 12), after statistics in the menu
resources.splice(resources.indexOf(statistics) + 1, 0, reports);
// scheduled reports (issue 12 part B), after the reports
resources.splice(resources.indexOf(reports) + 1, 0, reportSchedules);
// networking for curators (issue 14, flag networking): after the curators' news in the menu
resources.splice(resources.indexOf(curatorNews) + 1, 0, networkingCurator);
