import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiCall, apiToken, passIntroductions, signIn, web } from './support.ts';

// A real 48×24 PNG (the browser must be able to draw it).
const LOGO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAADAAAAAYCAIAAAAzn+mLAAAAMklEQVR4nO3OQQ0AMAgEMJSgBP+ZrLngeDSpgNbrOaXiAyEhIaH0QEhISCg9EBISWvYBd44ZTM0xcY8AAAAASUVORK5CYII=', 'base64');

// several sign-ins per journey: room for a busy machine
test.describe.configure({ timeout: 180_000 });

async function asStudent(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'student');
  await passIntroductions(page);
  return { page, close: () => context.close() };
}

async function openSettingsTab(page: Page, tab: string) {
  await page.goto(`${web()}/admin/settings#${tab}`);
  await expect(page.getByTestId(`settings-tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
}

test('an admin uploads a new logo and the portal shows it', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await openSettingsTab(page, 'logo');
  await page.getByTestId('logo-input').setInputFiles({ name: `logo-${Date.now()}.png`, mimeType: 'image/png', buffer: LOGO });
  await expect(page.getByText('Логотип обновлён')).toBeVisible();
  const preview = page.getByTestId('logo-preview');
  await expect(preview).toBeVisible();
  const src = await preview.getAttribute('src');
  expect(src).toMatch(/\/api\/files\/logo\?v=/);

  // the portal's header shows the same picture, drawn (the file is served)
  await page.goto(`${web()}/profile`);
  const logo = page.getByTestId('school-logo');
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('src', src!);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
});

test("an admin switches the rating off: the student's portal hides it and the API refuses it", async ({ page, browser }) => {
  const adminToken = await apiToken('admin');
  await apiCall('/admin/access', adminToken, { method: 'PUT', body: { rating: true } });
  try {
    // on: the student sees the rating on the results page
    const before = await asStudent(browser);
    await before.page.goto(`${web()}/score`);
    await expect(before.page.getByTestId('rating')).toBeVisible();
    await before.close();

    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/courses$/);
    await openSettingsTab(page, 'access');
    await expect(page.getByRole('menuitem', { name: 'Рейтинг', exact: true })).toBeVisible();
    const rating = page.getByRole('switch', { name: 'Рейтинг' }).or(page.getByLabel('Рейтинг'));
    await expect(rating).toBeChecked();
    await rating.uncheck();
    // the sections' own form (the tab also holds the self-registration form with its own Save)
    await page.locator('form').filter({ has: rating }).getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Разделы сохранены.')).toBeVisible();
    // the back-office menu follows at once, without a reload
    await expect(page.getByRole('menuitem', { name: 'Рейтинг', exact: true })).toHaveCount(0);
    await page.goto(`${web()}/admin/users`);
    await openSettingsTab(page, 'access');
    await expect(page.getByRole('switch', { name: 'Рейтинг' }).or(page.getByLabel('Рейтинг'))).not.toBeChecked();

    const after = await asStudent(browser);
    await after.page.goto(`${web()}/score`);
    await expect(after.page.getByRole('heading').first()).toBeVisible();
    await after.page.waitForLoadState('networkidle');
    await expect(after.page.getByTestId('rating')).toHaveCount(0);
    await after.close();

    const refused = await apiCall('/api/user/getRating', await apiToken('student'));
    expect(refused.status).toBe(403);
    expect(refused.body.name).toBe('ERROR_ACCESS');
  } finally {
    await apiCall('/admin/access', adminToken, { method: 'PUT', body: { rating: true } });
  }
});

test('a curator signs in and sees users, mail, curator news and the calendar, but not programs or settings', async ({ page }) => {
  await signIn(page, 'moderator');
  await expect(page).toHaveURL(/\/admin\/users$/);
  const menu = (name: string) => page.getByRole('menuitem', { name, exact: true });
  for (const name of ['Пользователи', 'Рассылка', 'Новости кураторов', 'Календарь']) await expect(menu(name)).toBeVisible();
  for (const name of ['Программы', 'Настройки', 'Тесты', 'Группы', 'Новости', 'Цены']) await expect(menu(name)).toHaveCount(0);

  // curator news: publish one, it is listed
  const title = `Кураторам: отчёты ${Date.now()}`;
  await menu('Новости кураторов').click();
  await expect(page).toHaveURL(/\/admin\/curator-news$/);
  await page.getByRole('link', { name: 'Создать' }).click();
  await page.getByLabel('Заголовок *').fill(title);
  await page.getByLabel('Текст *').fill('<p>Сдайте отчёты до пятницы</p>');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/admin\/curator-news$/);
  await expect(page.getByText(title)).toBeVisible();

  // the calendar opens; settings are refused (by the screen and by the server)
  await menu('Календарь').click();
  await expect(page).toHaveURL(/\/admin\/calendar$/);

  // a consulting session typed in the viewer's time zone is sent as the UTC instant and listed in DD.MM.YYYY hh:mm;
  // an end before the start is refused on the form; a curator does not tie events to programs
  const event = `Консультация по отчётам ${Date.now()}`;
  await page.getByRole('link', { name: 'Создать' }).click();
  await page.getByLabel('Название *').fill(event);
  await page.getByLabel('Вид *').click();
  await page.getByRole('option', { name: 'Консультация' }).click();
  await page.getByLabel('Начало *').fill('24.12.2030 10:05');
  await page.getByLabel('Окончание *').fill('24.12.2030 09:00');
  await expect(page.getByLabel('Программа')).toHaveCount(0);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Окончание не может быть раньше начала')).toBeVisible();
  await page.getByLabel('Окончание *').fill('24.12.2030 11:30');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/admin\/calendar$/);
  const row = page.getByRole('row').filter({ hasText: event });
  await expect(row).toContainText(/24\.12\.2030 10:05/);
  await expect(row).toContainText(/24\.12\.2030 11:30/);
  const listed = await apiCall(`/admin/calendar?q=${encodeURIComponent(event)}`, await apiToken('moderator'));
  const stored = (listed.body.data as { starts_at: string; ends_at: string; program_id: number | null }[])[0];
  expect(stored.starts_at).toBe(await page.evaluate(() => new Date(2030, 11, 24, 10, 5).toISOString()));
  expect(stored.ends_at).toBe(await page.evaluate(() => new Date(2030, 11, 24, 11, 30).toISOString()));
  expect(stored.program_id).toBeNull();
  await page.goto(`${web()}/admin/settings`);
  await expect(page.getByTestId('settings-tab-logo')).toHaveCount(0);
  const refused = await apiCall('/admin/setting', await apiToken('moderator'));
  expect(refused.status).toBe(403);
});
