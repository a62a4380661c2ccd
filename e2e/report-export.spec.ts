import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { apiCall, apiToken, signIn, web } from './support.ts';

// a sign-in, a report and an Excel file on a machine shared with other work
test.setTimeout(120_000);

test('an admin exports a saved report to Excel: the progress shows, the file downloads and its rows match the table', async ({ page }) => {
  const token = await apiToken('admin');
  const name = `Активность для выгрузки ${Date.now()}`;
  const saved = await apiCall('/admin/reports', token, { method: 'POST', body: { name, type: 'getUserActivity', params: { period: 'all' } } });
  expect(saved.status).toBe(201);
  const id = (saved.body.data as { id: number }).id;

  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await page.goto(`${web()}/admin/reports/${id}/view`);
  const table = page.getByTestId('report-table');
  await expect(table).toBeVisible();
  const logins = (await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => (r.querySelectorAll('td')[1]?.textContent ?? '').trim()))).filter(Boolean);
  expect(logins.length).toBeGreaterThan(0);

  await page.getByTestId('export-start').click();
  // the job's state is shown while it runs, then the file is offered
  await expect(page.getByTestId('export-progress').or(page.getByTestId('export-ready'))).toBeVisible();
  await expect(page.getByTestId('export-ready')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(await download.path()) as never);
  const ws = wb.worksheets[0];
  // the interface is Russian: so are the headers
  expect(ws.getRow(1).getCell(1).value).toBe('Студент');
  expect(ws.getRow(1).getCell(2).value).toBe('Логин');
  const fileLogins: string[] = [];
  ws.eachRow((row, n) => {
    if (n > 1) fileLogins.push(String(row.getCell(2).value));
  });
  expect(fileLogins.sort()).toEqual([...logins].sort());
});

test('a moderator opens the statistics dashboard: figures and charts of the school', async ({ page }) => {
  await signIn(page, 'moderator');
  await expect(page).toHaveURL(/\/admin\//);
  await page.goto(`${web()}/admin/statistics`);
  await expect(page.getByTestId('statistics-students-total')).toHaveText(/^\d[\d ]*$/);
  // MUI's chart: the drawing, the series in its legend, an image named by its title for screen readers
  const activity = page.getByTestId('statistics-activity-chart');
  await expect(activity.locator('svg').first()).toBeVisible();
  await expect(activity).toContainText('Входы');
  await expect(page.getByTestId('statistics-quiz-chart')).toBeVisible();
  await expect(page.getByTestId('statistics-quizzes')).toContainText('30');
  // the demo school has the payment section on: its debts are shown
  await expect(page.getByTestId('statistics-payments')).toBeVisible();
  // another period redraws the activity: a week is seven days
  await page.getByRole('combobox', { name: 'Период' }).click();
  await page.getByRole('option', { name: 'Неделя' }).click();
  const from = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('.');
  await expect(activity).toHaveAttribute('role', 'img');
  await expect(activity).toHaveAttribute('aria-label', new RegExp(`с ${from.replace(/\./g, '\\.')} по`));
});
