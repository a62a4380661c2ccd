import { expect, test } from '@playwright/test';
import { apiCall, apiToken, dismissWelcome, passIntroductions, signIn, web } from './support.ts';

test.describe('sign-in lands each role where the route guard says', () => {
  test('student reads the required news first, then lands on /courses/list', async ({ page }) => {
    // school north: its admin publishes a required news item now, and any other required item is read beforehand
    // through the API (other journeys sign this student in too), so exactly this one stands in front
    const title = `Правила пересдачи ${Date.now()}`;
    const admin = await apiToken('admin', 'north');
    expect((await apiCall('/admin/news', admin, { method: 'POST', school: 'north', body: { title, body: '<p>До пятницы</p>', required: true } })).status).toBe(201);
    const student = await apiToken('student', 'north');
    const unread = (await apiCall('/api/news/unread/required', student, { school: 'north' })).body.data as { id: number; title: string }[];
    for (const n of unread.filter((x) => x.title !== title)) expect((await apiCall(`/api/news/${n.id}`, student, { method: 'PUT', school: 'north', body: {} })).status).toBe(200);
    await signIn(page, 'student', undefined, 'north');
    await expect(page).toHaveURL(/\/news\/\d+$/);
    await dismissWelcome(page);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.goto(`${web('north')}/courses/list`);
    await expect(page).toHaveURL(/\/news\/\d+$/); // still in front until read
    await page.getByTestId('news-read').click();
    await expect(page).toHaveURL(/\/courses\/list$/);
    await expect(page.getByTestId('course-card')).toHaveCount(3); // two programs and the demo's Open standards (server/seed/standards.ts)
  });

  for (const [login, path] of [
    ['admin', '/admin/courses'],
    ['superadmin', '/admin/courses'],
    ['moderator', '/admin/users'],
    ['trainer', '/admin/projects'],
  ] as const) {
    test(`${login} lands on ${path}`, async ({ page }) => {
      await signIn(page, login);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
      if (path.startsWith('/admin')) await expect(page.getByRole('heading', { level: 6 }).or(page.locator('#react-admin-title')).first()).toBeVisible();
      else await expect(page.getByRole('navigation')).toBeVisible();
    });
  }
});

test('a wrong password shows the translated ERROR_PASS and keeps the user out', async ({ page }) => {
  await signIn(page, 'student', 'wrong-password');
  await expect(page.getByTestId('login-error')).toHaveText('Неверный пароль.');
  await expect(page).toHaveURL(/\/auth$/);
});

test('switching to English changes the interface and survives a reload', async ({ page }) => {
  await page.goto(`${web()}/auth`);
  await expect(page.getByRole('heading', { name: 'Вход в личный кабинет' })).toBeVisible();
  await page.getByTestId('lang-switch').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(page).toHaveTitle('Sign in — Campus LMS');
});

test('an unknown path shows the page-not-found screen', async ({ page }) => {
  await signIn(page, 'student');
  await expect(page).toHaveURL(/\/courses\/list$/);
  await page.goto(`${web()}/no/such/page`);
  await expect(page.getByTestId('not-found')).toContainText('Этой страницы больше не существует');
});

test('a student cannot open a back-office screen', async ({ page }) => {
  await signIn(page, 'student');
  // run alone on a fresh database, the welcome and the required news come first (the journeys before read them)
  await passIntroductions(page);
  await page.goto(`${web()}/admin/users`);
  await expect(page).toHaveURL(/\/courses\/list$/);
  // and the server refuses the call itself
  const token = await apiToken('student');
  expect((await apiCall('/admin/user', token)).status).toBe(403);
});

test('the student edits the profile and the change survives a reload', async ({ page }) => {
  await signIn(page, 'student');
  await passIntroductions(page);
  await page.goto(`${web()}/profile`);
  await dismissWelcome(page);
  await page.getByLabel('Хобби').fill('Шахматы');
  await page.getByLabel('Дата рождения').fill('31.12.1990');
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('Сохранено')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Хобби')).toHaveValue('Шахматы');
  await expect(page.getByLabel('Дата рождения')).toHaveValue('31.12.1990');
});

test('demo mode: an admin acts as a student and returns to the own session', async ({ page }) => {
  // both apps work under the web origin's Content-Security-Policy (docs/security.md): any violation is a console error
  const violations: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && /Content.Security.Policy/i.test(m.text()) && violations.push(m.text())));
  await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy violated: ${e.effectiveDirective} ${e.blockedURI}`)));
  const portalScript = page.waitForResponse((r) => /^\/assets\/index-[\w-]+\.js$/.test(new URL(r.url()).pathname));
  await signIn(page, 'admin');
  expect((await (await portalScript).allHeaders())['content-encoding']).toBe('br'); // precompressed at build time
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await page.goto(`${web()}/admin/users`);
  await page.getByTestId('login-as-student').click();
  await expect(page.getByTestId('demo-bar')).toBeVisible();
  await expect(page).toHaveURL(/\/courses\/list$/);
  await expect(page.getByTestId('user-name')).toHaveText('Алексей Студентов');
  await page.getByTestId('demo-bar').getByRole('button').click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByTestId('login-as-student')).toBeVisible();
  await page.goto(`${web()}/profile`);
  await expect(page.getByTestId('user-name')).toHaveText('Иван Админов'); // the admin again, not the student
  await expect(page.getByTestId('demo-bar')).toHaveCount(0);
  expect(violations).toEqual([]);
});

test('an admin blocks two users at once and they can no longer sign in', async ({ page }) => {
  const admin = await apiToken('admin');
  for (const login of ['block_me_1', 'block_me_2']) {
    const res = await apiCall('/admin/user', admin, { method: 'POST', body: { login, email: `${login}@demo.test`, password: 'Start12345', name: 'Блок', surname: login } });
    expect(res.status).toBe(201);
  }
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await page.goto(`${web()}/admin/users`);
  await page.getByPlaceholder(/Поиск|Search/).fill('block_me');
  await expect(page.getByRole('row')).toHaveCount(3);
  await page.getByRole('row').nth(1).getByRole('checkbox').check();
  await page.getByRole('row').nth(2).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Заблокировать' }).first().click();
  await expect(page.getByText('Пользователи заблокированы')).toBeVisible();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'block_me_1', 'Start12345');
  await expect(page.getByTestId('login-error')).toContainText('заблокирован');
});
