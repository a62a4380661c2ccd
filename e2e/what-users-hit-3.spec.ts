import { expect, test, type Page } from '@playwright/test';
import { API, apiCall, apiToken, passIntroductions, signIn, web } from './support.ts';

// Issue 11 ("What users hit"), item 9: the calls of the specification that no screen used. Each check fails if the
// screen stops using them. Every setting changed here is put back as it was, whatever happens.
test.describe.configure({ timeout: 120_000 });

/** Sets a client setting for the test and answers a function that puts the previous value back. */
async function withSetting(admin: string, id: number, value: unknown) {
  const before = (await apiCall(`/admin/setting/${id}`, admin)).body.data as { value: unknown };
  const set = await apiCall(`/admin/setting/${id}`, admin, { method: 'PUT', body: { value } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return async () => void (await apiCall(`/admin/setting/${id}`, admin, { method: 'PUT', body: { value: before.value } }));
}

async function signInStudent(page: Page) {
  await signIn(page, 'student');
  await passIntroductions(page);
}

test('the school’s social links are at the foot of every portal page, in the interface language', async ({ page }) => {
  const admin = await apiToken('admin');
  const before = (await apiCall('/admin/setting/social', admin)).body.data as Record<string, string>;
  const stamp = Date.now();
  const links = { vk: `https://vk.com/school${stamp}`, site: `https://school${stamp}.example.org/` };
  expect((await apiCall('/admin/setting/social', admin, { method: 'PUT', body: { ...before, ...links } })).status).toBe(200);
  try {
    await signInStudent(page);
    await page.goto(`${web()}/profile`);
    const footer = page.getByRole('navigation', { name: 'Школа в сети' });
    await expect(footer.getByRole('link', { name: 'ВКонтакте' })).toHaveAttribute('href', links.vk);
    await expect(footer.getByRole('link', { name: 'Сайт школы' })).toHaveAttribute('href', links.site);
    // on another page too, and in English
    await page.getByTestId('lang-switch').selectOption('en');
    await page.goto(`${web()}/score`);
    const en = page.getByRole('navigation', { name: 'The school online' });
    await expect(en.getByRole('link', { name: 'VK' })).toHaveAttribute('href', links.vk);
    await expect(en.getByRole('link', { name: 'School website' })).toHaveAttribute('href', links.site);
  } finally {
    await apiCall('/admin/setting/social', admin, { method: 'PUT', body: before });
  }
});

test('client settings are honoured: the school’s theme until the user picks one, durations and instalments, its calendar', async ({ page }) => {
  const admin = await apiToken('admin');
  const restore = [
    await withSetting(admin, 13, 'dark'),
    await withSetting(admin, 16, [
      { format: 'online', months: 9 },
      { format: 'blended', months: 15 },
    ]),
    await withSetting(admin, 17, [6, 18]),
    await withSetting(admin, 19, 'campus-e2e@group.calendar.google.com'),
  ];
  try {
    await signInStudent(page);
    // nobody chose a theme in this browser: the school's dark theme is shown, and the switch says so
    await page.goto(`${web()}/payment`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByLabel('Тема')).toHaveValue('dark');
    // the payments page states the school's terms
    await expect(page.getByTestId('learning-durations')).toContainText('Онлайн: 9 мес.');
    await expect(page.getByTestId('learning-durations')).toContainText('Смешанный формат: 15 мес.');
    await expect(page.getByTestId('learning-durations')).not.toContainText('Очно');
    await expect(page.getByTestId('instalment-plans')).toHaveText('Рассрочка платежей: на 6, 18 мес.');
    // the calendar links the school's calendar (setting 19)
    await page.goto(`${web()}/calendar`);
    await expect(page.locator('a[href*="campus-e2e%40group.calendar.google.com"]')).toBeVisible();
    // the user's own choice wins over the school's and stays after a reload
    await page.getByLabel('Тема').selectOption('light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  } finally {
    for (const r of restore) await r();
  }
});

/** A folder of its own under the default folder, and a text file in it. */
async function folderWithFile(admin: string, stamp: number) {
  const folder = (await apiCall('/admin/file/createFolder', admin, { method: 'POST', body: { name: `Папка ${stamp}` } })).body.data as { id: number; name: string };
  const form = new FormData();
  form.append('folder_id', String(folder.id));
  form.append('files[]', new Blob(['Итоги квартала'], { type: 'text/plain' }), `итоги-${stamp}.txt`);
  const res = await fetch(`${API}/admin/file`, { method: 'POST', headers: { domain: 'demo', authorization: `Bearer ${admin}` }, body: form });
  expect(res.status).toBe(201);
  const file = ((await res.json()) as { data: { id: number; name: string }[] }).data[0];
  return { folder, file };
}

test('a folder of the file manager has its own address: it opens from it, survives a reload, back and forward', async ({ page }) => {
  const admin = await apiToken('admin');
  const stamp = Date.now();
  const { folder, file } = await folderWithFile(admin, stamp);
  await signIn(page, 'admin');
  await page.waitForURL(/\/admin\//);
  await page.goto(`${web()}/admin/files`);
  await page.getByTestId(`folder-row-${folder.name}`).getByRole('link', { name: folder.name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/files/folder/${folder.id}/`));
  await expect(page.getByTestId('breadcrumbs')).toContainText(folder.name);
  await expect(page.getByTestId(`file-row-${file.name}`)).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('breadcrumbs')).toContainText(folder.name);
  await expect(page.getByTestId(`file-row-${file.name}`)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/files$/);
  await expect(page.getByTestId(`folder-row-${folder.name}`)).toBeVisible();
  await page.goForward();
  await expect(page.getByTestId(`file-row-${file.name}`)).toBeVisible();
  // the address alone opens it (a link sent to a colleague), in a new tab
  const other = await page.context().newPage();
  await other.goto(`${web()}/admin/files/folder/${folder.id}`);
  await expect(other.getByTestId('breadcrumbs')).toContainText(folder.name);
  await expect(other.getByTestId(`file-row-${file.name}`)).toBeVisible();
  // the address names the folder
  await expect(other).toHaveURL(new RegExp(`/admin/files/folder/${folder.id}/${encodeURIComponent(folder.name)}$`));
});

test('the file edit screen renames a file and moves it to another folder', async ({ page }) => {
  const admin = await apiToken('admin');
  const stamp = Date.now();
  const { folder, file } = await folderWithFile(admin, stamp);
  const target = (await apiCall('/admin/file/createFolder', admin, { method: 'POST', body: { name: `Архив ${stamp}` } })).body.data as { id: number; name: string };
  await signIn(page, 'admin');
  await page.waitForURL(/\/admin\//);
  await page.goto(`${web()}/admin/files/folder/${folder.id}`);
  await page.getByTestId(`file-edit-${file.name}`).click();
  await expect(page).toHaveURL(new RegExp(`/admin/files/${file.id}$`));
  await expect(page).toHaveTitle(new RegExp(`Файл «${file.name}»`));
  const renamed = `отчёт-${stamp}.txt`;
  await page.getByTestId('file-name').fill(renamed);
  await page.getByTestId('file-change-folder').click();
  await page.getByRole('dialog').getByRole('button', { name: target.name, exact: true }).click();
  await page.getByTestId('pick-folder-ok').click();
  await expect(page.getByTestId('file-folder')).toHaveText(target.name);
  await page.getByTestId('file-save').click();
  await expect(page.getByText('Файл сохранён')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('file-name')).toHaveValue(renamed);
  await expect(page.getByTestId('file-breadcrumbs')).toContainText(target.name);
  // the way back leads to the file's new folder, where it is under its new name
  await page.getByTestId('file-back').click();
  await expect(page).toHaveURL(new RegExp(`/admin/files/folder/${target.id}/`));
  await expect(page.getByTestId(`file-row-${renamed}`)).toBeVisible();
  const one = (await apiCall(`/admin/file/${file.id}`, admin)).body.data as { name: string; folder_id: number };
  expect(one).toMatchObject({ name: renamed, folder_id: target.id });
});

test('file choosers are buttons in the interface language that open from the keyboard', async ({ page }) => {
  await signInStudent(page);
  await page.goto(`${web()}/upload`);
  const choose = page.getByRole('button', { name: 'Выбрать файлы' });
  await expect(choose).toBeVisible();
  await expect(page.getByTestId('document-input')).toBeHidden();
  await choose.focus();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  expect(chooser.isMultiple()).toBe(true);
  await page.goto(`${web()}/profile`);
  await expect(page.getByRole('button', { name: 'Загрузить фото' })).toBeVisible();
  await page.getByTestId('lang-switch').selectOption('en');
  await expect(page.getByRole('button', { name: 'Upload a photo' })).toBeVisible();
  await page.goto(`${web()}/upload`);
  await expect(page.getByRole('button', { name: 'Choose files' })).toBeVisible();
  await expect(page.getByText('No file chosen')).toBeVisible();

  // the back office: the file manager's upload and an image field of a form, in English (the stored choice) and Russian
  await page.evaluate(() => ['user-token', 'user-refresh-token'].forEach((k) => localStorage.removeItem(k)));
  await signIn(page, 'admin');
  await page.waitForURL(/\/admin\//);
  await page.goto(`${web()}/admin/files`);
  const upload = page.getByRole('button', { name: 'Upload files' });
  await upload.focus();
  const [files] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  expect(files.isMultiple()).toBe(true);
  await page.goto(`${web()}/admin/companies/create`);
  await page.getByRole('tab', { name: 'Signatures and stamp' }).click();
  await expect(page.getByRole('button', { name: /^Choose an image/ })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('lang', 'ru'));
  await page.reload();
  await page.getByRole('tab', { name: 'Подписи и печать' }).click();
  const image = page.getByRole('button', { name: /^Выбрать изображение/ });
  await image.focus();
  const [picture] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  expect(picture.isMultiple()).toBe(false);
  // a file field's drop zone (a document issued to a student) has its button too
  await page.goto(`${web()}/admin/documents/create`);
  const document = page.getByRole('button', { name: /^Выбрать файл/ });
  await document.focus();
  const [doc] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  expect(doc.isMultiple()).toBe(false);
});
