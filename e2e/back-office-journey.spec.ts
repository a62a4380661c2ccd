import { expect, test, type Page } from '@playwright/test';
import { apiCall, apiToken, createProgram, drag, fakeMp4, passIntroductions, signIn, web } from './support.ts';

/**
 * The back office's main journey (issue 4), every step through the admin's screens: a video uploaded, a quiz of
 * three questions written and reordered, a group filled by e-mails, a program built with two chapters holding them,
 * the group enrolled — and a student who was in nothing before sees the program in the portal.
 */

const questionRows = (page: Page) => page.getByTestId(/^question-\d+$/);
const chapterRows = (page: Page) => page.getByTestId(/^chapter-\d+$/);

test.use({ viewport: { width: 1400, height: 1600 } });
test.describe.configure({ timeout: 240_000 });

test('an admin builds a program with two chapters, a new video and a new three-question quiz, enrols a group made from e-mails, and its student sees it', async ({ page, browser }) => {
  const stamp = Date.now();
  const video = `Видео: введение в финансы ${stamp}`;
  const quiz = `Финансы: входной тест ${stamp}`;
  const group = `Финансы-${stamp}`;
  const program = `Финансы для руководителей ${stamp}`;
  const login = `fin${stamp}`;
  const email = `${login}@demo.test`;

  // a student enrolled in nothing yet
  const admin = await apiToken('admin');
  const created = await apiCall('/admin/user', admin, { method: 'POST', body: { login, email, password: 'Finance12345', name: 'Ирина', surname: 'Финансова', role: 'student' } });
  expect(created.status).toBe(201);

  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);

  // 1. the video, with its upload progress
  await page.goto(`${web()}/admin/media/create?kind=video`);
  await page.getByLabel('Название *').fill(video);
  await page.getByTestId('media-file').setInputFiles({ name: 'finance.mp4', mimeType: 'video/mp4', buffer: fakeMp4(512) });
  await page.getByTestId('media-save').click();
  await expect(page.getByTestId('upload-percent')).toHaveText('Загружено 100%');
  await expect(page.getByText('Материал добавлен')).toBeVisible();

  // 2. the quiz: three questions, the last one dragged to the top
  await page.goto(`${web()}/admin/quizzes/create`);
  await page.getByTestId('quiz-title').fill(quiz);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/admin\/quizzes\/\d+$/);
  const questions = ['Что показывает баланс?', 'Что такое EBITDA?', 'Как считается ROI?'];
  for (const [i, text] of questions.entries()) {
    await page.getByTestId('quiz-add-question').click();
    const row = questionRows(page).nth(i);
    await row.getByTestId('question-text').fill(text);
    await row.getByTestId('question-text').blur();
    await row.getByTestId('new-option-text').fill(`Ответ ${i + 1}`);
    await row.getByTestId('new-option-text').press('Enter');
    await expect(row.getByTestId(/^option-\d+$/)).toHaveCount(1);
  }
  const sorted = page.waitForResponse((r) => /\/admin\/quiz\/\d+\/sort$/.test(r.url()) && r.status() === 200);
  await drag(page, questionRows(page).nth(2).getByTestId('question-handle'), questionRows(page).nth(0).getByTestId('question-handle'));
  await sorted;
  await page.reload();
  await expect(questionRows(page)).toHaveCount(3, { timeout: 30_000 });
  for (const [i, text] of [questions[2], questions[0], questions[1]].entries()) await expect(questionRows(page).nth(i).getByTestId('question-text')).toHaveValue(text);

  // 3. the group, filled by a list of e-mails (one unknown, reported)
  await page.goto(`${web()}/admin/groups/create`);
  await page.getByLabel('Название *').fill(group);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/admin\/groups\/\d+$/);
  await expect(page.getByText('Группа создана')).toBeVisible(); // the specification's group.is_add
  await page.getByTestId('group-emails').fill(`${email}\nnobody-${stamp}@demo.test`);
  await page.getByTestId('group-add').click();
  await expect(page.getByText(`nobody-${stamp}@demo.test`)).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // 4. the program: two chapters, the video in the first, the quiz in the second, then the group enrolled
  const programId = await createProgram(page, program);
  // the marketplace's skills, one per line, are kept as a list
  await page.getByRole('tab', { name: 'Маркетплейс' }).click();
  await page.getByLabel('Навыки').fill('Финансовый анализ\n\nБюджетирование\n');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Программа сохранена').first()).toBeVisible();
  expect((await apiCall(`/admin/program/${programId}`, admin)).body.data).toMatchObject({ skills: ['Финансовый анализ', 'Бюджетирование'] });
  for (const name of ['Отчётность', 'Оценка проектов']) {
    await page.getByTestId('chapter-new-title').fill(name);
    await page.getByTestId('chapter-add').click();
    await expect(chapterRows(page).last().getByTestId('chapter-title')).toHaveValue(name);
  }
  await chapterRows(page).nth(0).getByTestId('attach-media').fill(String(stamp));
  await page.getByRole('option', { name: video }).click();
  await expect(
    chapterRows(page)
      .nth(0)
      .getByTestId(/^chapter-item-media-\d+$/),
  ).toContainText(video);
  await chapterRows(page).nth(1).getByTestId('attach-quiz').fill(String(stamp));
  await page.getByRole('option', { name: quiz }).click();
  await expect(
    chapterRows(page)
      .nth(1)
      .getByTestId(/^chapter-item-quiz-\d+$/),
  ).toContainText(quiz);
  await page.getByRole('combobox', { name: 'Группа' }).click();
  await page.getByRole('option', { name: group }).click();
  await page.getByTestId('enrol-group').click();
  await expect(page.getByText('Пользователи добавлены')).toBeVisible();

  // 5. the student sees the program, its chapters, the video and the quiz
  const student = await browser.newPage();
  await signIn(student, login, 'Finance12345');
  await passIntroductions(student);
  await student.getByTestId('course-card').filter({ hasText: program }).click();
  await expect(student.getByRole('heading', { level: 1, name: program })).toBeVisible();
  await expect(student.getByRole('heading', { level: 3 })).toHaveText(['Отчётность', 'Оценка проектов']);
  await expect(student.getByRole('link', { name: video })).toBeVisible();
  await student.getByRole('link', { name: quiz }).click();
  await expect(student).toHaveURL(/\/quizzes\/\d+$/);
  await student.close();
});
