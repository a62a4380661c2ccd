import type { FastifyPluginAsync } from 'fastify';
import accounts from './accounts/index.ts';
import access from './access/index.ts';
import info from './info/index.ts';
import adminUsers from './admin-users/index.ts';
import programs from './programs/index.ts';
import quizzes from './quizzes/index.ts';
import news from './news/index.ts';
import documents from './documents/index.ts';
import projects from './projects/index.ts';
import payments from './payments/index.ts';
import school from './school/index.ts';
import rating from './rating/index.ts';
import groupsModule from './groups/index.ts';
import pricesModule from './prices/index.ts';
import quizAdmin from './quiz-admin/index.ts';
import paymentsAdmin from './payments-admin/index.ts';

/** Every module of the API, one Fastify plugin each, registered in this order. */
export const modules: FastifyPluginAsync[] = [accounts, access, info, adminUsers, programs, quizzes, news, documents, projects, payments, school, rating, groupsModule, pricesModule, quizAdmin, paymentsAdmin];
