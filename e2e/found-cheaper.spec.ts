import { expect, test } from '@playwright/test';
import { passIntroductions, signIn, web } from './support.ts';

/** "Found cheaper" (issue 13 item 6, docs/marketplace.md): a north student reports a price; demo's admin answers it. */
test('a north student reports a lower price from the program page; the demo admin answers in the back office; the student sees the answer', async ({ page, browser }) => {
  const place = `Школа ${Date.now()}`;
  await signIn(page, 'student', undefined, 'north');
  await passIntroductions(page);
  await page.goto(`${web('north')}/marketplace?q=${encodeURIComponent('Финансы')}`);
  await page.getByRole('link', { name: 'Финансы для руководителей' }).click();
  await page.getByTestId('market-found-cheaper').click();
  await expect(page.locator('#fc-program')).toHaveValue(/^\d+$/);
  await page.getByLabel('Где видели', { exact: true }).fill(place);
  await page.getByLabel('Цена', { exact: true }).fill('4990');
  await page.getByLabel('Валюта', { exact: true }).selectOption('USD');
  await page.getByLabel('Ссылка', { exact: true }).fill('https://example.com/cheaper');
  await page.getByTestId('fc-send').click();
  const mine = page.getByTestId('fc-request').filter({ hasText: place });
  await expect(mine).toContainText('Ждёт ответа');
  await expect(mine).toContainText('Финансы для руководителей');

  const admin = await browser.newPage();
  await signIn(admin, 'admin');
  await expect(admin).toHaveURL(/\/admin\/courses$/);
  await admin.goto(`${web()}/admin/market-found-cheaper`);
  const row = admin.getByRole('row').filter({ hasText: place });
  await expect(row).toContainText('North School of Management');
  await row.click();
  await admin.getByLabel('Ответ *').fill('Дадим скидку 10 %');
  await admin.getByRole('button', { name: 'Сохранить' }).click();
  await expect(admin.getByRole('row').filter({ hasText: place })).toContainText('Дадим скидку 10 %');
  await admin.close();

  await page.reload();
  await expect(page.getByTestId('fc-request').filter({ hasText: place }).getByTestId('fc-answer')).toContainText('Дадим скидку 10 %');
});
