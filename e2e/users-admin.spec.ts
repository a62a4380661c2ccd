import { expect, test, type Page } from '@playwright/test';
import { apiCall, apiToken, passIntroductions, signIn, web } from './support.ts';

// the machine running the journeys is shared; give each journey room
test.describe.configure({ timeout: 180_000 });

const BLOCKED_TEXT = 'Пользователь заблокирован. Обратитесь к администратору.';

/** Signs out of both apps by forgetting the session kept in local storage (of the page's origin, shared by both apps). */
async function signOut(page: Page) {
  await page.waitForLoadState();
  await page.evaluate(() => localStorage.clear());
}

test('an admin blocks two selected users at once; both are then refused at sign-in with the translated ERROR_BLOCK', async ({ page }) => {
  const tag = `blk${Date.now().toString(36)}`;
  const admin = await apiToken('admin');
  const logins = [`${tag}.one`, `${tag}.two`];
  for (const [i, login] of logins.entries()) {
    const res = await apiCall('/admin/user', admin, { method: 'POST', body: { login, email: `${login}@e2e.test`, password: 'Start12345', name: 'Блок', surname: `Тестов-${i + 1}` } });
    expect(res.status).toBe(201);
  }

  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await page.goto(`${web()}/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: tag }))}`);
  const rows = page.locator('.RaDatagrid-tbody tr');
  await expect(rows).toHaveCount(2);
  for (const login of logins) await expect(page.getByRole('cell', { name: login, exact: true })).toBeVisible();

  // select both rows, then the bulk button (not the per-row one with the same name)
  for (let i = 0; i < 2; i++) await rows.nth(i).getByRole('checkbox').check();
  const bulk = page.locator('.RaBulkActionsToolbar-topToolbar');
  await bulk.getByRole('button', { name: 'Заблокировать', exact: true }).click();
  await expect(page.getByText('Пользователи заблокированы')).toBeVisible();
  // both rows now offer "unblock"
  for (const login of logins) await expect(page.getByTestId(`block-${login}`)).toHaveAttribute('aria-label', 'Разблокировать');

  for (const login of logins) {
    await signOut(page);
    await signIn(page, login, 'Start12345');
    await expect(page.getByText(BLOCKED_TEXT)).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  }
});

test('an admin imports a CSV with one good and one bad row, reads the report, and the new user signs in', async ({ page }) => {
  const tag = `imp${Date.now().toString(36)}`;
  const csv = ['login;email;name;surname;role;password', `${tag};${tag}@e2e.test;Ирина;Импортова;student;Start12345`, `${tag}.bad;not-an-email;Пётр;Ошибкин;student;`].join('\r\n') + '\r\n';

  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await page.goto(`${web()}/admin/users`);
  await page.getByTestId('import-users').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Импорт пользователей')).toBeVisible();
  await dialog.getByTestId('import-file').setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await expect(dialog.getByTestId('import-file-name')).toHaveText('students.csv');
  await dialog.getByTestId('import-upload').click();

  await expect(dialog.getByTestId('import-created')).toHaveText('Создано пользователей: 1');
  await expect(page.getByText('Пользователи добавлены')).toBeVisible();
  const refused = dialog.getByTestId('import-refused');
  await expect(refused.locator('tbody tr')).toHaveCount(1);
  const row = refused.locator('tbody tr').first();
  await expect(row.locator('td').nth(0)).toHaveText('3');
  await expect(row.locator('td').nth(1)).toHaveText(`${tag}.bad`);
  await expect(row.locator('td').nth(3)).toHaveText('E-mail пуст или некорректен.');
  await dialog.getByRole('button', { name: 'Закрыть' }).click();
  // the list shows the new user
  await page.goto(`${web()}/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: tag }))}`);
  await expect(page.locator('.RaDatagrid-tbody tr')).toHaveCount(1);
  await expect(page.getByRole('cell', { name: tag, exact: true })).toBeVisible();

  await signOut(page);
  await signIn(page, tag, 'Start12345');
  await passIntroductions(page);
  await expect(page).toHaveURL(/\/courses\/list$/);
  // and the refused row did not become a user
  const check = await apiCall(`/admin/user?q=${encodeURIComponent(`${tag}.bad`)}`, await apiToken('admin'));
  expect((check.body.data as unknown[]).length).toBe(0);
});
