import { expect, test } from '@playwright/test';
import { signIn, web } from './support.ts';

test('a moderator builds a quiz score report through the wizard, sees its chart, saves it and opens it again with the same parameters', async ({ page }) => {
  const name = `Экзамен для отчёта ${Date.now()}`;
  await signIn(page, 'moderator');
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.goto(`${web()}/admin/reports`);
  // the catalogue in its groups, and the demo school's saved reports
  await expect(page.getByRole('heading', { name: 'Тесты и опросы' })).toBeVisible();
  await expect(page.getByTestId('saved-reports').getByRole('link', { name: 'Результаты экзамена' })).toBeVisible();
  await page.getByRole('link', { name: 'Результаты тестов' }).click();
  await expect(page).toHaveURL(/\/admin\/reports\/create\?type=quizScoreResults$/);

  // params: the period and the quiz
  await page.getByRole('combobox', { name: 'Период' }).click();
  await page.getByRole('option', { name: 'За всё время' }).click();
  await page.getByRole('combobox', { name: 'Тест' }).click();
  await page.getByRole('option', { name: 'Экзамен по стратегии' }).click();
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && /\/admin\/report\/quizScoreResults\?/.test(r.url())) asked.push(r.url());
  });
  await page.getByRole('button', { name: 'Построить' }).click();

  // result: the table with its columns, and the score distribution
  const table = page.getByTestId('report-table');
  await expect(table.getByRole('columnheader', { name: 'Процент' })).toBeVisible();
  await expect(page.getByTestId('report-chart')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Распределение результатов, %' })).toBeVisible();
  // the chart's axis carries the score bands, and building the report asked the server once, page and chart together
  await expect(page.getByTestId('report-chart')).toContainText('90');
  expect(asked).toHaveLength(1);
  expect(asked[0]).toContain('with_chart=true');
  // the pager speaks Russian (issue 29): its range and its buttons' names
  await expect(page.getByText(/^\d+-\d+ из \d+$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Предыдущая' })).toBeVisible();

  // save under a name: the saved report's result opens
  await page.getByTestId('report-name').fill(name);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/admin\/reports\/\d+\/view$/);
  await expect(page.getByText('Отчёт сохранён')).toBeVisible();

  // open it again from the list: the same parameters
  await page.goto(`${web()}/admin/reports`);
  await page.getByTestId('saved-reports').getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/admin\/reports\/\d+\/view$/);
  await expect(page.getByTestId('report-chart')).toBeVisible();
  await page.getByRole('button', { name: 'Изменить параметры' }).click();
  await expect(page.getByRole('combobox', { name: 'Тест' })).toHaveText('Экзамен по стратегии');
  await expect(page.getByRole('combobox', { name: 'Период' })).toHaveText('За всё время');
});

test('the traffic light walks from programs to chapters to students in coloured cells', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await page.goto(`${web()}/admin/reports`);
  await page.getByTestId('saved-reports').getByRole('link', { name: 'Светофор по программам' }).click();
  const table = page.getByTestId('report-table');
  await expect(table.getByRole('cell', { name: 'Стратегический менеджмент' })).toBeVisible();
  await expect(table.locator('[data-light]').first()).toBeVisible();
  await table.getByRole('row').filter({ hasText: 'Стратегический менеджмент' }).getByRole('button', { name: 'Подробнее' }).click();
  await expect(table.getByRole('cell', { name: 'Введение в стратегию' })).toBeVisible();
  // the wizard's fourth step names the level walked down to (it read only "Шаг")
  await expect(page.locator('[data-step="step"]')).toContainText('Детализация: Главы');
  await table.getByRole('row').filter({ hasText: 'Введение в стратегию' }).getByRole('button', { name: 'Подробнее' }).click();
  // the demo student (and, once the marketplace journey has run, north's buyer of the same name in this program)
  await expect(table.getByRole('cell', { name: /Студентов Алексей/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'На уровень выше' }).click();
  await expect(table.getByRole('cell', { name: 'Введение в стратегию' })).toBeVisible();
});

test("media activity shows how much of the lecture the demo student watched, from the player's progress", async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await page.goto(`${web()}/admin/reports`);
  await page.getByTestId('saved-reports').getByRole('link', { name: 'Просмотр видео за месяц' }).click();
  const table = page.getByTestId('report-table');
  await expect(table.getByRole('columnheader', { name: 'Просмотрено видео' })).toBeVisible();
  // the seed's two days of progress on the first lecture: 35 %, then 80 %; the report keeps the largest
  const row = table.getByRole('row').filter({ hasText: /Студентов Алексей/ });
  await expect(row.getByRole('cell', { name: /^80(,0)?%$/ })).toBeVisible();
});
