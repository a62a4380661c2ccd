import { expect, test } from '@playwright/test';
import { fakeMp4, signIn, web } from './support.ts';

// uploads and several screens per journey: more time than the default on a busy machine
test.describe.configure({ timeout: 180_000 });

test('an admin uploads a video with a progress bar reaching 100 % and finds it in videos with a streaming player', async ({ page }) => {
  const title = `Вводная лекция ${Date.now()}`;
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await page.goto(`${web()}/admin/videos`);
  await page.getByRole('link', { name: 'Загрузить видео' }).first().click();
  await expect(page).toHaveURL(/\/admin\/media\/create\?kind=video/);
  await page.getByLabel('Название *').fill(title);
  await page.getByTestId('media-file').setInputFiles({ name: 'intro.mp4', mimeType: 'video/mp4', buffer: fakeMp4(1536) });
  await expect(page.getByTestId('media-file-name')).toContainText('intro.mp4');
  await page.getByTestId('media-save').click();
  // one look at both: the full bar is shown only for a moment before the screen moves on
  const fullBar = page.getByTestId('upload-progress').filter({ has: page.locator('[role="progressbar"][aria-valuenow="100"]') });
  await expect(fullBar).toContainText('Загружено 100%');
  await expect(page.getByText('Материал добавлен')).toBeVisible();

  await expect(page).toHaveURL(/\/admin\/videos/);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await row.getByText(title).click(); // expands the player
  const player = page.locator('video[data-testid^="player-"]');
  await expect(player).toBeVisible();
  const src = (await player.getAttribute('src'))!;
  expect(src).toContain('/api/streamVideo?media_id=');
  // the player's URL answers a range request by itself (token and school in the query)
  const answer = await page.evaluate(async (url) => {
    const res = await fetch(url, { headers: { Range: 'bytes=4-11' } });
    return { status: res.status, text: new TextDecoder().decode(await res.arrayBuffer()) };
  }, src);
  expect(answer).toEqual({ status: 206, text: 'ftypisom' });
});

test('in the file manager an admin creates a folder, uploads a file, moves it there and renames the folder', async ({ page }) => {
  const stamp = Date.now();
  const folder = `Отчёты ${stamp}`;
  const renamed = `Отчёты-2026 ${stamp}`;
  const fileName = `план-${stamp}.txt`;
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await page.goto(`${web()}/admin/files`);
  await expect(page.getByTestId('breadcrumbs')).toContainText('Файлы');

  await page.getByTestId('folder-create').click();
  await page.getByTestId('folder-name').fill(folder);
  await page.getByTestId('dialog-confirm').click();
  await expect(page.getByText('Папка создана')).toBeVisible();
  await expect(page.getByTestId(`folder-row-${folder}`)).toBeVisible();

  await page.getByTestId('files-input').setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from('Итоги квартала') });
  await expect(page.getByTestId('upload-percent')).toHaveText('Загружено 100%');
  await expect(page.getByText('Загружено файлов: 1')).toBeVisible();
  const fileRow = page.getByTestId(`file-row-${fileName}`);
  await expect(fileRow).toBeVisible();

  await page.getByRole('checkbox', { name: `Выбрать ${fileName}` }).check();
  await page.getByTestId('files-move').click();
  await page.getByRole('dialog').getByRole('button', { name: folder, exact: true }).click();
  await page.getByTestId('pick-folder-ok').click();
  await expect(page.getByText('Файлы перемещены')).toBeVisible();
  await expect(fileRow).toHaveCount(0);
  await expect(page.getByTestId(`folder-row-${folder}`)).toContainText('файлов: 1');

  await page.getByTestId(`folder-row-${folder}`).getByRole('link', { name: folder, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/files\/folder\/\d+\//);
  await expect(page.getByTestId('breadcrumbs')).toContainText(folder);
  await expect(page.getByTestId(`file-row-${fileName}`)).toBeVisible();

  await page.getByTestId('breadcrumbs').getByRole('link', { name: 'Файлы' }).click();
  await page.getByRole('button', { name: `Переименовать ${folder}` }).click();
  await page.getByTestId('folder-name').fill(renamed);
  await page.getByTestId('dialog-confirm').click();
  await expect(page.getByText('Папка переименована')).toBeVisible();
  await expect(page.getByTestId(`folder-row-${renamed}`)).toBeVisible();
  await expect(page.getByTestId(`folder-row-${folder}`)).toHaveCount(0);

  // search finds the file in its folder
  await page.getByTestId('files-search').fill(`план-${stamp}`);
  await expect(page.getByTestId(`file-row-${fileName}`)).toContainText(renamed);
});
