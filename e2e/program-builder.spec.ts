import { expect, test, type Page } from '@playwright/test';
import { createProgram, passIntroductions, signIn, web, searchList } from './support.ts';

const chapterRows = (page: Page) => page.getByTestId(/^chapter-\d+$/);

// room for the form, the builder and two chapters on one screen
test.use({ viewport: { width: 1400, height: 1600 } });
// two sign-ins and a dozen saves: more than the default minute on a busy machine
test.describe.configure({ timeout: 240_000 });

test('an admin builds a program (two chapters reordered from the keyboard, a material and a quiz), enrols a group, and its student sees the chapters in that order', async ({ page, browser }) => {
  const title = `Переговоры ${Date.now()}`;
  const [first, second] = ['Подготовка к переговорам', 'Тактики торга'];
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);

  // create: the app opens the edit screen with the builder
  await createProgram(page, title);
  await expect(page.getByTestId('program-builder')).toContainText('В программе пока нет глав.');

  // two chapters, each appended at the end
  for (const name of [first, second]) {
    await page.getByTestId('chapter-new-title').fill(name);
    await page.getByTestId('chapter-add').click();
    await expect(page.getByText('Глава добавлена').first()).toBeVisible();
    await expect(chapterRows(page).last().getByTestId('chapter-title')).toHaveValue(name);
  }
  await expect(chapterRows(page)).toHaveCount(2);

  // the second chapter to the top from the keyboard: Space on its handle, arrow up, Space
  const sorted = page.waitForResponse((r) => /\/admin\/program\/\d+\/sortChapter$/.test(r.url()) && r.status() === 200);
  const handle = chapterRows(page).nth(1).getByTestId('chapter-handle');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  // dnd-kit listens for the arrows a moment after the pick-up: press until it is announced as moved
  await expect(async () => {
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText('Перемещено на позицию 1 из 2')).toBeAttached({ timeout: 300 });
  }).toPass();
  await page.keyboard.press('Space');
  await sorted;
  await expect(chapterRows(page).nth(0).getByTestId('chapter-title')).toHaveValue(second);
  await expect(chapterRows(page).nth(1).getByTestId('chapter-title')).toHaveValue(first);

  // rename in place
  const top = chapterRows(page).nth(0);
  await top.getByTestId('chapter-title').fill(`${second}: цена и уступки`);
  await top.getByTestId('chapter-title').press('Enter');
  await expect(page.getByText('Программа сохранена').first()).toBeVisible();

  // a demo material and a quiz into the top chapter, found by a search
  await top.getByTestId('attach-media').fill('Конспект');
  await page.getByRole('option', { name: /Конспект лекции/ }).click();
  await expect(page.getByText('Материал прикреплён').first()).toBeVisible();
  await expect(top.getByTestId(/^chapter-item-media-\d+$/)).toContainText('Конспект лекции');
  await top.getByTestId('attach-quiz').fill('Опрос');
  await page.getByRole('option', { name: /Опрос: как вам курс\?/ }).click();
  await expect(page.getByText('Тест прикреплён').first()).toBeVisible();
  await expect(top.getByTestId(/^chapter-item-quiz-\d+$/)).toContainText('Опрос: как вам курс?');

  // after a reload the server's order is shown
  await page.reload();
  await expect(chapterRows(page).nth(0).getByTestId('chapter-title')).toHaveValue(`${second}: цена и уступки`);
  await expect(chapterRows(page).nth(1).getByTestId('chapter-title')).toHaveValue(first);

  // enrol the demo student's group with the enrolment panel
  await page.getByRole('combobox', { name: 'Группа' }).click();
  await page.getByRole('option', { name: 'MBA-2026' }).click();
  await page.getByTestId('enrol-group').click();
  await expect(page.getByText('Пользователи добавлены')).toBeVisible();

  const student = await browser.newPage();
  await signIn(student, 'student');
  await passIntroductions(student);
  await student.goto(`${web()}/courses/list`);
  await student.getByTestId('course-card').filter({ hasText: title }).click();
  await expect(student.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(student.getByRole('heading', { level: 3 })).toHaveText([`${second}: цена и уступки`, first]);
  await expect(student.getByRole('link', { name: 'Конспект лекции' })).toBeVisible();
  await expect(student.getByRole('link', { name: 'Опрос: как вам курс?' })).toBeVisible();
  await student.close();
});

test('an admin copies a program from the list and deletes the copy with the bulk action', async ({ page }) => {
  const title = `Копируемая ${Date.now()}`;
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await createProgram(page, title);
  await page.getByTestId('chapter-new-title').fill('Единственная глава');
  await page.getByTestId('chapter-add').click();
  await expect(chapterRows(page)).toHaveCount(1);

  await page.goto(`${web()}/admin/courses`);
  await searchList(page, title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await row.getByTestId(/^course-clone-\d+$/).click();
  await expect(page.getByText('Курс скопирован')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/courses\/\d+$/);
  await expect(page.getByLabel('Название *')).toHaveValue(`${title} (копия)`);
  await expect(chapterRows(page).nth(0).getByTestId('chapter-title')).toHaveValue('Единственная глава');

  await page.goto(`${web()}/admin/courses`);
  await searchList(page, '(копия)');
  const copy = page.getByRole('row').filter({ hasText: `${title} (копия)` });
  await expect(copy).toHaveCount(1);
  await copy.getByRole('checkbox').check();
  await page.getByTestId('courses-bulk-delete').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Подтвердить|Да/ })
    .click();
  await expect(page.getByText('Курс удалён')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `${title} (копия)` })).toHaveCount(0);
});
