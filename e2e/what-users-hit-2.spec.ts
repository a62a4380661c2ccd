import { expect, test } from '@playwright/test';
import { API, apiCall, apiToken, PASSWORD, passIntroductions, signIn, web, zipArchive } from './support.ts';

// Issue 11 ("What users hit"), items 1, 3, 6 and 9: each check fails if the defect comes back.
test.describe.configure({ timeout: 180_000 });

const PROJECT = 'Проект: стратегия вашей компании';

/** A student of its own (unique login), enrolled in a program of its own with the given chapter content. */
async function ownStudent(admin: string, stamp: string) {
  const login = `hit${stamp}`;
  const created = await apiCall('/admin/user', admin, { method: 'POST', body: { login, email: `${login}@example.test`, password: PASSWORD, name: 'Ирина', surname: `Проверкина${stamp}` } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { login, id: (created.body.data as { id: number }).id };
}

test('item 1: an exam failed at 0 % and a project only submitted do not make a course done; approval and a pass do', async ({ page }) => {
  const stamp = `${Date.now()}`;
  const admin = await apiToken('admin');
  const student = await ownStudent(admin, stamp);
  const title = `Курс завершения ${stamp}`;
  const program = (await apiCall('/admin/program', admin, { method: 'POST', body: { title } })).body.data as { id: number };
  const chapter = (await apiCall('/admin/programChapter', admin, { method: 'POST', body: { program_id: program.id, title: 'Раздел' } })).body.data as { id: number };
  const exam = (await apiCall('/admin/quiz', admin, { method: 'POST', body: { title: `Экзамен ${stamp}`, kind: 'exam', evaluation: 'credit', passing_percentage: 60 } })).body.data as { id: number };
  expect((await apiCall(`/admin/programChapter/${chapter.id}/attachQuiz`, admin, { method: 'POST', body: { quiz_id: exam.id } })).status).toBe(200);
  const projects = (await apiCall(`/admin/media?per_page=100&q=${encodeURIComponent(PROJECT)}`, admin)).body.data as { id: number; title: string; kind: string }[];
  const project = projects.find((m) => m.title === PROJECT && m.kind === 'project');
  expect(project, 'the demo project').toBeTruthy();
  expect((await apiCall(`/admin/programChapter/${chapter.id}/attachMedia`, admin, { method: 'POST', body: { media_id: project!.id } })).status).toBe(200);
  expect((await apiCall(`/admin/program/${program.id}/setUser`, admin, { method: 'POST', body: { users: [student.id] } })).status).toBe(200);

  // the student fails the exam at 0 % and submits the project (awaiting review)
  const token = await apiToken(student.login);
  const attempt = (await apiCall(`/api/quiz/${exam.id}?is_new=true`, token)).body.data as { attempt: { id: number } };
  const finished = await apiCall(`/api/quiz/${exam.id}/finish?id_quizAttemp=${attempt.attempt.id}`, token, { method: 'POST', body: {} });
  expect(finished.body.data, JSON.stringify(finished.body)).toMatchObject({ percent: 0, passed: false });
  const form = new FormData();
  form.append('file1', new Blob([zipArchive(stamp)], { type: 'application/zip' }), `${stamp}.zip`);
  form.append('confirm', '1');
  const sent = await fetch(`${API}/api/media/${project!.id}/submittedProject`, { method: 'POST', headers: { domain: 'demo', authorization: `Bearer ${token}` }, body: form });
  expect(sent.status, await sent.clone().text()).toBe(201);

  await signIn(page, student.login);
  await passIntroductions(page);
  const card = page.getByTestId('course-card').filter({ hasText: title });
  await expect(card).toContainText('В процессе');
  await expect(card).toContainText('0 из 2');
  await expect(card).toContainText('Не зачтено');
  await card.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByTestId('course-progress')).toContainText('В процессе');
  const items = page.getByTestId('item-status');
  await expect(items.filter({ hasText: 'Ждёт проверки' })).toHaveCount(1);
  await expect(items.filter({ hasText: 'Не зачтено · 0%' })).toHaveCount(1);
  await page.goto(`${web()}/courses-done`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Завершённые курсы');
  await expect(page.getByText(title)).toHaveCount(0);

  // approved project but failed exam: still not done
  const versions = (await apiCall(`/admin/submittedProject?user_id=${student.id}&media_id=${project!.id}`, admin)).body.data as { id: number }[];
  expect(versions).toHaveLength(1);
  expect((await apiCall(`/admin/submittedProject/${versions[0].id}`, admin, { method: 'PUT', body: { score: 80 } })).status).toBe(200);
  expect((await apiCall(`/admin/submittedProject/${versions[0].id}/approve`, admin, { method: 'POST', body: { is_approve: 1 } })).status).toBe(200);
  await page.goto(`${web()}/courses/${program.id}`);
  await expect(page.getByTestId('item-status').filter({ hasText: 'Утверждён' })).toHaveCount(1);
  await expect(page.getByTestId('course-progress')).toContainText('1 из 2');
  await expect(page.getByTestId('course-progress')).toContainText('В процессе');

  // the exam's pass mark lowered to 0 %: the 0 % attempt now passes, and the course is done at once (computed live)
  expect((await apiCall(`/admin/quiz/${exam.id}`, admin, { method: 'PUT', body: { passing_percentage: 0 } })).status).toBe(200);
  await page.goto(`${web()}/courses-done`);
  const doneCard = page.getByTestId('course-card').filter({ hasText: title });
  await expect(doneCard).toContainText('Пройден');
  await expect(doneCard).toContainText('Зачтено');
  await expect(doneCard).toContainText('2 из 2');
  await page.goto(`${web()}/score`);
  await expect(page.locator('.card', { hasText: title }).getByTestId('program-progress')).toContainText('Пройден');

  // the approval revoked (the project sent back): out of the finished courses again
  expect((await apiCall(`/admin/submittedProject/${versions[0].id}/approve`, admin, { method: 'POST', body: { is_approve: 0 } })).status).toBe(200);
  await page.goto(`${web()}/courses-done`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Завершённые курсы');
  await expect(page.getByTestId('course-card').filter({ hasText: title })).toHaveCount(0);
});

test('item 6: an overdue unpaid instalment is marked in the portal and the back office; a blocked student leaves the rating', async ({ page }) => {
  const stamp = `${Date.now()}`;
  const admin = await apiToken('admin');
  const student = await ownStudent(admin, stamp);
  const programs = (await apiCall('/admin/program?per_page=100', admin)).body.data as { id: number; title: string }[];
  const program = programs.find((p) => p.title === 'Финансы для руководителей')!;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const saved = await apiCall('/admin/checkPayment', admin, {
    method: 'POST',
    body: {
      user_id: student.id,
      save: true,
      plan: { program_id: program.id, months: 6, currency: 'RUB', total: 3000 },
      items: [
        { date: day(-40), sum: 1000, currency: 'RUB', paid: true },
        { date: day(-10), sum: 1000, currency: 'RUB' },
        { date: day(20), sum: 1000, currency: 'RUB' },
      ],
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  const dmy = (iso: string) => iso.split('-').reverse().join('.');

  // the back office: only the unpaid past item carries the mark
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\//);
  await page.goto(`${web()}/admin/payments?filter=${encodeURIComponent(JSON.stringify({ user_id: student.id }))}&sort=due_date&order=ASC`);
  const rows = page.locator('.RaDatagrid-tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(dmy(day(-10)));
  await expect(rows.nth(1)).toContainText('Просрочен');
  await expect(rows.nth(0)).not.toContainText('Просрочен');
  await expect(rows.nth(2)).not.toContainText('Просрочен');

  // the rating lists the new student (0 points) until they are blocked
  await page.goto(`${web()}/admin/rating`);
  await expect(page.getByTestId('rating-table')).toContainText(`Проверкина${stamp}`);

  // the student's payments page: the overdue row is marked, and a notice counts it
  const browser = page.context().browser()!;
  const own = await browser.newContext();
  const sp = await own.newPage();
  await signIn(sp, student.login);
  await passIntroductions(sp);
  await sp.goto(`${web()}/payment`);
  const plan = sp.getByTestId('payment-plan').filter({ hasText: 'Финансы для руководителей' });
  await expect(plan.getByTestId('payment-item')).toHaveCount(3);
  await expect(plan.getByTestId('payment-overdue')).toHaveText('Просроченных платежей: 1. Оплатите их как можно скорее.');
  const late = plan.getByTestId('payment-item').filter({ hasText: dmy(day(-10)) });
  await expect(late.getByTestId('payment-overdue-mark')).toHaveText('Просрочен');
  await expect(plan.getByTestId('payment-overdue-mark')).toHaveCount(1);
  await own.close();

  // blocked: out of the rating
  expect((await apiCall('/admin/block/user', admin, { method: 'POST', body: { users: [student.id] } })).status).toBe(200);
  await page.goto(`${web()}/admin/rating`);
  await expect(page.getByTestId('rating-table')).toContainText('Студентов Алексей');
  await expect(page.getByTestId('rating-table')).not.toContainText(`Проверкина${stamp}`);
});

test('item 3: the calendar is a month grid with today, the September deadline on its September day, a week view, keys, 360 px, and a private iCalendar feed', async ({ page }) => {
  const stamp = `${Date.now()}`;
  const admin = await apiToken('admin');
  const student = await ownStudent(admin, stamp);
  const program = (await apiCall('/admin/program', admin, { method: 'POST', body: { title: `Календарный курс ${stamp}` } })).body.data as { id: number };
  const chapter = (await apiCall('/admin/programChapter', admin, { method: 'POST', body: { program_id: program.id, title: 'Раздел' } })).body.data as { id: number };
  const project = await apiCall('/admin/media', admin, { method: 'POST', body: { title: `Сентябрьский проект ${stamp}`, kind: 'project', deadline: '2026-09-15', body: 'x' } });
  expect(project.status, JSON.stringify(project.body)).toBe(201);
  expect((await apiCall(`/admin/programChapter/${chapter.id}/attachMedia`, admin, { method: 'POST', body: { media_id: (project.body.data as { id: number }).id } })).status).toBe(200);
  const webinar = await apiCall('/admin/calendar', admin, {
    method: 'POST',
    body: { program_id: program.id, kind: 'webinar', title: `Вебинар ${stamp}`, starts_at: '2026-09-22T12:00:00.000Z', ends_at: '2026-09-22T13:00:00.000Z' },
  });
  expect(webinar.status, JSON.stringify(webinar.body)).toBe(201);
  expect((await apiCall(`/admin/program/${program.id}/setUser`, admin, { method: 'POST', body: { users: [student.id] } })).status).toBe(200);

  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, student.login);
  await passIntroductions(page);
  await page.goto(`${web()}/calendar`);
  const grid = page.getByTestId('calendar-grid');
  await expect(grid).toBeVisible();
  // today is marked, in the grid and in the day's list below it
  const now = new Date();
  const todayKey = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  await expect(page.getByTestId(`day-${todayKey}`)).toHaveAttribute('aria-current', 'date');
  await expect(grid.locator('[aria-current="date"]')).toHaveCount(1);
  await expect(page.getByTestId('calendar-day')).toContainText('Сегодня');
  // no horizontal scroll at 360 px
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // back to September 2026 with the keyboard-reachable buttons: the deadline is on the 15th, not elsewhere
  const label = page.getByTestId('calendar-label');
  for (let i = 0; i < 24 && !/сентябрь 2026/i.test((await label.textContent()) ?? ''); i++) {
    const before = await label.textContent();
    await page.getByRole('button', { name: 'Предыдущий месяц' }).click();
    await expect(label).not.toHaveText(before ?? '');
  }
  await expect(label).toHaveText(/сентябрь 2026/i);
  const sept15 = page.getByTestId('day-2026-09-15');
  await expect(sept15).toHaveAttribute('aria-label', /15\.09\.2026: 1 событие/);
  await sept15.click();
  await expect(page.getByTestId('calendar-day')).toContainText(`Сентябрьский проект ${stamp}`);
  await expect(page.getByTestId('calendar-day')).toContainText('Срок сдачи');
  // arrow keys move the day: a week down is the 22nd, with the webinar at its local time
  await sept15.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('day-2026-09-22')).toBeFocused();
  await expect(page.getByTestId('calendar-day')).toContainText(`Вебинар ${stamp}`);
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('day-2026-09-15')).toBeFocused();
  // November does not show the September deadline
  await page.getByRole('button', { name: 'Следующий месяц' }).click();
  await page.getByRole('button', { name: 'Следующий месяц' }).click();
  // the title and the weekday header as a Russian calendar writes them (issue 29): "Ноябрь 2026", "Пн Вт … Вс"
  await expect(label).toHaveText('Ноябрь 2026');
  await expect(page.getByTestId('calendar-grid').getByRole('columnheader')).toHaveText(['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']);
  await expect(page.getByTestId('calendar-grid')).not.toContainText(`Сентябрьский проект ${stamp}`);
  // the week view: seven days, today marked
  await page.getByTestId('calendar-today').click();
  await page.getByTestId('calendar-week').click();
  await expect(page.getByTestId('calendar-week-list').locator('[data-testid^="week-"]')).toHaveCount(7);
  await expect(page.getByTestId(`week-${todayKey}`)).toHaveAttribute('aria-current', 'date');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // the private feed: an address a phone can read (text/calendar with the deadline), replaced on demand
  await page.getByTestId('calendar-feed-make').click();
  const url = await page.getByTestId('calendar-feed-url').inputValue();
  expect(url).toMatch(/\/api\/calendar\/ical\?domain=demo&key=/);
  // Node cannot resolve *.localhost: the same address on the API's own host (the school is in the address)
  const fromNode = (u: string) => u.replace(/^https?:\/\/[^/]+/, API);
  const feed = await fetch(fromNode(url));
  expect(feed.status).toBe(200);
  expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const ics = (await feed.text()).replace(/\r\n /g, '');
  expect(ics).toContain(`SUMMARY:Срок сдачи: Сентябрьский проект ${stamp}`);
  expect(ics).toContain('DTSTART;VALUE=DATE:20260915');
  await page.getByTestId('calendar-feed-make').click();
  await expect(page.getByTestId('calendar-feed-url')).not.toHaveValue(url);
  expect((await fetch(fromNode(url))).status).toBe(404);
  await page.getByTestId('calendar-feed-off').click();
  await expect(page.getByTestId('calendar-feed-make')).toHaveText('Получить ссылку для подписки');
});

test('item 9: the sign-up screen shows where the school accepts sign-ups, makes a student and signs them in; closed, the link is gone', async ({ page }) => {
  const stamp = `${Date.now()}`;
  const admin = await apiToken('admin');
  expect((await apiCall('/admin/setting/registration', admin)).body.data).toEqual({ open: true });
  await page.goto(`${web()}/auth`);
  await page.getByTestId('register-open').click();
  const form = page.getByTestId('register-form');
  await expect(form.getByRole('heading', { level: 1 })).toHaveText('Регистрация');
  // the browser's own validation is off: the form's messages, in the interface language
  await page.getByTestId('register-submit').click();
  await expect(form.getByText('Поле не может быть пустым').first()).toBeVisible();
  await form.getByLabel('Фамилия').fill(`Самозаписанная${stamp}`);
  await form.getByLabel('Имя', { exact: true }).fill('Вера');
  await form.getByLabel('E-mail').fill(`self${stamp}@example.test`);
  await form.getByLabel('Логин').fill(`self${stamp}`);
  await form.getByLabel('Пароль', { exact: true }).fill('Secret123');
  await form.getByLabel('Повторите пароль').fill('Secret124');
  await page.getByTestId('register-submit').click();
  await expect(form.getByText('Пароли не совпадают')).toBeVisible();
  await form.getByLabel('Повторите пароль').fill('Secret123');
  await page.getByTestId('register-submit').click();
  await passIntroductions(page);
  const me = (await apiCall('/api/user', await apiToken(`self${stamp}`, 'demo', 'Secret123'))).body.data as { roles: string[]; surname: string };
  expect(me).toMatchObject({ roles: ['student'], surname: `Самозаписанная${stamp}` });

  // closed by the school: no link on the sign-in page
  expect((await apiCall('/admin/setting/registration', admin, { method: 'PUT', body: { open: false } })).status).toBe(200);
  try {
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${web()}/auth`);
    await expect(page.getByTestId('login-submit')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход в личный кабинет');
    await expect(page.getByTestId('register-open')).toHaveCount(0);
  } finally {
    await apiCall('/admin/setting/registration', admin, { method: 'PUT', body: { open: true } });
  }
});
