import QRCode from 'qrcode';
import { expect, test } from '@playwright/test';
import { signIn, web } from './support.ts';

// a design, a preview drawn by the server, a bulk issue in the background: on a machine shared with other work
test.setTimeout(240_000);

/** A PNG of one colour: the stamp (red) and the signature (blue). */
const solidPng = (color: string) => QRCode.toBuffer('x', { width: 160, margin: 0, color: { dark: color, light: color } });

test('an admin designs a diploma with a stamp and a QR, previews it, issues it to a group with a progress bar, and the QR address opens the public verification page', async ({ page, browser }) => {
  const title = `Диплом с печатью ${Date.now()}`;
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);

  // the template: created with a title, then designed beside its form
  await page.goto(`${web()}/admin/templates/create`);
  await page.getByRole('textbox', { name: 'Название' }).fill(title);
  await page.getByRole('textbox', { name: 'Текст шаблона' }).fill('Диплом {{name}}');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/admin\/templates\/\d+$/);
  const designer = page.getByTestId('template-designer');
  await expect(designer).toBeVisible();

  // a file that is not an image is refused with the catalogue's text; the stamp is kept
  await designer.getByTestId('designer-upload').setInputFiles({ name: 'stamp.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(page.getByText('Расширение файла не разрешено.').first()).toBeVisible();
  await designer.getByTestId('designer-upload').setInputFiles({ name: 'печать.png', mimeType: 'image/png', buffer: await solidPng('#d00000ff') });
  await expect(designer.getByTestId('designer-image')).toHaveText(['печать.png']);

  await designer.getByTestId('designer-add-text').click();
  await designer.getByTestId('block-0-text').fill('Настоящий диплом выдан {{name_dative}}\n№ {{registration_number}}');
  await designer.getByTestId('designer-add-image').click();
  await designer.getByTestId('block-1-x').fill('200');
  await designer.getByTestId('block-1-y').fill('120');
  await designer.getByTestId('designer-add-qr').click();
  await designer.getByTestId('designer-save').click();
  await expect(page.getByText('Макет сохранён')).toBeVisible();

  // the preview is the server's PDF drawn as a picture
  await designer.getByTestId('designer-preview').click();
  const preview = designer.getByTestId('designer-preview-image');
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(1000); // A4 landscape at 100 dpi

  // issue to the group MBA-2026 in the background, with a progress bar
  await page.goto(`${web()}/admin/diplomas`);
  await page.getByTestId('bulk-issue').click();
  const choose = async (testId: string, option: string) => {
    await page.getByTestId(testId).locator('..').getByRole('combobox').click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  await choose('bulk-template_id', title);
  await choose('bulk-group_id', 'MBA-2026');
  await page.getByTestId('bulk-hours').fill('72');
  // a program's document goes by default to its graduates: the names are asked for the group's graduates of it
  const graduatesAsked = page.waitForRequest((r) => r.url().endsWith('/admin/diploma_batch/names') && r.postDataJSON()?.graduates_only === true);
  await choose('bulk-program_id', 'Маркетинг');
  await expect(page.getByTestId('bulk-graduates_only')).toBeChecked();
  expect((await graduatesAsked).postDataJSON()).toMatchObject({ group_id: expect.any(Number), program_id: expect.any(Number) });
  // switched off: every student of the group
  await page.getByTestId('bulk-graduates_only').uncheck();
  // each student's cases are proposed and stay editable: the correction is what the diploma keeps
  const dative = page.getByTestId('bulk-name').filter({ hasText: 'Студентов Алексей' }).getByLabel('Кому? (дательный)');
  await expect(dative).toHaveValue(/^Студентов/);
  await dative.fill('Студентову Алексею (исправлено)');
  await page.getByTestId('bulk-start').click();
  await expect(page.getByTestId('bulk-progress-bar')).toBeVisible();
  await expect(page.getByTestId('bulk-done')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('bulk-progress')).toContainText(/ошибок: 0/);
  await expect(page.getByTestId('bulk-zip')).toBeVisible();
  await page.getByRole('button', { name: 'Закрыть' }).click();

  // the student's diploma: its verification code and the address its QR holds
  await page
    .getByRole('row')
    .filter({ hasText: 'student' })
    .filter({ hasText: /\w+-\d{4}-\d{4}/ })
    .first()
    .click();
  await expect(page.getByRole('textbox', { name: 'ФИО (дательный падеж)' })).toHaveValue('Студентову Алексею (исправлено)');
  const link = page.getByTestId('verify-link').first();
  await expect(link).toBeVisible();
  const address = await link.getAttribute('href');
  expect(address).toMatch(/\/api\/verify\/[0-9A-Z]{10}\?domain=demo$/);
  const code = (await page.getByTestId('verify-code').first().textContent()) ?? '';

  // anyone, without signing in, opens the page from that address
  const stranger = await browser.newContext({ locale: 'ru-RU' });
  const publicPage = await stranger.newPage();
  await publicPage.goto(address!);
  await expect(publicPage.getByRole('heading', { name: 'Документ действителен' })).toBeVisible();
  await expect(publicPage.getByText(title)).toBeVisible();

  // revoked in the back office: the page says so; the short code typed by hand finds it
  page.once('dialog', (d) => d.accept('Ошибка в данных'));
  await page.getByTestId('verify-revoke').first().click();
  await expect(page.getByText('Документ отозван').first()).toBeVisible();
  await publicPage.goto(address!.replace(/\/api\/verify\/.*$/, '/api/verify?domain=demo'));
  await publicPage.getByLabel('Код проверки').fill(code.toLowerCase());
  await publicPage.getByRole('button', { name: 'Проверить' }).click();
  await expect(publicPage.getByRole('heading', { name: 'Документ отозван' })).toBeVisible();
  await stranger.close();

  // the template's number register, read-only in the back office: the last number the issue took and the next one
  await page.goto(`${web()}/admin/number_registers`);
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText(/-\d{4}-0002/);

  // a selection: two students chosen in the users list get the document from there
  await page.goto(`${web()}/admin/users?filter=${encodeURIComponent(JSON.stringify({ role: 'student', q: 'student' }))}`);
  const rows = page.locator('.RaDatagrid-tbody tr');
  await expect(rows.first()).toBeVisible();
  const chosen = Math.min(await rows.count(), 2);
  for (let i = 0; i < chosen; i++) await rows.nth(i).getByRole('checkbox').check();
  await page.locator('.RaBulkActionsToolbar-topToolbar').getByTestId('bulk-issue').click();
  await expect(page.getByTestId('bulk-group_id')).toHaveCount(0); // the recipients are the selection
  await choose('bulk-template_id', title);
  await page.getByTestId('bulk-hours').fill('36');
  await expect(page.getByTestId('bulk-name')).toHaveCount(chosen);
  await page.getByTestId('bulk-start').click();
  await expect(page.getByTestId('bulk-done')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('bulk-progress')).toContainText(new RegExp(`${chosen} из ${chosen}`));
});
