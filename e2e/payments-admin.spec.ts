import { expect, test, type Page } from '@playwright/test';
import { apiCall, apiToken, passIntroductions, signIn, web } from './support.ts';

/** Picks an option of an MUI select (named by the test id of its input) and waits for the menu to close. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).locator('..').click();
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  await listbox.getByRole('option', { name: option, exact: true }).click();
  await expect(listbox).toHaveCount(0);
}

test.use({ viewport: { width: 1400, height: 1100 } });
// two sign-ins, a schedule built by hand and the portal: longer than the default minute on a busy machine
test.setTimeout(180_000);

test("an admin builds a student's payment schedule (a wrong total is refused with the translated mismatch), marks an instalment paid, and the student sees it", async ({ page }) => {
  // a student of our own, so the journey does not depend on the demo schedule or on other specs
  const stamp = Date.now();
  const login = `payer${stamp}`;
  const password = 'Payer12345';
  const admin = await apiToken('admin');
  const created = await apiCall('/admin/user', admin, { method: 'POST', body: { login, email: `${login}@demo.test`, password, name: 'Пётр', surname: `Плательщиков${stamp}`, role: 'student' } });
  expect(created.status).toBe(201);
  const userId = (created.body.data as { id: number }).id;

  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\//);
  await page.goto(`${web()}/admin/payments/create?user_id=${userId}`);
  await expect(page.getByTestId('schedule-plans')).toContainText('У студента ещё нет графика оплаты.');
  await expect(page.getByTestId('schedule-student')).toHaveValue(new RegExp(`Плательщиков${stamp}`));

  // the plan: a program, 6 months, 60 000 RUB plus 3 000 RUB additional
  await choose(page, 'schedule-program', 'Финансы для руководителей');
  await choose(page, 'schedule-months', '6');
  await page.getByTestId('schedule-total').fill('60000');
  await choose(page, 'schedule-extra-currency', 'RUB');
  await page.getByTestId('schedule-extra-total').fill('3000');
  await page.getByTestId('schedule-start').fill('15.01.2027');
  await page.getByTestId('schedule-fill').click();
  await expect(page.getByTestId('schedule-row')).toHaveCount(6);
  await expect(page.getByTestId('schedule-main-total')).toContainText('совпадает');

  // a wrong instalment: the live total shows the difference, the server refuses with the translated mismatch
  await page.getByTestId('row-sum-0').fill('9000');
  await expect(page.getByTestId('schedule-main-total')).toContainText('разница');
  await page.getByTestId('schedule-save').click();
  await expect(page.getByTestId('schedule-error')).toContainText('Сумма платежей должна равняться цене: 60000 RUB.');
  await expect(page.getByTestId('schedule-plans')).toContainText('У студента ещё нет графика оплаты.');

  // the right one saves
  await page.getByTestId('row-sum-0').fill('10000');
  await expect(page.getByTestId('schedule-main-total')).toContainText('совпадает');
  await page.getByTestId('schedule-check').click();
  await expect(page.getByText('График верен: суммы и валюты совпадают')).toBeVisible();
  await page.getByTestId('schedule-save').click();
  await expect(page.getByText('График оплаты сохранён')).toBeVisible();
  await expect(page.getByTestId('schedule-error')).toHaveCount(0);
  await expect(page.getByTestId('schedule-plans')).toContainText('Финансы для руководителей · 6 мес.');

  // the payments list, filtered by the student: 7 items (6 main, 1 additional); the first one is marked paid
  await page.goto(`${web()}/admin/payments?filter=${encodeURIComponent(JSON.stringify({ user_id: userId }))}&sort=due_date&order=ASC`);
  const rows = page.locator('.RaDatagrid-tbody tr');
  await expect(rows).toHaveCount(7);
  await expect(rows.first()).toContainText('15.01.2027');
  const firstId = (await rows.first().locator('td.column-id').textContent())!.trim();
  await page.getByTestId(`payment-toggle-${firstId}`).click();
  await expect(page.getByText('Платёж отмечен как оплаченный')).toBeVisible();
  await expect(page.getByTestId(`payment-toggle-${firstId}`)).toHaveAttribute('aria-label', 'Снять отметку об оплате');

  // the student sees the schedule with the paid instalment in the portal
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, login, password);
  await passIntroductions(page);
  await page.goto(`${web()}/payment`);
  const plan = page.getByTestId('payment-plan').filter({ hasText: 'Финансы для руководителей' });
  await expect(plan).toBeVisible();
  await expect(plan).toContainText('План оплаты: 6 мес.');
  await expect(plan.getByTestId('payment-item')).toHaveCount(7);
  // the main instalment of 15.01.2027 is paid; the additional one of the same day is not
  const paid = plan.locator('[data-testid="payment-item"].paid');
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText('15.01.2027');
  await expect(paid).toContainText('Оплачено');
  await expect(paid).not.toContainText('дополнительная');
});
