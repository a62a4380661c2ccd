import { expect, test } from '@playwright/test';
import { makePackage } from '../server/modules/scorm/package-maker.ts';
import { zipOf } from '../server/modules/scorm/zip-writer.ts';
import { API, apiCall, apiToken, passIntroductions, signIn, web } from './support.ts';

/**
 * SCORM (issue 33): an admin uploads a package made here by a script; a student plays it in Chromium, its page calls
 * the run-time API (LMSInitialize, LMSSetValue of the bookmark, suspend data, status and score, LMSCommit, LMSFinish),
 * and after a reload it resumes where it stopped and the program's progress shows the material done.
 */
test('an admin uploads a SCORM 1.2 package; a student plays it, it commits, resumes after a reload and counts as done', async ({ page, browser }) => {
  const title = `Переговоры ${Date.now()}`;
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await page.goto(`${web()}/admin/media/create?kind=scorm`);
  await page.getByLabel('Название *').fill(title);
  // a zip without a manifest is refused with the catalogue's words, and nothing is made
  await page.getByTestId('media-file').setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: zipOf([{ name: 'index.html', data: '<p>x</p>' }]) });
  await page.getByTestId('media-save').click();
  await expect(page.getByText('В корне пакета нет файла imsmanifest.xml.')).toBeVisible();
  await page.getByTestId('media-file').setInputFiles({ name: 'negotiation.zip', mimeType: 'application/zip', buffer: makePackage({ version: '1.2', title: 'Negotiation lesson' }) });
  await page.getByTestId('media-save').click();
  // the manifest's title and version, read by the server
  await expect(page.getByText('Пакет прочитан: Negotiation lesson, SCORM 1.2')).toBeVisible();

  // the material joins a chapter of the student's program (the builder's route)
  const admin = await apiToken('admin');
  const found = (await apiCall(`/admin/media?q=${encodeURIComponent(title)}`, admin)).body as { data: { id: number }[] };
  const mediaId = found.data[0].id;
  const student = await apiToken('student');
  const mine = (await apiCall('/api/program', student)).body as { data: { id: number }[] };
  const programId = mine.data[0].id;
  const tree = (await apiCall(`/api/program/${programId}`, student)).body as { data: { chapters: { id: number }[] } };
  expect((await apiCall(`/admin/programChapter/${tree.data.chapters[0].id}/attachMedia`, admin, { method: 'POST', body: { media_id: mediaId } })).status).toBe(200);

  const context = await browser.newContext();
  const learner = await context.newPage();
  await signIn(learner, 'student');
  await passIntroductions(learner);
  await learner.goto(`${web()}/content/info/${mediaId}`);
  await expect(learner.getByTestId('scorm-status')).toHaveText('Не начато');
  await learner.getByRole('button', { name: 'Начать' }).click();
  const pkg = learner.frameLocator('[data-testid="scorm-frame"]');
  await expect(pkg.getByText('Connected to the SCORM 1.2 run-time')).toBeVisible();
  await expect(pkg.getByText('First visit')).toBeVisible();
  await expect(pkg.getByText('Bookmark saved')).toBeVisible();
  // the package runs in an origin of its own: the portal's storage (its session token) is out of its reach
  const frame = learner.frames().find((f) => f.url().includes('/api/scorm/content/'))!;
  expect(await frame.evaluate(() => String(window.origin))).toBe('null');
  expect(
    await frame.evaluate(() => {
      try {
        return String(window.localStorage.length);
      } catch {
        return 'denied';
      }
    }),
  ).toBe('denied');
  await pkg.getByRole('button', { name: 'Finish the lesson' }).click();
  await expect(pkg.getByText('Lesson finished: 85 of 100')).toBeVisible();
  await learner.getByTestId('scorm-close').click();
  await expect(learner.getByTestId('scorm-status')).toHaveText('Зачтено');
  await expect(learner.getByTestId('scorm-score')).toContainText('85 из 100');

  // after a reload the package resumes from its bookmark and suspend data
  await learner.reload();
  await learner.getByRole('button', { name: 'Продолжить' }).click();
  await expect(pkg.getByText('Resumed at page-2 with answers=3;page=2')).toBeVisible();
  await learner.getByTestId('scorm-close').click();
  // a new attempt starts from the beginning; the passed one still counts in the program (below)
  await learner.getByRole('button', { name: 'Новая попытка' }).click();
  await expect(pkg.getByText('First visit')).toBeVisible();
  await learner.getByTestId('scorm-close').click();
  await expect(learner.getByRole('button', { name: 'Новая попытка' })).toHaveCount(0);

  // the program's progress counts the material as done
  await learner.goto(`${web()}/courses/${programId}`);
  const item = learner.locator('li', { has: learner.getByRole('link', { name: title }) });
  await expect(item.getByTestId('item-status')).toHaveText('Зачтено');
  await context.close();
});

test('a student plays a SCORM 2004 package through window.API_1484_11 and passes it', async ({ page }) => {
  const title = `Симуляция ${Date.now()}`;
  const admin = await apiToken('admin');
  const form = new FormData();
  form.append('title', title);
  form.append('file', new Blob([new Uint8Array(makePackage({ version: '2004', title: 'Market simulation' }))], { type: 'application/zip' }), 'simulation.zip');
  const res = await fetch(`${API}/admin/scorm`, { method: 'POST', headers: { domain: 'demo', authorization: `Bearer ${admin}` }, body: form });
  expect(res.status).toBe(201);
  const made = ((await res.json()) as { data: { media_id: number; version: string } }).data;
  expect(made.version).toBe('2004');
  const student = await apiToken('student');
  const programId = ((await apiCall('/api/program', student)).body as { data: { id: number }[] }).data[0].id;
  const tree = (await apiCall(`/api/program/${programId}`, student)).body as { data: { chapters: { id: number }[] } };
  expect((await apiCall(`/admin/programChapter/${tree.data.chapters[0].id}/attachMedia`, admin, { method: 'POST', body: { media_id: made.media_id } })).status).toBe(200);

  await signIn(page, 'student');
  await passIntroductions(page);
  await page.goto(`${web()}/content/info/${made.media_id}`);
  await page.getByRole('button', { name: 'Начать' }).click();
  const pkg = page.frameLocator('[data-testid="scorm-frame"]');
  await expect(pkg.getByText('Connected to the SCORM 2004 run-time')).toBeVisible();
  await expect(pkg.getByText('Bookmark saved')).toBeVisible();
  await pkg.getByRole('button', { name: 'Finish the lesson' }).click();
  await expect(pkg.getByText('Lesson finished: 85 of 100')).toBeVisible();
  await page.getByTestId('scorm-close').click();
  await expect(page.getByTestId('scorm-status')).toHaveText('Зачтено');
  const attempt = (await apiCall(`/api/scorm/${made.media_id}/attempt`, student)).body as { data: Record<string, unknown> };
  expect(attempt.data).toMatchObject({ completion_status: 'completed', success_status: 'passed', score_scaled: 0.85, location: 'page-2', suspend_data: 'answers=3;page=2', done: true });
});

test('the demo student finds a SCORM package and an LTI tool together in "Open standards"; the player speaks English', async ({ page }) => {
  await signIn(page, 'student');
  await passIntroductions(page);
  // the demo's program of its own (server/seed/standards.ts): the student is enrolled, both standards side by side
  await page.goto(`${web()}/courses/list`);
  await page.getByTestId('course-card').filter({ hasText: 'Открытые стандарты' }).click();
  await expect(page.getByRole('link', { name: 'Маркетинговая игра (SCORM 1.2)' })).toBeVisible();
  // the LTI tool is registered with placeholder addresses, and its page says so before anyone presses Open
  await page.getByRole('link', { name: 'Бизнес-симулятор (LTI 1.3)' }).click();
  await expect(page.getByTestId('lti-material')).toContainText('Бизнес-симулятор (демо)');
  await expect(page.getByText(/адреса — заглушки/)).toBeVisible();
  await page.goBack();
  await page.getByTestId('lang-switch').selectOption('en');
  await page.getByRole('link', { name: 'Маркетинговая игра (SCORM 1.2)' }).click();
  await expect(page.getByTestId('scorm-status')).toHaveText('Not started');
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.frameLocator('[data-testid="scorm-frame"]').getByText('Connected to the SCORM 1.2 run-time')).toBeVisible();
  await page.getByTestId('scorm-close').click();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
});
