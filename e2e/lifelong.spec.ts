import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { API, apiCall, apiToken, passIntroductions, signIn, web } from './support.ts';

// the builder, the achievement's form and the student's pages on one journey: more than the default minute on a busy machine
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1300, height: 1400 } });

test("an admin builds a branch (program, module, achievement); a student passes the module's quiz, sees the achievement earned, downloads its credential and opens its public page", async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const quizTitle = `Тест ветки ${stamp}`;
  const branchTitle = `Ветка ${stamp}`;

  // a quiz of one question in a program of its own that the demo student is enrolled in (set up through the API)
  const admin = await apiToken('admin');
  const student = await apiToken('student');
  const me = (await apiCall('/api/user', student)).body.data as { id: number; surname: string; name: string };
  const program = (await apiCall('/admin/program', admin, { method: 'POST', body: { title: `Программа ветки ${stamp}` } })).body.data as { id: number };
  const chapter = (await apiCall('/admin/programChapter', admin, { method: 'POST', body: { program_id: program.id, title: 'Глава' } })).body.data as { id: number };
  const quiz = (await apiCall('/admin/quiz', admin, { method: 'POST', body: { title: quizTitle, kind: 'pass', passing_percentage: 50 } })).body.data as { id: number };
  expect(
    (
      await apiCall('/admin/question', admin, {
        method: 'POST',
        body: { quiz_id: quiz.id, text: 'Сколько будет 2 + 2?', type: 'radio', options: [{ text: 'Четыре', is_correct: true, score: 1 }, { text: 'Пять' }] },
      })
    ).status,
  ).toBe(201);
  expect((await apiCall(`/admin/programChapter/${chapter.id}/attachQuiz`, admin, { method: 'POST', body: { quiz_id: quiz.id } })).status).toBe(200);
  expect((await apiCall(`/admin/program/${program.id}/setUser`, admin, { method: 'POST', body: { users: [me.id] } })).status).toBe(200);

  // the admin creates the branch: the app opens its screen with the builder
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\//);
  await page.goto(`${web()}/admin/abranch/create`);
  await page.getByLabel('Название *').fill(branchTitle);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/admin\/abranch\/\d+$/);
  const branchId = Number(/\/admin\/abranch\/(\d+)$/.exec(page.url())![1]);
  const builder = page.getByTestId('branch-builder');
  await expect(builder).toContainText('В ветке пока нет программ.');

  // a program, then a module made of the quiz, found by a search
  await page.getByTestId('aprogram-new-title').fill('Первые шаги');
  await page.getByTestId('aprogram-add').click();
  const programCard = builder.getByTestId(/^aprogram-\d+$/);
  await expect(programCard).toContainText('Первые шаги');
  await expect(programCard).toContainText('В программе пока нет модулей.');
  await programCard.getByTestId('amodule-target').getByRole('combobox').fill(quizTitle);
  await page.getByRole('option', { name: quizTitle }).click();
  await programCard.getByTestId('amodule-add').click();
  await expect(programCard.getByTestId(/^amodule-\d+$/)).toContainText(quizTitle);

  // the specification's abranch/{id_branch}/aprogram/{id_aprogram}: the program's title opens the builder on that program
  await programCard.getByRole('link', { name: 'Первые шаги' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/abranch/${branchId}/aprogram/\\d+$`));
  await expect(builder.locator('[data-focused="true"]')).toContainText('Первые шаги');
  await page.goto(`${web()}/admin/abranch/${branchId}`);
  await expect(builder).toContainText('Первые шаги');

  // an achievement of the branch, earned by passing that quiz (toast add_achievement_success)
  await builder.getByTestId('achievement-add').click();
  await expect(page).toHaveURL(/\/admin\/achievement\/create/);
  // the form starts with the branch chosen (the builder's link carries it); typing before that would be reset
  await expect(page.getByLabel('Ветка *')).toHaveValue(branchTitle);
  await page.getByLabel('Название *').fill(`Знаток ${stamp}`);
  await page.getByRole('tab', { name: 'Как получить' }).click();
  await page.getByLabel('Как получить *').click();
  await page.getByRole('option', { name: 'Тест сдан (не меньше заданного %)' }).click();
  await page.getByLabel('Тест', { exact: true }).fill(quizTitle);
  await page.getByRole('option', { name: quizTitle }).click();
  await page.getByLabel('Не меньше, %').fill('50');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Достижение добавлено').first()).toBeVisible();

  // the student passes the quiz
  const learner = await browser.newContext();
  const sp = await learner.newPage();
  await signIn(sp, 'student');
  await passIntroductions(sp);
  await sp.goto(`${web()}/abranch/${branchId}`);
  await expect(sp.getByRole('heading', { name: branchTitle })).toBeVisible();
  await expect(sp.getByTestId(/^achievement-\d+$/)).toContainText('Ещё не получено');
  await expect(sp.getByTestId(/^achievement-\d+$/)).toContainText(`Сдать тест «${quizTitle}» не меньше чем на 50%`);
  await sp.getByRole('link', { name: quizTitle }).click();
  await sp.getByTestId('quiz-start').click();
  await sp.locator('.option').filter({ hasText: 'Четыре' }).locator('input').check();
  await sp.getByTestId('quiz-answer').click();
  await sp.getByTestId('quiz-finish').click(); // the summary before finishing (issue 30)
  await expect(sp.getByTestId('quiz-result')).toBeVisible();

  // the achievement is earned: shown on the branch, its credential downloaded
  await sp.goto(`${web()}/abranch/${branchId}`);
  const card = sp.getByTestId(/^achievement-\d+$/);
  await expect(card.getByTestId('achievement-earned')).toBeVisible();
  await expect(sp.getByTestId(/^amodule-\d+$/)).toContainText('Пройдено');
  const download = sp.waitForEvent('download');
  await card.getByTestId('credential-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^achievement-\d+\.jwt$/);
  const jwt = (await readFile((await file.path())!, 'utf8')).trim();
  expect(jwt.split('.')).toHaveLength(3);
  // the school's verification says the signature holds and the award is valid
  const check = await fetch(`${API}/api/credential/verify`, { method: 'POST', headers: { 'content-type': 'application/json', domain: 'demo' }, body: JSON.stringify({ credential: jwt }) });
  expect(((await check.json()) as { data: { signature: boolean; status: string } }).data).toMatchObject({ signature: true, status: 'valid' });

  // its public page, opened by someone who is not signed in
  const href = await card.getByTestId('credential-page').getAttribute('href');
  const anonymous = await browser.newContext();
  const employer = await anonymous.newPage();
  await employer.goto(`${web()}${href}`);
  await expect(employer.getByTestId('credential-status')).toHaveText('Действительно');
  await expect(employer.getByRole('heading', { name: `Знаток ${stamp}` })).toBeVisible();
  await expect(employer.getByTestId('credential-holder')).toHaveText(`${me.surname} ${me.name}`);
  await anonymous.close();
  await learner.close();
});

test('the lifelong-learning pages work at 360 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, 'student');
  await passIntroductions(page);
  await page.goto(`${web()}/abranch/list`);
  await page.getByRole('link', { name: 'Лидерство и управление' }).click();
  await expect(page.getByRole('heading', { name: 'Лидерство и управление' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Наставник группы' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
