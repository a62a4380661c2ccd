import { expect, test } from '@playwright/test';
import { API, apiCall, apiToken, passIntroductions, signIn, web, zipArchive } from './support.ts';

const PROJECT = 'Проект: стратегия вашей компании';

/**
 * The student submits a version of the strategy project through the API (as the portal does). Whatever earlier runs
 * left is made room for: an awaiting version is reviewed first, and one extra version is granted beyond the rule.
 */
async function submitVersion(seed: string) {
  const student = await apiToken('student');
  const admin = await apiToken('admin');
  const me = (await apiCall('/api/user', student)).body.data as { id: number };
  const list = (await apiCall(`/admin/submittedProject?q=${encodeURIComponent('Студентов')}&per_page=100`, admin)).body.data as { id: number; media_id: number; media_title: string; status: string }[];
  const grades = (await apiCall('/api/score', student)).body.data as { projects: { media_id: number; title: string }[] }[];
  const mediaId = grades.flatMap((p) => p.projects).find((m) => m.title === PROJECT)?.media_id;
  expect(mediaId, 'the strategy project').toBeTruthy();
  for (const r of list.filter((x) => x.media_id === mediaId && x.status === 'awaiting')) {
    await apiCall(`/admin/submittedProject/${r.id}`, admin, { method: 'PUT', body: { score: 1 } });
  }
  await apiCall(`/admin/user/${me.id}/media/${mediaId}/updateCountAttempts`, admin, { method: 'POST', body: { count_attempts: 1 } });
  const form = new FormData();
  form.append('file1', new Blob([zipArchive(seed)], { type: 'application/zip' }), `${seed}.zip`);
  form.append('message', `Версия ${seed}`);
  form.append('confirm', '1');
  const res = await fetch(`${API}/api/media/${mediaId}/submittedProject`, { method: 'POST', headers: { domain: 'demo', authorization: `Bearer ${student}` }, body: form });
  const body = (await res.json()) as { data: { id: number; version: number } };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return { id: body.data.id, mediaId: mediaId! };
}

test('a trainer reviews a submitted project: score and message, the menu badge drops, the student sees the score', async ({ page }) => {
  test.setTimeout(180_000); // two sign-ins and two apps on a shared, busy machine
  const seed = `review-${Date.now()}`;
  const { id, mediaId } = await submitVersion(seed);
  const trainer = await apiToken('trainer');
  const before = ((await apiCall('/admin/submittedProject/countNotCheckProject', trainer)).body.data as { count: number }).count;
  expect(before).toBeGreaterThan(0);

  // the trainer opens the review list: the badge shows the unchecked count
  await signIn(page, 'trainer');
  await page.waitForURL(/\/admin\//);
  await page.goto(`${web()}/admin/projects`);
  const badge = page.getByTestId('projects-unchecked');
  await expect(badge).toHaveAttribute('data-count', String(before));
  await expect(badge).toContainText(String(before));
  const row = page.locator('tbody tr').filter({ has: page.locator('td.column-id', { hasText: new RegExp(`^${id}$`) }) });
  await expect(row).toContainText(PROJECT);
  await expect(row).toContainText('На проверке');
  await row.click();

  // the review form: the student's message and file, then score and message
  await expect(page).toHaveURL(new RegExp(`/admin/projects/${id}$`));
  const submission = page.getByTestId('project-submission');
  await expect(submission).toContainText(`Версия ${seed}`);
  await expect(submission).toContainText(`${seed}.zip`);
  await page.getByLabel('Оценка').fill('87');
  await page.getByLabel('Комментарий тренера').fill(`Сильная стратегия, ${seed}`);
  await page.getByRole('toolbar').getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Проверка сохранена')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/projects$/);
  await expect(badge).toHaveAttribute('data-count', String(before - 1));
  await expect(page.locator('tbody tr').filter({ has: page.locator('td.column-id', { hasText: new RegExp(`^${id}$`) }) })).toContainText('Проверен');

  // the student sees the score and the trainer's message on the project, and the score on the grades page
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'student');
  await passIntroductions(page);
  await page.goto(`${web()}/content/info/${mediaId}`);
  const latest = page.getByTestId('project-version').first();
  await expect(latest).toContainText('87');
  await expect(latest).toContainText(`Сильная стратегия, ${seed}`);
  await expect(latest).toContainText('Тренеров Пётр');
  await page.goto(`${web()}/score`);
  await expect(page.locator('tr').filter({ hasText: PROJECT })).toContainText('87');
});

test("an admin sets the score settings, approves a student's score and looks at the rating by month", async ({ page }) => {
  test.setTimeout(180_000);
  const admin = await apiToken('admin');
  const saved = (await apiCall('/admin/score/settings', admin)).body.data;
  try {
    await signIn(page, 'admin');
    await page.waitForURL(/\/admin\//);
    await page.goto(`${web()}/admin/scores`);
    // the demo student's row, with the seeded project's percent (the marketplace journey's buyer, north's student of
    // the same name, studies this program in demo too, with nothing done yet)
    const row = page
      .locator('tbody tr')
      .filter({ hasText: 'Студентов Алексей' })
      .filter({ hasText: 'Стратегический менеджмент' })
      .filter({ has: page.locator('td.column-project_percent').filter({ hasNotText: /^0$/ }) });
    await expect(row).toBeVisible();
    // settings: the weights must add up to 100 before they can be saved
    await page.getByTestId('score-max').fill('10');
    await page.getByTestId('score-ratio-quizzes').fill('30');
    await expect(page.getByTestId('score-settings')).toContainText('Сумма весов: 80');
    await expect(page.getByRole('button', { name: 'Сохранить настройки' })).toBeDisabled();
    await page.getByTestId('score-ratio-projects').fill('60');
    await page.getByRole('button', { name: 'Сохранить настройки' }).click();
    await expect(page.getByText('Настройки оценки сохранены')).toBeVisible();
    await expect(row.locator('td.column-max_score')).toHaveText('10');
    // one score: details, then approve
    await row.click();
    await expect(page.getByTestId('score-detail')).toContainText('Проект: стратегия вашей компании');
    await page.getByTestId('score-approve').click();
    await expect(page.getByText('Оценка утверждена')).toBeVisible();
    await expect(page.getByTestId('score-status')).toContainText('Утверждена');
    // the rating: all time, then a month of this year
    await page.goto(`${web()}/admin/rating`);
    await expect(page.getByTestId('rating-table')).toContainText('Студентов Алексей');
    // a report period (the last week), then a year and month of the calendar
    await page.getByRole('combobox', { name: 'Период' }).click();
    await page.getByRole('option', { name: 'Неделя' }).click();
    await expect(page.getByTestId('rating-table')).toContainText('Студентов Алексей');
    await page.getByRole('combobox', { name: 'Период' }).click();
    await page.getByRole('option', { name: 'Год и месяц календаря' }).click();
    await page.getByLabel('Год').click();
    await page.getByRole('option', { name: String(new Date().getUTCFullYear()) }).click();
    await page.getByLabel('Месяц').click();
    await page.getByRole('option', { name: ['Январь', 'Февраль', 'Март', 'Апрель', 'Май', 'Июнь', 'Июль', 'Август', 'Сентябрь', 'Октябрь', 'Ноябрь', 'Декабрь'][new Date().getUTCMonth()] }).click();
    await expect(page.getByTestId('rating-table')).toContainText('Студентов Алексей');
    // the student sees the program's approved score (points kept of the max score then in force)
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, 'student');
    await passIntroductions(page);
    await page.goto(`${web()}/score`);
    const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: 'Стратегический менеджмент' }) });
    await expect(card.getByTestId('program-score')).toContainText('из 10');
    await expect(card.getByTestId('program-score')).toContainText('Утверждена');
  } finally {
    await apiCall('/admin/score/settings', admin, { method: 'PUT', body: saved });
  }
});
