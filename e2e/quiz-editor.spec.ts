import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiCall, apiToken, drag, searchList, signIn, web } from './support.ts';

const questionRows = (page: Page) => page.getByTestId(/^question-\d+$/);
const optionRows = (question: Locator) => question.getByTestId(/^option-\d+$/);

// room for the settings form and three questions on one screen, so that a drag starts and ends in view
test.use({ viewport: { width: 1280, height: 1400 } });

test('an admin creates a quiz, writes three questions with options, reorders them by drag and drop and sees the order after a reload', async ({ page }) => {
  const title = `Лидерство: итоговый тест ${Date.now()}`;
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await page.goto(`${web()}/admin/quizzes/create`);
  await page.getByTestId('quiz-title').fill(title);
  await page.getByRole('tab', { name: 'Прохождение' }).click();
  await page.getByLabel('Проходной процент *').fill('70');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/admin\/quizzes\/\d+$/);
  await expect(page.getByText('Тест создан')).toBeVisible();

  const questions = ['Что такое лидерство?', 'Какие стили лидерства вы знаете?', 'Кто автор теории ситуационного лидерства?'];
  for (const [i, text] of questions.entries()) {
    await page.getByTestId('quiz-add-question').click();
    const row = questionRows(page).nth(i);
    await expect(row.getByTestId('question-text')).toBeFocused();
    await row.getByTestId('question-text').fill(text);
    await row.getByTestId('question-text').blur();
    await expect(row.getByTestId('question-text')).toHaveValue(text);
    for (const option of ['Вариант А', 'Вариант Б']) {
      await row.getByTestId('new-option-text').fill(`${option} (${i + 1})`);
      await row.getByTestId('new-option-text').press('Enter');
      await expect(optionRows(row).last().getByTestId('option-text')).toHaveValue(`${option} (${i + 1})`);
    }
    // mark the first option correct and give it points (saved as form data with _method=PUT)
    const first = optionRows(row).first();
    await first.getByTestId('option-correct').click();
    await expect(first.getByTestId('option-correct')).toBeChecked();
    await first.getByTestId('option-score').fill('2');
    await first.getByTestId('option-score').blur();
    await expect(row.getByTestId('question-max-score')).toContainText('2');
  }
  await expect(questionRows(page)).toHaveCount(3);

  // the third question to the top, by mouse on its handle
  const questionsSorted = page.waitForResponse((r) => /\/admin\/quiz\/\d+\/sort$/.test(r.url()) && r.status() === 200);
  await drag(page, questionRows(page).nth(2).getByTestId('question-handle'), questionRows(page).nth(0).getByTestId('question-handle'));
  await questionsSorted;
  const expected = [questions[2], questions[0], questions[1]];
  for (const [i, text] of expected.entries()) await expect(questionRows(page).nth(i).getByTestId('question-text')).toHaveValue(text);

  // an option moved up from the keyboard: Space on the handle, arrow up, Space
  const top = questionRows(page).nth(0);
  const optionsSorted = page.waitForResponse((r) => /\/admin\/question\/\d+\/sort$/.test(r.url()) && r.status() === 200);
  // (a click without movement is no drag: it only focuses the handle, after dnd-kit gave focus back to the question's)
  const optionHandle = optionRows(top).nth(1).getByTestId('option-handle');
  await optionHandle.click();
  await expect(optionHandle).toBeFocused();
  // each step is announced to screen readers (a live region): wait for it before the next key
  const announced = top.getByRole('status');
  await page.keyboard.press('Space');
  await expect(optionHandle).toHaveAttribute('aria-pressed', 'true'); // picked up
  // dnd-kit listens for the arrows a moment after the pick-up: press until it moved (more presses stop at the top)
  await expect(async () => {
    await page.keyboard.press('ArrowUp');
    await expect(announced).toHaveText('Перемещено на позицию 1 из 2', { timeout: 300 });
  }).toPass();
  await page.keyboard.press('Space');
  await expect(announced).toHaveText('Положено на позицию 1 из 2');
  await optionsSorted;
  await expect(optionRows(top).nth(0).getByTestId('option-text')).toHaveValue('Вариант Б (3)');

  await page.reload();
  await expect(questionRows(page)).toHaveCount(3);
  for (const [i, text] of expected.entries()) await expect(questionRows(page).nth(i).getByTestId('question-text')).toHaveValue(text);
  const reloadedTop = questionRows(page).nth(0);
  await expect(optionRows(reloadedTop).nth(0).getByTestId('option-text')).toHaveValue('Вариант Б (3)');
  await expect(optionRows(reloadedTop).nth(1).getByTestId('option-correct')).toBeChecked();

  // the list's row button copies the quiz with its questions and opens the copy
  await page.goto(`${web()}/admin/quizzes`);
  await searchList(page, title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  const original = Number((await row.getByTestId(/^quiz-duplicate-\d+$/).getAttribute('data-testid'))?.split('-').pop());
  await row.getByTestId(/^quiz-duplicate-\d+$/).click();
  await expect(page.getByText('Тест скопирован')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/quizzes\/\d+$/);
  expect(Number(new URL(page.url()).pathname.split('/').pop())).not.toBe(original);
  await expect(questionRows(page)).toHaveCount(3);
  for (const [i, text] of expected.entries()) await expect(questionRows(page).nth(i).getByTestId('question-text')).toHaveValue(text);
});

test('a quiz a student has started cannot be deleted: the editor shows the catalogue text', async ({ page }) => {
  const student = await apiToken('student');
  const admin = await apiToken('admin');
  const list = await apiCall(`/admin/quiz?q=${encodeURIComponent('Зачёт по отчётности')}`, admin);
  const quiz = (list.body.data as { id: number }[])[0];
  expect((await apiCall(`/api/quiz/${quiz.id}?is_new=true`, student)).status).toBe(200);

  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await page.goto(`${web()}/admin/quizzes/${quiz.id}`);
  await expect(page.getByText('На тест уже отвечали')).toBeVisible();
  await page.getByRole('button', { name: 'Удалить', exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Подтвердить|Да/ })
    .click();
  await expect(page.getByText('Тест, на который уже есть ответы, нельзя удалить.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/quizzes/${quiz.id}$`));
});
