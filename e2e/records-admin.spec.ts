import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { passIntroductions, signIn, web, searchList } from './support.ts';

// two sign-ins and a PDF on a machine shared with other work
test.setTimeout(180_000);

/** Picks an option of a react-admin autocomplete by typing part of it. */
async function pick(page: Page, label: string | RegExp, typed: string, option: string | RegExp) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** In a fresh browser session, the demo student opens the portal's documents and downloads the named one. */
async function studentDownloads(browser: Browser, title: string) {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, 'student');
  await passIntroductions(page);
  await page.goto(`${web()}/documents`);
  const doc = page.getByTestId('document').filter({ hasText: title });
  await expect(doc).toHaveCount(1);
  const [file] = await Promise.all([page.waitForEvent('download'), doc.getByRole('button').click()]);
  const bytes = readFileSync(await file.path());
  await context.close();
  return { name: file.suggestedFilename(), bytes };
}

test('an admin uploads a document for the demo student, who sees and downloads it in the portal', async ({ page, browser }) => {
  const title = `Договор об обучении ${Date.now()}`;
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await page.goto(`${web()}/admin/documents/create`);
  await pick(page, /^Слушатель/, 'student', /^student$/);
  await page.getByLabel('Название', { exact: true }).fill(title);
  await page.locator('input[type=file]').setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 e2e contract') });
  await expect(page.getByText('contract.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Документ загружен')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/documents$/);
  await searchList(page, title);
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('student');

  const { name, bytes } = await studentDownloads(browser, title);
  expect(name).toBe(`${title}.pdf`);
  expect(bytes.toString()).toBe('%PDF-1.4 e2e contract');
});

test('an admin creates a diploma for the demo student and generates its PDF; the student sees and downloads it', async ({ page, browser }) => {
  const stamp = Date.now();
  const templateTitle = `Диплом о переподготовке ${stamp}`;
  const number = `E2E-${stamp}`;
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);

  // the template: an unknown placeholder is refused, with the placeholders listed beside the form
  await page.goto(`${web()}/admin/templates/create`);
  await expect(page.getByTestId('template-placeholders')).toContainText('{{name_dative}}');
  await page.getByRole('textbox', { name: 'Название' }).fill(templateTitle);
  const body = page.getByRole('textbox', { name: 'Текст шаблона' });
  await body.fill('Настоящий диплом выдан {{name_dative}}, {{salary}}');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Нет шаблона документа или в нём неизвестные подстановки: {{salary}}')).toBeVisible();
  await body.fill('Настоящий диплом выдан {{name_dative}}\nпо программе «{{program}}» в объёме {{hours}} часов.\nРегистрационный номер {{registration_number}}, дата выдачи {{date}}.');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/admin\/templates\/\d+$/);

  await page.goto(`${web()}/admin/diplomas/create`);
  await pick(page, /^Слушатель/, 'student', /^student$/);
  await page.getByLabel('ФИО (именительный падеж) *').fill('Студентов Алексей Петрович');
  await page.getByLabel('ФИО (родительный падеж)').fill('Студентова Алексея Петровича');
  await page.getByLabel('ФИО (дательный падеж)').fill('Студентову Алексею Петровичу');
  await page.getByRole('tab', { name: 'Обучение' }).click();
  await pick(page, /^Программа/, 'Стратег', /Стратегический менеджмент/);
  await page.getByLabel('Часов').fill('520');
  await page.getByLabel('Регистрационный номер *').fill(number);
  await pick(page, /^Шаблон документа/, String(stamp), templateTitle);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/admin\/diplomas\/\d+$/);

  await expect(page.getByText('Документы ещё не сформированы.')).toBeVisible();
  await page.getByTestId('diploma-generate').click();
  await expect(page.getByText('Документ сформирован, слушатель видит его в своих документах')).toBeVisible();
  const docTitle = `${templateTitle} № ${number}`;
  await expect(page.getByTestId('diploma-document')).toContainText(docTitle);

  const { name, bytes } = await studentDownloads(browser, docTitle);
  expect(name).toBe(`${docTitle}.pdf`);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test('an admin creates a company with its legal details and stamp, then changes a field of the selected companies at once', async ({ page }) => {
  const title = `Бизнес-школа ${Date.now()}`;
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await page.goto(`${web()}/admin/companies/create`);
  await page.getByRole('textbox', { name: 'Название', exact: false }).first().fill(title);
  await page.getByRole('tab', { name: 'Реквизиты' }).click();
  await page.getByRole('textbox', { name: 'ИНН', exact: true }).fill('7701234567');
  await page.getByRole('tab', { name: 'Банк' }).click();
  await page.getByRole('textbox', { name: 'Банк', exact: true }).fill('ПАО Банк');
  await page.getByRole('textbox', { name: 'БИК', exact: true }).fill('04452');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Некорректный формат')).toBeVisible(); // the server names the BIC field
  await page.getByRole('textbox', { name: 'БИК', exact: true }).fill('044525225');
  await page.getByRole('tab', { name: 'Подписи и печать' }).click();
  await page.locator('input[type=file]').setInputFiles({ name: 'stamp.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/admin\/companies\/\d+$/);
  await page.reload(); // the stamp as the server serves it, not the browser's preview of the upload
  await page.getByRole('tab', { name: 'Подписи и печать' }).click();
  await expect(page.locator('img[src*="/stamp?domain=demo&key="]')).toHaveJSProperty('naturalWidth', 1); // served without a token

  await page.goto(`${web()}/admin/companies`);
  await searchList(page, title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('ПАО Банк');
  await row.getByRole('checkbox').check();
  await page.getByTestId('companies-edit-many').click();
  await page.getByTestId('companies-edit-many-value').fill('АО Новый банк');
  await page.getByRole('button', { name: 'Применить' }).click();
  await expect(page.getByText('Изменено компаний: 1')).toBeVisible();
  await expect(row).toContainText('АО Новый банк');
});
