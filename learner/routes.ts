import type { Role } from '../common/auth/session.ts';
import type { AccessFlag } from './types.ts';

/** The portal's routes with the roles of the specification's route table. */
export interface RouteDef {
  path: string;
  title: string;
  /** Absent: any signed-in user. */
  roles?: Role[];
  flag?: AccessFlag;
  page: string;
}

const ALL_BUT_MODERATOR: Role[] = ['superadmin', 'admin', 'trainer', 'student'];
const LEARNING: Role[] = ['student', 'admin', 'superadmin', 'trainer'];

export const privateRoutes: RouteDef[] = [
  { path: '/profile', title: 'titles.profile', roles: ALL_BUT_MODERATOR, page: 'profile' },
  { path: '/courses/list', title: 'titles.courses', roles: ['student'], page: 'courses' },
  { path: '/courses/:id', title: 'titles.course', page: 'course' },
  { path: '/courses-done', title: 'titles.courses_done', page: 'courses_done' },
  { path: '/score', title: 'titles.score', roles: LEARNING, page: 'score' },
  { path: '/calendar', title: 'titles.calendar', roles: ['student', 'admin', 'superadmin', 'moderator'], page: 'calendar' },
  { path: '/payment', title: 'titles.payment', roles: LEARNING, flag: 'payment', page: 'payment' },
  { path: '/news', title: 'titles.news', roles: ALL_BUT_MODERATOR, page: 'news' },
  { path: '/news/:id', title: 'titles.news_item', page: 'news_item' },
  { path: '/content/info/:id', title: 'titles.content', roles: ['student', 'admin', 'superadmin'], page: 'content' },
  { path: '/documents', title: 'titles.documents', roles: LEARNING, page: 'documents' },
  { path: '/upload', title: 'titles.upload', roles: LEARNING, page: 'upload' },
  { path: '/quizzes/:id', title: 'titles.quiz', page: 'quiz' },
  { path: '/quizzes/:id/test', title: 'titles.quiz', page: 'quiz' },
  { path: '/quizzes/:id/end', title: 'titles.quiz', page: 'quiz' },
];

/** The navigation of the default layout. */
export const navItems: { to: string; label: string; roles?: Role[]; flag?: AccessFlag }[] = [
  { to: '/courses/list', label: 'nav.courses', roles: ['student'] },
  { to: '/courses-done', label: 'nav.courses_done', roles: ['student'] },
  { to: '/score', label: 'nav.score', roles: LEARNING },
  { to: '/calendar', label: 'nav.calendar', roles: ['student', 'admin', 'superadmin', 'moderator'] },
  { to: '/news', label: 'nav.news', roles: ALL_BUT_MODERATOR },
  { to: '/documents', label: 'nav.documents', roles: LEARNING },
  { to: '/upload', label: 'nav.upload', roles: LEARNING },
  { to: '/payment', label: 'nav.payment', roles: LEARNING, flag: 'payment' },
  { to: '/profile', label: 'nav.profile', roles: ALL_BUT_MODERATOR },
];
