import { expect, test, type Page } from '@playwright/test';
import { API, apiCall, apiToken, passIntroductions, PASSWORD, signIn, web } from './support.ts';

/**
 * Issue 30: a timed quiz taken with the question map, going back, a flag and the summary; the network lost in the
 * middle (the answers kept in the browser, sent when it is back, every one counted); a reload while answers wait;
 * then the review and the course page's state. In Russian and in English.
 */
const texts = {
  ru: {
    notStarted: 'Не начат',
    passed: 'Сдан',
    question: (i: number) => `Вопрос ${i} из 4`,
    saved: 'Сохранено на этом устройстве, ждём сеть',
    sent: 'Сеть вернулась: ответы отправлены.',
    counts: 'Отвечено 4 из 4.',
    pending: 'ждёт отправки',
    verdict: 'Тест пройден',
    minutes: '10 мин',
  },
  en: {
    notStarted: 'Not started',
    passed: 'Passed',
    question: (i: number) => `Question ${i} of 4`,
    saved: 'Saved on this device, waiting for the network',
    sent: 'The network is back: the answers were sent.',
    counts: '4 of 4 answered.',
    pending: 'waiting to be sent',
    verdict: 'Quiz passed',
    minutes: '10 min',
  },
};

/** A student of their own, enrolled in a program whose chapter holds a timed quiz of four questions. */
async function setUp(stamp: string) {
  const admin = await apiToken('admin');
  const login = `quiz${stamp}`;
  const user = await apiCall('/admin/user', admin, { method: 'POST', body: { login, email: `${login}@example.test`, password: PASSWORD, name: 'Вера', surname: `Тестова${stamp}` } });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  const program = (await apiCall('/admin/program', admin, { method: 'POST', body: { title: `Курс ${stamp}` } })).body.data as { id: number };
  const chapter = (await apiCall('/admin/programChapter', admin, { method: 'POST', body: { program_id: program.id, title: 'Раздел' } })).body.data as { id: number };
  const title = `Тест ${stamp}`;
  const quiz = (
    await apiCall('/admin/quiz', admin, {
      method: 'POST',
      body: { title, kind: 'pass', response_time_minutes: 10, max_attempts: 2, show_report: true, show_correct: false, passing_percentage: 60, grace_seconds: 30 },
    })
  ).body.data as { id: number };
  const questions: [string, 'radio' | 'checkbox' | 'text', [string, boolean][]][] = [
    [
      'Столица Франции?',
      'radio',
      [
        ['Париж', true],
        ['Лион', false],
      ],
    ],
    [
      'Два плюс два?',
      'radio',
      [
        ['Четыре', true],
        ['Пять', false],
      ],
    ],
    [
      'Чётные числа?',
      'checkbox',
      [
        ['Два', true],
        ['Шесть', true],
        ['Три', false],
      ],
    ],
    ['Аббревиатура чистой приведённой стоимости?', 'text', [['NPV', true]]],
  ];
  for (const [text, type, options] of questions) {
    const made = await apiCall('/admin/question', admin, { method: 'POST', body: { quiz_id: quiz.id, text, type, options: options.map(([t, is_correct]) => ({ text: t, is_correct })) } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
  expect((await apiCall(`/admin/programChapter/${chapter.id}/attachQuiz`, admin, { method: 'POST', body: { quiz_id: quiz.id } })).status).toBe(200);
  expect((await apiCall(`/admin/program/${program.id}/setUser`, admin, { method: 'POST', body: { users: [(user.body.data as { id: number }).id] } })).status).toBe(200);
  return { login, program, quiz, title };
}

const option = (page: Page, text: string) => page.locator('.option').filter({ hasText: text }).locator('input');

for (const lang of ['ru', 'en'] as const) {
  test(`a timed quiz with the map, going back, a flag, the network lost and back, the summary and the review (${lang})`, async ({ page, context }) => {
    const T = texts[lang];
    const { login, program, quiz, title } = await setUp(`${Date.now()}${lang}`);
    await signIn(page, login);
    await passIntroductions(page);
    if (lang === 'en') await page.getByTestId('lang-switch').selectOption('en');
    await page.goto(`${web()}/courses/${program.id}`);
    await expect(page.getByTestId('quiz-state')).toHaveText(T.notStarted);
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByTestId('attempts-left')).toHaveText('2');
    await expect(page.getByTestId('time-limit')).toHaveText(T.minutes);
    await page.getByTestId('quiz-start').click();
    await expect(page.getByTestId('question-index')).toHaveText(T.question(1));
    await expect(page.getByTestId('time-left')).toContainText('00:09:');
    await expect(page.getByTestId('question-map').getByTestId('map-item')).toHaveCount(4);

    // 1: a wrong answer first; 2: right, flagged; 3: half of it; then back to 1 to change it
    await option(page, 'Лион').check();
    await page.getByTestId('quiz-answer').click();
    await expect(page.getByTestId('question-index')).toHaveText(T.question(2));
    await option(page, 'Четыре').check();
    await page.getByTestId('quiz-flag').click();
    await expect(page.getByTestId('quiz-flag')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('quiz-answer').click();
    await option(page, 'Два').check();
    await page.getByTestId('quiz-prev').click();
    await page.getByTestId('quiz-prev').click();
    await expect(page.getByTestId('question-index')).toHaveText(T.question(1));
    await expect(option(page, 'Лион')).toBeChecked();
    await option(page, 'Париж').check();
    await expect(page.getByTestId('map-item').nth(0)).toHaveAttribute('data-state', 'answered');
    await expect(page.getByTestId('map-item').nth(1)).toHaveAttribute('data-flagged', 'true');
    await expect(page.getByTestId('map-item').nth(3)).toHaveAttribute('data-state', 'unanswered');

    // the network goes: the answers wait in the browser, the page says so
    await context.setOffline(true);
    await page.getByTestId('map-item').nth(3).focus();
    await page.keyboard.press('Enter'); // the map works from the keyboard
    await expect(page.getByTestId('question-index')).toHaveText(T.question(4));
    await page.locator('#answer').fill('npv');
    await page.getByTestId('map-item').nth(2).click();
    await option(page, 'Шесть').check();
    await expect(page.getByTestId('saved-locally')).toContainText(T.saved);
    await expect(page.getByTestId('map-item').nth(2)).toHaveAttribute('aria-label', new RegExp(T.pending));
    const kept = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('quiz-outbox:'))
        .map((k) => JSON.parse(localStorage.getItem(k)!).length),
    );
    expect(kept).toEqual([2]);
    // back online: sent, counted
    await context.setOffline(false);
    await expect(page.getByTestId('sent-notice')).toHaveText(T.sent);
    await expect(page.getByTestId('saved-locally')).toHaveCount(0);

    // the server refuses nothing yet loses the answers' calls: a reload keeps what waits, and sends it afterwards
    await context.route('**/api/QuestionUserAnswer', (route) => route.abort('internetdisconnected'));
    await option(page, 'Три').check();
    await option(page, 'Три').uncheck();
    await expect(page.getByTestId('saved-locally')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('question-index')).toHaveText(T.question(3));
    await expect(option(page, 'Два')).toBeChecked();
    await expect(option(page, 'Шесть')).toBeChecked();
    await expect(option(page, 'Три')).not.toBeChecked();
    await context.unroute('**/api/QuestionUserAnswer');
    await expect(page.getByTestId('saved-locally')).toHaveCount(0, { timeout: 15_000 });

    // the summary: every question answered, one flagged; then finish
    await page.getByTestId('quiz-to-summary').click();
    await expect(page.getByTestId('summary-counts')).toHaveText(T.counts);
    await expect(page.getByTestId('summary-flagged')).toHaveText('2');
    await page.getByTestId('quiz-finish').click();

    // the review: every answer counted as last given (1 + 1 + 2 + 1 of 5)
    await expect(page.getByTestId('quiz-result')).toContainText(T.verdict);
    await expect(page.getByTestId('quiz-result')).toContainText('5');
    await expect(page.getByTestId('review-question')).toHaveCount(4);
    await expect(page.getByTestId('review-score')).toHaveCount(4);
    await expect(page.getByTestId('review-verdict')).toHaveCount(0); // show_correct is off: no right or wrong
    const token = await apiToken(login);
    const start = await apiCall(`/api/quiz/${quiz.id}`, token);
    expect((start.body.data as { last: { score: number; percent: number } }).last).toMatchObject({ score: 5, percent: 100 });
    await page.goto(`${web()}/courses/${program.id}`);
    await expect(page.getByTestId('quiz-state')).toContainText(T.passed);
    void API;
  });
}

test('a text answer is sent once when the student leaves the field and then goes on', async ({ page }) => {
  const { login, program, title } = await setUp(`${Date.now()}once`);
  await signIn(page, login);
  await passIntroductions(page);
  await page.goto(`${web()}/courses/${program.id}`);
  await page.getByRole('link', { name: title }).click();
  await page.getByTestId('quiz-start').click();
  await page.getByTestId('map-item').nth(3).click();
  await expect(page.getByTestId('question-index')).toHaveText(texts.ru.question(4));
  const answers: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/QuestionUserAnswer') && r.method() === 'POST' && answers.push(r.postData() ?? ''));
  await page.locator('#answer').fill('NPV');
  // leaving the field sends the answer; once the server has it, the button goes on to the summary
  const stored = page.waitForResponse((r) => r.url().endsWith('/api/QuestionUserAnswer') && r.request().method() === 'POST');
  await page.keyboard.press('Tab');
  expect((await stored).status()).toBe(200);
  await expect(page.getByTestId('map-item').nth(3)).toHaveAttribute('data-state', 'answered');
  await page.getByTestId('quiz-answer').click();
  await expect(page.getByTestId('summary-counts')).toHaveText('Отвечено 1 из 4.');
  // the finish sends whatever waits first, so an answer sent again would be among the requests before it
  const finished = page.waitForResponse((r) => /\/api\/quiz\/\d+\/finish/.test(r.url()));
  await page.getByTestId('quiz-finish').click();
  expect((await finished).status()).toBe(200);
  expect(answers).toHaveLength(1);
  expect(JSON.parse(answers[0])).toMatchObject({ answer: 'NPV', keep_open: true });
});
