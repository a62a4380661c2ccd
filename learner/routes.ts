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
/** The marketplace's buyers (the server's BUYERS): browse, buy, My LMS, the wallet, "found cheaper". */
const MARKET: Role[] = ['student', 'admin', 'superadmin'];

export const privateRoutes: RouteDef[] = [
  { path: '/profile', title: 'titles.profile', roles: ALL_BUT_MODERATOR, page: 'profile' },
  { path: '/courses/list', title: 'titles.courses', roles: ['student'], page: 'courses' },
  { path: '/courses/:id', title: 'titles.course', page: 'course' },
  { path: '/courses-done', title: 'titles.courses_done', page: 'courses_done' },
  { path: '/score', title: 'titles.score', roles: LEARNING, page: 'score' },
  { path: '/calendar', title: 'titles.calendar', roles: ['student', 'admin', 'superadmin', 'moderator'], page: 'calendar' },
  // the specification's additional screen calendar/admin (student, admin, superadmin, moderator): the same calendar
  { path: '/calendar/admin', title: 'titles.calendar', roles: ['student', 'admin', 'superadmin', 'moderator'], page: 'calendar' },
  { path: '/payment', title: 'titles.payment', roles: LEARNING, flag: 'payment', page: 'payment' },
  { path: '/news', title: 'titles.news', roles: ALL_BUT_MODERATOR, page: 'news' },
  // a static segment outranks /news/:id: "curator" is never read as a news id
  { path: '/news/curator', title: 'titles.curator_news', roles: ['moderator'], page: 'curator_news' },
  { path: '/news/:id', title: 'titles.news_item', page: 'news_item' },
  // networking (flag networking): static segments outrank /networking/:domain/:id
  { path: '/networking', title: 'titles.networking', roles: ALL_BUT_MODERATOR, flag: 'networking', page: 'networking' },
  { path: '/networking/curator', title: 'titles.networking_curator', roles: ['moderator'], flag: 'networking', page: 'networking_curator' },
  { path: '/networking/curator/:domain/:id', title: 'titles.networking_member', roles: ['moderator'], flag: 'networking', page: 'networking_curator_member' },
  { path: '/networking/:domain/:id', title: 'titles.networking_member', roles: ALL_BUT_MODERATOR, flag: 'networking', page: 'networking_member' },
  { path: '/content/info/:id', title: 'titles.content', roles: ['student', 'admin', 'superadmin'], page: 'content' },
  { path: '/documents', title: 'titles.documents', roles: LEARNING, page: 'documents' },
  { path: '/upload', title: 'titles.upload', roles: LEARNING, page: 'upload' },
  { path: '/quizzes/:id', title: 'titles.quiz', page: 'quiz' },
  { path: '/quizzes/:id/test', title: 'titles.quiz', page: 'quiz' },
  { path: '/quizzes/:id/end', title: 'titles.quiz', page: 'quiz' },
  { path: '/abranch/list', title: 'titles.abranch', flag: 'lifelong_learning', page: 'abranch' },
  { path: '/abranch/:id', title: 'titles.abranch', roles: ['admin', 'superadmin', 'student'], flag: 'lifelong_learning', page: 'abranch' },
  // marketplace (issue 13): a static segment outranks /marketplace/:id
  { path: '/marketplace', title: 'titles.market', roles: MARKET, page: 'marketplace' },
  // the specification's route table: marketplace, found_cheaper, {id}, {id}/demo and My LMS for students, admins, superadmins
  { path: '/marketplace/found_cheaper', title: 'titles.found_cheaper', roles: MARKET, page: 'marketplace_found_cheaper' },
  { path: '/marketplace/:id', title: 'titles.market_item', roles: MARKET, page: 'marketplace_item' },
  { path: '/marketplace/:id/demo', title: 'titles.market_demo', roles: MARKET, page: 'marketplace_demo' },
  { path: '/my_lms', title: 'titles.my_lms', roles: MARKET, page: 'my_lms' },
];

/** The navigation of the default layout. */
export const navItems: { to: string; label: string; roles?: Role[]; flag?: AccessFlag }[] = [
  { to: '/courses/list', label: 'nav.courses', roles: ['student'] },
  { to: '/courses-done', label: 'nav.courses_done', roles: ['student'] },
  { to: '/score', label: 'nav.score', roles: LEARNING },
  { to: '/calendar', label: 'nav.calendar', roles: ['student', 'admin', 'superadmin', 'moderator'] },
  { to: '/news', label: 'nav.news', roles: ALL_BUT_MODERATOR },
  { to: '/news/curator', label: 'nav.curator_news', roles: ['moderator'] },
  { to: '/networking', label: 'nav.networking', roles: ALL_BUT_MODERATOR, flag: 'networking' },
  { to: '/networking/curator', label: 'nav.networking_curator', roles: ['moderator'], flag: 'networking' },
  { to: '/documents', label: 'nav.documents', roles: LEARNING },
  { to: '/upload', label: 'nav.upload', roles: LEARNING },
  { to: '/payment', label: 'nav.payment', roles: LEARNING, flag: 'payment' },
  { to: '/abranch/list', label: 'nav.abranch', flag: 'lifelong_learning' },
  { to: '/marketplace', label: 'nav.market', roles: MARKET },
  { to: '/my_lms', label: 'nav.my_lms', roles: MARKET },
  { to: '/profile', label: 'nav.profile', roles: ALL_BUT_MODERATOR },
];
