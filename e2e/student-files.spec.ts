import { expect, test } from '@playwright/test';
import { apiCall, apiToken, passIntroductions, signIn, web, zipArchive } from './support.ts';

test('a student submits a project archive, is refused a non-archive and a second version while the first awaits review', async ({ page }) => {
  // a student of their own, enrolled in the strategy program: other journeys submit versions for the demo student
  const admin = await apiToken('admin');
  const login = `proj${Date.now()}`;
  const created = await apiCall('/admin/user', admin, { method: 'POST', body: { login, email: `${login}@demo.test`, password: 'Project12345', name: 'Павел', surname: 'Проектов', role: 'student' } });
  expect(created.status).toBe(201);
  const programs = (await apiCall(`/admin/program?q=${encodeURIComponent('Стратегический менеджмент')}`, admin)).body.data as { id: number }[];
  expect((await apiCall(`/admin/program/${programs[0].id}/setUser`, admin, { method: 'POST', body: { users: [(created.body.data as { id: number }).id] } })).status).toBe(200);
  await signIn(page, login, 'Project12345');
  await passIntroductions(page);
  await page.goto(`${web()}/courses/list`);
  await page.getByTestId('course-card').filter({ hasText: 'Стратегический менеджмент' }).click();
  await page.getByRole('link', { name: 'Проект: стратегия вашей компании' }).click();
  await page.getByTestId('project-files').setInputFiles({ name: 'report.zip', mimeType: 'application/zip', buffer: Buffer.from('this is not an archive') });
  await page.getByTestId('project-confirm').check();
  await page.getByTestId('project-submit').click();
  await expect(page.getByTestId('project-error')).toHaveText('Файл должен быть архивом ZIP или RAR.');
  await page.getByTestId('project-files').setInputFiles({ name: 'strategy.zip', mimeType: 'application/zip', buffer: zipArchive('version one') });
  await page.getByTestId('project-confirm').check();
  await page.getByTestId('project-submit').click();
  await expect(page.getByTestId('project-version')).toHaveCount(1);
  await expect(page.getByTestId('project-version')).toContainText('На проверке');
  // a second version waits for the review: the button says why it is disabled (the server refuses it too: API tests)
  await page.getByTestId('project-files').setInputFiles({ name: 'strategy-2.zip', mimeType: 'application/zip', buffer: zipArchive('version two') });
  await page.getByTestId('project-confirm').check();
  await expect(page.getByTestId('project-submit')).toBeDisabled();
  await expect(page.getByTestId('project-submit-reason')).toHaveText('Предыдущая версия проекта ещё ожидает проверки.');
  await expect(page.getByTestId('project-version')).toHaveCount(1);
});

test('a student downloads a document under its right name', async ({ page }) => {
  await signIn(page, 'student');
  await passIntroductions(page);
  await page.goto(`${web()}/documents`);
  const cert = page.getByTestId('document').filter({ hasText: 'Сертификат - Введение в стратегию' });
  const [file] = await Promise.all([page.waitForEvent('download'), cert.getByRole('button').click()]);
  expect(file.suggestedFilename()).toBe('Сертификат - Введение в стратегию.pdf');
});

test('a student sees the payment schedule and downloads the invoice', async ({ page }) => {
  await signIn(page, 'student');
  await passIntroductions(page);
  await page.goto(`${web()}/payment`);
  await expect(page.getByTestId('payment-plan')).toContainText('План оплаты: 12 мес.');
  await expect(page.getByTestId('payment-item')).toHaveCount(13);
  await expect(page.getByTestId('payment-item').first()).toContainText('Оплачено');
  await expect(page.getByTestId('payment-plan')).toContainText('270 000');
  // prices named in the interface language by program and format, the money tied with non-breaking spaces (issue 29)
  await expect(page.getByText('Стратегический менеджмент — Онлайн')).toBeVisible();
  await expect(page.getByText('Strategic Management')).toHaveCount(0);
  expect(await page.locator('strong.num').filter({ hasText: '4 200 USD' }).textContent()).toBe('4\u00A0200\u00A0USD');
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice').first().click()]);
  expect(file.suggestedFilename()).toMatch(/^Счёт DEMO-\d+-\d+-\d{8}\.pdf$/);
  const path = await file.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
});
