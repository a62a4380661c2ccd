import { expect, test, type Page } from '@playwright/test';
import { API, apiCall, apiToken, dismissWelcome, fakeMp4, passIntroductions, signIn, web, zipArchive } from './support.ts';

// Issue 11 ("What users hit"), items 2, 4 and 5: each check fails if the defect comes back.
test.describe.configure({ timeout: 180_000 });

const PROJECT = 'Проект: стратегия вашей компании';

async function firstProgramId(token: string) {
  const list = (await apiCall('/admin/program?per_page=1', token)).body.data as { id: number }[];
  expect(list.length, 'a demo program').toBeGreaterThan(0);
  return list[0].id;
}

/** Every API answer of the page with this status, to assert that none came (a 422 or 403 behind a screen). */
function answersWith(page: Page, status: number) {
  const seen: string[] = [];
  page.on('response', (r) => {
    if (r.status() === status) seen.push(r.url());
  });
  return seen;
}

test.describe('item 5: one look for numbers, dates and file sizes in the Russian back office', () => {
  // an English browser: react-admin's own fields would print 360,000 and 11/24/2026, 5:34:06 AM here
  test.use({ locale: 'en-US', timezoneId: 'UTC' });

  test('prices, videos and projects show 360 000, DD.MM.YYYY hh:mm:ss and КБ; rows per page show 15; each screen has its own title; a favicon', async ({ page }) => {
    const stamp = Date.now();
    const admin = await apiToken('admin');
    const programId = await firstProgramId(admin);
    const price = await apiCall('/admin/price', admin, { method: 'POST', body: { program_id: programId, title: `Цена ${stamp}`, format: 'online', currency: 'RUB', amount: 360000, extra_amount: 0 } });
    expect(price.status, JSON.stringify(price.body)).toBe(201);
    const form = new FormData();
    form.append('title', `Видео ${stamp}`);
    form.append('kind', 'video');
    form.append('file', new Blob([fakeMp4(176)], { type: 'video/mp4' }), `v${stamp}.mp4`);
    const up = await fetch(`${API}/admin/media`, { method: 'POST', headers: { domain: 'demo', authorization: `Bearer ${admin}` }, body: form });
    expect(up.status, await up.clone().text()).toBe(201);

    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/courses$/);
    // the back office has a favicon of its own (an inline PNG: the CSP allows data: images; Chromium decodes an SVG
    // icon on the page's main thread, a long task of its own on a phone)
    const icon = page.locator('link[rel="icon"]');
    await expect(icon).toHaveAttribute('href', /^data:image\/png;base64,/);
    const href = (await icon.getAttribute('href')) ?? '';
    expect(
      await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return [image.naturalWidth, image.naturalHeight];
      }, href),
    ).toEqual([64, 64]);

    await page.goto(`${web()}/admin/prices`);
    const priceRow = page.getByRole('row', { name: new RegExp(`Цена ${stamp}`) });
    await expect(priceRow).toContainText('360 000');
    await expect(priceRow).not.toContainText('360,000');
    await expect(page.locator('.MuiTablePagination-select').first()).toHaveText('15');
    await expect(page).toHaveTitle(/^Цены — Campus LMS$/);

    await page.goto(`${web()}/admin/videos`);
    const videoRow = page.getByRole('row', { name: new RegExp(`Видео ${stamp}`) });
    await expect(videoRow).toContainText('176,0 КБ');
    await expect(videoRow).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}/);
    await expect(videoRow).not.toContainText(/AM|PM|KB/);
    await expect(page.locator('.MuiTablePagination-select').first()).toHaveText('15');
    await expect(page).toHaveTitle(/^Видео — Campus LMS$/);

    // a generated list (materials) and a hand-built one (projects) have a rows-per-page value too
    await page.goto(`${web()}/admin/media`);
    await expect(page.locator('.MuiTablePagination-select').first()).toHaveText('15');
    await expect(page.getByRole('row', { name: new RegExp(`Видео ${stamp}`) })).toContainText('176,0 КБ');

    // the title follows the interface language
    await page.getByRole('combobox', { name: 'Язык' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.goto(`${web()}/admin/prices`);
    await expect(page).toHaveTitle(/^Prices — Campus LMS$/);
    await expect(page.getByRole('row', { name: new RegExp(`Цена ${stamp}`) })).toContainText('360 000');
    await page.goto(`${web()}/admin/videos`);
    await expect(page.getByRole('row', { name: new RegExp(`Видео ${stamp}`) })).toContainText('176.0 KB');
  });
});

test('item 2: a curator opens news/curator and calendar/admin in the portal (no 422, no "page not found") and is welcomed as a curator', async ({ page }) => {
  const stamp = Date.now();
  const moderator = await apiToken('moderator');
  const created = await apiCall('/admin/news/curator', moderator, { method: 'POST', body: { title: `Для кураторов ${stamp}`, body: '<p>План недели</p>' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const refused = answersWith(page, 422);

  await signIn(page, 'moderator');
  await page.waitForURL(/\/admin\//);
  await page.goto(`${web()}/news/curator`);
  // the welcome speaks to a curator, not to a student
  await expect(page.getByTestId('welcome-text')).toContainText('новости кураторов');
  await expect(page.getByTestId('welcome-text')).not.toContainText('Заполните профиль');
  await dismissWelcome(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Новости кураторов');
  await expect(page.getByTestId('curator-news')).toContainText(`Для кураторов ${stamp}`);
  await expect(page.getByTestId('curator-news')).toContainText('План недели');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveTitle(/Новости кураторов/);

  await page.goto(`${web()}/calendar/admin`);
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Календарь');
  expect(refused, "no 422 answer behind the curator's pages").toEqual([]);
});

test('item 2: calendar/admin works for a student; news/curator is not theirs and never answers 422', async ({ page }) => {
  const refused = answersWith(page, 422);
  await signIn(page, 'student');
  await passIntroductions(page);
  await page.goto(`${web()}/calendar/admin`);
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Календарь');
  await page.goto(`${web()}/news/curator`);
  await expect(page).toHaveURL(/\/profile$/);
  expect(refused).toEqual([]);
});

test('item 4: while the last version awaits review the submit button says why; a trainer sees no enrolment controls', async ({ page }) => {
  const seed = `reason-${Date.now()}`;
  const student = await apiToken('student');
  const admin = await apiToken('admin');
  const me = (await apiCall('/api/user', student)).body.data as { id: number };
  const grades = (await apiCall('/api/score', student)).body.data as { projects: { media_id: number; title: string; status: string | null }[] }[];
  const mediaId = grades.flatMap((p) => p.projects).find((m) => m.title === PROJECT)?.media_id;
  expect(mediaId, 'the strategy project').toBeTruthy();
  // make sure a version awaits review: submit one (a version already awaiting makes the server refuse it, which is fine)
  await apiCall(`/admin/user/${me.id}/media/${mediaId}/updateCountAttempts`, admin, { method: 'POST', body: { count_attempts: 1 } });
  const form = new FormData();
  form.append('file1', new Blob([zipArchive(seed)], { type: 'application/zip' }), `${seed}.zip`);
  form.append('confirm', '1');
  await fetch(`${API}/api/media/${mediaId}/submittedProject`, { method: 'POST', headers: { domain: 'demo', authorization: `Bearer ${student}` }, body: form });
  const versions = (await apiCall(`/api/media/${mediaId}/submittedProject`, student)).body.data as { version: number; status: string }[];
  expect(versions.sort((a, b) => b.version - a.version)[0].status).toBe('awaiting');

  await signIn(page, 'student');
  await passIntroductions(page);
  await page.goto(`${web()}/content/info/${mediaId}`);
  await page.getByTestId('project-files').setInputFiles({ name: 'next.zip', mimeType: 'application/zip', buffer: zipArchive(`${seed}-2`) });
  await page.getByTestId('project-confirm').check();
  const button = page.getByTestId('project-submit');
  await expect(button).toBeDisabled();
  await expect(page.getByTestId('project-submit-reason')).toHaveText('Предыдущая версия проекта ещё ожидает проверки.');
  await expect(button).toHaveAttribute('aria-describedby', 'project-submit-reason');

  // the trainer opens a program: the lists, no group picker and no remove buttons, and no refused call behind them
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  const trainer = await apiToken('trainer');
  const programId = await firstProgramId(trainer);
  const forbidden = answersWith(page, 403);
  await signIn(page, 'trainer');
  await page.waitForURL(/\/admin\//);
  await page.goto(`${web()}/admin/courses/${programId}`);
  await expect(page.getByText('Обучаются')).toBeVisible();
  await expect(page.getByText('Слушатели', { exact: true })).toBeVisible();
  await expect(page.getByTestId('enrol-group-select')).toHaveCount(0);
  await expect(page.getByTestId('enrol-group')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Отчислить' })).toHaveCount(0);
  expect(
    forbidden.filter((u) => u.includes('/admin/group')),
    'the group list is not called for a trainer',
  ).toEqual([]);

  // an admin still has the picker on the same program
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'admin');
  await page.waitForURL(/\/admin\//);
  await page.goto(`${web()}/admin/courses/${programId}`);
  await expect(page.getByTestId('enrol-group-select')).toHaveCount(1);
});
