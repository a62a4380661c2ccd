import type { FastifyPluginAsync } from 'fastify';
import networkingModule from './networking/index.ts';
import accounts from './accounts/index.ts';
import settings from './settings/index.ts';
import info from './info/index.ts';
import adminUsers from './admin-users/index.ts';
import programs from './programs/index.ts';
import quizzes from './quizzes/index.ts';
import news from './news/index.ts';
import documents from './documents/index.ts';
import projects from './projects/index.ts';
import payments from './payments/index.ts';
import rating from './rating/index.ts';
import groupsModule from './groups/index.ts';
import pricesModule from './prices/index.ts';
import scoresModule from './scores/index.ts';
import userExtras from './user-extras/index.ts';
import fileManager from './file-manager/index.ts';
import mailAdmin from './mail-admin/index.ts';
import companiesModule from './companies/index.ts';
import diplomasModule from './diplomas/index.ts';
import templatesModule from './templates/index.ts';
import reportsModule from './reports/index.ts';
import statisticsModule from './statistics/index.ts';
import actsModule from './acts/index.ts';
import reportExportModule from './report-export/index.ts';
import reportSchedulesModule from './report-schedules/index.ts';
import marketplaceModule from './marketplace/index.ts';
import calendarModule from './calendar/index.ts';
import lifelong from './lifelong/index.ts';
import ltiModule from './lti/index.ts';
import scormModule from './scorm/index.ts';

/** Every module of the API, one Fastify plugin each, registered in this order. */
export const modules: FastifyPluginAsync[] = [
  accounts,
  settings,
  info,
  adminUsers,
  programs,
  quizzes,
  news,
  documents,
  projects,
  payments,
  rating,
  groupsModule,
  pricesModule,
  userExtras,
  fileManager,
  mailAdmin,
  calendarModule,
  companiesModule,
  diplomasModule,
  templatesModule,
  scoresModule,
  reportsModule,
  statisticsModule,
  actsModule,
  reportExportModule,
  reportSchedulesModule,
];
// networking (issue 14): its own line so that the list above stays one line per change
modules.push(networkingModule);
// marketplace (issue 13)
modules.push(marketplaceModule);
// lifelong learning (issue 15)
modules.push(lifelong);
// LTI 1.3 tools inside programs (issue 33)
modules.push(ltiModule);
// SCORM packages as materials (issue 33)
modules.push(scormModule);
