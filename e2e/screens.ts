import { expect, type Page } from '@playwright/test';
import { API, apiCall, apiToken, passIntroductions, signIn, web } from './support.ts';

/**
 * Every screen of both apps as data, walked by e2e/phones.spec.ts (the portal at 360 × 740) and
 * e2e/accessibility.spec.ts (axe-core, both themes, both apps; the light theme at 1366 px and the dark at 360 px: no
 * sideways scroll, e2e/widths.ts). A new screen is one line here and every check covers it.
 *
 * NEW SCREENS (reports, marketplace, networking, lifelong learning, calendar, …): add your portal pages to
 * PORTAL_SCREENS and your back-office resources to ADMIN_SCREENS, then run both specs. See docs/accessibility.md.
 */

/** Ids of the demo seed the screens need, read through the API as the demo student. */
export interface Ids {
  program: number;
  material: Record<'video' | 'text' | 'pdf' | 'link' | 'project', number>;
  exam: number;
  poll: number;
  news: number;
  /** A marketplace program, a networking member (as a student and as the curator sees one), a lifelong-learning branch. */
  market: number;
  member: { domain: string; id: number };
  curatorMember: number;
  branch: number;
}

export interface PortalScreen {
  name: string;
  /** Who sees it: the demo user signed in (null: signed out). */
  role: 'student' | 'moderator' | null;
  path: (ids: Ids) => string;
  /** After the page is shown: what a user does to reach the state checked (start an attempt, …). */
  then?: (page: Page) => Promise<void>;
}

/** The portal (learner/routes.ts and the public pages), in visiting order per role. */
export const PORTAL_SCREENS: PortalScreen[] = [
  { name: 'my courses', role: 'student', path: () => '/courses/list' },
  { name: 'program', role: 'student', path: (i) => `/courses/${i.program}` },
  { name: 'finished courses', role: 'student', path: () => '/courses-done' },
  { name: 'material: video', role: 'student', path: (i) => `/content/info/${i.material.video}` },
  { name: 'material: text', role: 'student', path: (i) => `/content/info/${i.material.text}` },
  { name: 'material: pdf', role: 'student', path: (i) => `/content/info/${i.material.pdf}` },
  { name: 'material: link', role: 'student', path: (i) => `/content/info/${i.material.link}` },
  { name: 'material: project', role: 'student', path: (i) => `/content/info/${i.material.project}` },
  { name: 'quiz start', role: 'student', path: (i) => `/quizzes/${i.exam}` },
  { name: 'quiz attempt', role: 'student', path: (i) => `/quizzes/${i.poll}`, then: startPoll },
  { name: 'quiz result', role: 'student', path: (i) => `/quizzes/${i.poll}/test`, then: finishPoll },
  { name: 'grades', role: 'student', path: () => '/score' },
  { name: 'calendar', role: 'student', path: () => '/calendar' },
  { name: 'calendar (admin route)', role: 'student', path: () => '/calendar/admin' },
  { name: 'payments', role: 'student', path: () => '/payment' },
  { name: 'news', role: 'student', path: () => '/news' },
  { name: 'news item', role: 'student', path: (i) => `/news/${i.news}` },
  { name: 'documents', role: 'student', path: () => '/documents' },
  { name: 'upload documents', role: 'student', path: () => '/upload' },
  { name: 'profile', role: 'student', path: () => '/profile' },
  { name: 'page not found', role: 'student', path: () => '/no-such-page' },
  { name: 'networking', role: 'student', path: () => '/networking' },
  { name: 'lifelong learning', role: 'student', path: () => '/abranch/list' },
  { name: 'marketplace', role: 'student', path: () => '/marketplace' },
  { name: 'my other schools', role: 'student', path: () => '/my_lms' },
  { name: 'marketplace program', role: 'student', path: (i) => `/marketplace/${i.market}` },
  { name: 'marketplace program demo', role: 'student', path: (i) => `/marketplace/${i.market}/demo` },
  { name: 'found it cheaper', role: 'student', path: (i) => `/marketplace/found_cheaper?program=${i.market}` },
  { name: 'networking member', role: 'student', path: (i) => `/networking/${i.member.domain}/${i.member.id}` },
  { name: 'lifelong branch', role: 'student', path: (i) => `/abranch/${i.branch}` },
  { name: 'curator news', role: 'moderator', path: () => '/news/curator' },
  { name: 'calendar (curator)', role: 'moderator', path: () => '/calendar' },
  { name: 'networking (curator)', role: 'moderator', path: () => '/networking/curator' },
  { name: 'networking member (curator)', role: 'moderator', path: (i) => `/networking/curator/demo/${i.curatorMember}` },
  { name: 'sign-in', role: null, path: () => '/auth' },
  { name: 'new password', role: null, path: () => '/reset_password/not-a-real-token' },
  // ↑ add new portal screens here (one line each)
];

/** Back-office screens of a resource (a folder of admin/resources/): its list, its create screen, an edit screen. */
export interface AdminScreen {
  resource: string;
  /** Who may open it (the resource's roles): the demo admin unless only curators may. */
  role: 'admin' | 'moderator';
  create?: boolean;
  /**
   * The edit screen: the API list whose first row's edit screen is opened, or a function that finds the id with the
   * role's token where no list fits (absent: the resource has no edit screen).
   */
  edit?: string | ((token: string) => Promise<number | undefined>);
  /** More screens of the resource at their own addresses (a report's result, a folder of the file manager). */
  more?: { name: string; path: (token: string) => Promise<string> }[];
}

export const ADMIN_SCREENS: AdminScreen[] = [
  { resource: 'courses', role: 'admin', create: true, edit: '/admin/program' },
  { resource: 'quizzes', role: 'admin', create: true, edit: '/admin/quiz' },
  { resource: 'media', role: 'admin', create: true, edit: '/admin/media' },
  { resource: 'ltiTools', role: 'admin', create: true },
  { resource: 'videos', role: 'admin' },
  { resource: 'files', role: 'admin', edit: someFile, more: [{ name: 'folder', path: async (token) => `/files/folder/${await someFolder(token)}` }] },
  { resource: 'users', role: 'admin', create: true, edit: '/admin/user' },
  { resource: 'registers', role: 'admin' },
  { resource: 'groups', role: 'admin', create: true, edit: '/admin/group' },
  { resource: 'projects', role: 'admin', edit: '/admin/submittedProject' },
  { resource: 'scores', role: 'admin', edit: '/admin/score' },
  { resource: 'rating', role: 'admin' },
  { resource: 'news', role: 'admin', create: true, edit: '/admin/news' },
  { resource: 'mail', role: 'admin' },
  { resource: 'calendar', role: 'admin', create: true, edit: '/admin/calendar' },
  { resource: 'prices', role: 'admin', create: true, edit: '/admin/price' },
  { resource: 'payments', role: 'admin', create: true, edit: '/admin/payment' },
  { resource: 'companies', role: 'admin', create: true, edit: '/admin/company' },
  { resource: 'documents', role: 'admin', create: true, edit: '/admin/document' },
  { resource: 'diplomas', role: 'admin', create: true, edit: '/admin/diploma' },
  { resource: 'templates', role: 'admin', create: true, edit: '/admin/template' },
  { resource: 'number_registers', role: 'admin' },
  { resource: 'settings', role: 'admin' },
  { resource: 'demo-audit', role: 'admin' },
  // reports, marketplace, lifelong learning, networking: each list, create and edit screen (an edit screen is listed
  // where it is a screen of its own: a custom one, or a generic form no create screen here already shows)
  { resource: 'statistics', role: 'admin' },
  { resource: 'reports', role: 'admin', create: true, edit: '/admin/reports', more: [{ name: 'result', path: async (token) => `/reports/${await firstId('/admin/reports', token)}/view` }] },
  { resource: 'report-schedules', role: 'admin', create: true },
  { resource: 'abranch', role: 'admin', create: true, edit: '/admin/abranch' },
  { resource: 'aprogram', role: 'admin', edit: '/admin/aprogram' },
  { resource: 'amodule', role: 'admin', edit: '/admin/amodule' },
  { resource: 'achievement', role: 'admin', edit: '/admin/achievement' },
  { resource: 'marketplace', role: 'admin', create: true, edit: '/admin/marketplace/listing' },
  { resource: 'market-ads', role: 'admin', create: true, edit: '/admin/marketplace/ad' },
  { resource: 'market-learners', role: 'admin' },
  { resource: 'market-invoices', role: 'admin' },
  { resource: 'market-wallets', role: 'admin' },
  { resource: 'market-found-cheaper', role: 'admin', edit: '/admin/marketplace/found_cheaper' },
  { resource: 'curator-news', role: 'moderator', create: true, edit: '/admin/news/curator' },
  { resource: 'networking-curator', role: 'moderator' },
  // ↑ add new back-office resources here (one line each)
];

/** The ids of the demo seed, read as the demo student (the strategy program has one material of each kind). */
export async function demoIds(): Promise<Ids> {
  const token = await apiToken('student');
  const programs = (await apiCall('/api/program?per_page=100', token)).body.data as { id: number; title: string }[];
  const byTitle = (t: string) => programs.find((p) => p.title === t)!.id;
  type Program = { chapters: { media: { id: number; kind: string }[]; quizzes: { id: number; kind: string }[] }[] };
  const strategy = (await apiCall(`/api/program/${byTitle('Стратегический менеджмент')}`, token)).body.data as Program;
  const finance = (await apiCall(`/api/program/${byTitle('Финансы для руководителей')}`, token)).body.data as Program;
  const media = strategy.chapters.flatMap((c) => c.media);
  const quizzes = [...strategy.chapters, ...finance.chapters].flatMap((c) => c.quizzes);
  const kind = (k: string) => media.find((m) => m.kind === k)!.id;
  const news = (await apiCall('/api/news?per_page=1', token)).body.data as { id: number }[];
  const market = (await apiCall('/api/marketplace/program?per_page=1', token)).body.data as { id: number }[];
  const members = (await apiCall('/api/search/networking?per_page=1', token)).body.data as { id: number; domain: string }[];
  const branches = (await apiCall('/api/abranch', token)).body.data as { id: number }[];
  const curatorMembers = (await apiCall('/admin/networking/curator?per_page=1', await apiToken('moderator'))).body.data as { id: number }[];
  return {
    program: byTitle('Стратегический менеджмент'),
    material: { video: kind('video'), text: kind('text'), pdf: kind('pdf'), link: kind('link'), project: kind('project') },
    exam: quizzes.find((q) => q.kind === 'exam')!.id,
    poll: quizzes.find((q) => q.kind === 'poll')!.id,
    news: news[0].id,
    market: market[0].id,
    member: { domain: members[0].domain, id: members[0].id },
    curatorMember: curatorMembers[0].id,
    branch: branches[0].id,
  };
}

/** The id of the first row of an API list. */
async function firstId(list: string, token: string) {
  return ((await apiCall(`${list}${list.includes('?') ? '&' : '?'}per_page=1`, token)).body.data as { id: number }[])[0]?.id;
}

/** A file of the file manager (the demo seed has none: a small text file of the journey's own, made once per database). */
async function someFile(token: string) {
  const found = (await apiCall(`/admin/file/search?q=${encodeURIComponent('доступность')}`, token)).body.data as { files: { id: number }[] };
  if (found.files[0]) return found.files[0].id;
  const form = new FormData();
  form.append('files[]', new Blob(['Проверка доступности'], { type: 'text/plain' }), 'доступность.txt');
  const res = await fetch(`${API}/admin/file`, { method: 'POST', headers: { domain: 'demo', authorization: `Bearer ${token}` }, body: form });
  return ((await res.json()) as { data: { id: number }[] }).data[0]?.id;
}

/** A folder other than the default one (made once per database when there is none). */
/** A folder's own address, `<id>/<name>`: the file manager puts the name after the id once the folder is shown. */
async function someFolder(token: string) {
  const folders = (await apiCall('/admin/file/folders', token)).body.data as { id: number; name: string; is_default: boolean }[];
  const folder =
    folders.find((f) => !f.is_default) ?? ((await apiCall('/admin/file/createFolder', token, { method: 'POST', body: { name: 'Доступность' } })).body.data as { id: number; name: string });
  return `${folder.id}/${encodeURIComponent(folder.name)}`;
}

/** The id of the first row of each back-office screen's `edit` list, read through the API as the screen's role. */
export async function editIds(screens: AdminScreen[]) {
  const tokens = new Map<string, string>();
  const ids = new Map<string, number | undefined>();
  for (const s of screens) {
    if (!s.edit) continue;
    if (!tokens.has(s.role)) tokens.set(s.role, await apiToken(s.role));
    const token = tokens.get(s.role)!;
    ids.set(s.resource, typeof s.edit === 'string' ? await firstId(s.edit, token) : await s.edit(token));
  }
  return ids;
}

/** The poll can be taken again and again: starting it leaves the demo data of the other journeys alone. */
async function startPoll(page: Page) {
  await page.getByTestId('quiz-start').click();
  await expect(page.getByTestId('question-index')).toBeVisible();
}
async function finishPoll(page: Page) {
  await expect(page.getByTestId('question-index')).toBeVisible();
  for (let i = 0; i < 10 && !(await page.getByTestId('quiz-result').isVisible()); i++) {
    // after the last question, the summary: finishing is the student's own step (issue 30)
    if (await page.getByTestId('quiz-finish').isVisible()) {
      await page.getByTestId('quiz-finish').click();
      await expect(page.getByTestId('quiz-result')).toBeVisible();
      break;
    }
    const index = await page.getByTestId('question-index').textContent();
    const text = page.locator('#answer');
    if (await text.isVisible()) await text.fill('Всё понятно');
    else await page.locator('.option input').first().check();
    await page.getByTestId('quiz-answer').click();
    await expect(page.getByTestId('quiz-result').or(page.getByTestId('question-index').filter({ hasNotText: index! }))).toBeVisible();
  }
  await expect(page.getByTestId('quiz-result')).toBeVisible();
}

/** The portal screen is shown: the page is in the layout, nothing is loading, no error state. */
export async function portalReady(page: Page) {
  await expect(page.locator('main, .auth-wrap').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByTestId('error-state')).toHaveCount(0);
}

/** The back-office screen is shown: its title is in the app bar and nothing is loading any more. */
export async function adminReady(page: Page) {
  await expect(page.locator('#react-admin-title')).not.toBeEmpty();
  await expect(page.locator('[role="progressbar"]')).toHaveCount(0);
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
}

/** Signs out (keeping the theme and language) and in as another demo user; a student passes the introductions. */
export async function signInAs(page: Page, login: string | null) {
  // a plain address of the origin (no app that could redirect while the session is cleared)
  await page.goto(`${web()}/robots.txt`);
  await page.evaluate(() => ['user-token', 'user-refresh-token', 'saved-user-token', 'demo-mode'].forEach((k) => localStorage.removeItem(k)));
  if (!login) {
    await page.goto(`${web()}/auth`);
    return;
  }
  await signIn(page, login);
  if (login === 'student') await passIntroductions(page);
  else await page.waitForURL(/\/admin\//);
}
