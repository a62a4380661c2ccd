import { expect, test, type Page } from '@playwright/test';
import { API, apiCall, apiToken, passIntroductions, signIn, web } from './support.ts';

/** A 1×1 PNG: the demo student's avatar, which north's student sees through the networking avatar route. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Networking (docs/networking.md): the demo student's status decides whether a student of another school finds them. */

async function setStatus(page: Page, label: RegExp) {
  await page.goto(`${web('demo')}/networking`);
  const form = page.getByTestId('networking-profile');
  await expect(page.getByTestId('my-status')).toBeVisible(); // loaded: the profile is open when the status is off, folded otherwise
  if (!(await form.isVisible())) await page.getByText('Мой профиль в нетворкинге').click();
  await form.getByRole('radio', { name: label }).check();
  await form.getByTestId('networking-save').click();
  await expect(page.getByText('Профиль нетворкинга сохранён')).toBeVisible();
}

test('a demo student goes global, a north student finds them and opens their page; off hides them again', async ({ browser }) => {
  // the first-visit welcome is a modal that may open late under load: both students have seen it already
  for (const school of ['demo', 'north']) expect((await apiCall('/api/user', await apiToken('student', school), { method: 'PUT', body: { is_start: true }, school })).status).toBe(200);
  const form = new FormData();
  form.append('avatar', new Blob([PNG], { type: 'image/png' }), 'me.png');
  const uploaded = await fetch(`${API}/api/user/setAvatar`, { method: 'POST', headers: { domain: 'demo', authorization: `Bearer ${await apiToken('student')}` }, body: form });
  expect(uploaded.status).toBe(200);
  // the demo student's status as the seed (or a journey before) left it, put back at the end: the screens of the
  // accessibility and phone journeys search the network as this student
  const demoToken = await apiToken('student');
  const statusBefore = ((await apiCall('/api/networking', demoToken)).body.data as { status: string }).status;
  const demo = await browser.newPage();
  await signIn(demo, 'student');
  await passIntroductions(demo);
  await setStatus(demo, /Все школы/);
  await expect(demo.getByTestId('my-status')).toHaveText('Все школы');
  // the form shows the student's own avatar (as members see it) and where to change it
  if (!(await demo.getByTestId('networking-profile').isVisible())) await demo.getByText('Мой профиль в нетворкинге').click();
  const own = demo.getByTestId('my-networking-avatar');
  await expect.poll(() => own.getByTestId('networking-avatar').evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(1);
  await expect(own.getByRole('link', { name: 'Сменить фото в профиле' })).toHaveAttribute('href', '/profile');

  const north = await browser.newPage({ viewport: { width: 360, height: 740 } });
  await signIn(north, 'student', undefined, 'north');
  await passIntroductions(north);
  await north.goto(`${web('north')}/networking`); // (at 360 px the menu is folded behind its button)
  await north.getByTestId('networking-q').fill('Студентов Алексей');
  await north.getByTestId('networking-find').click();
  const card = north.getByTestId('networking-card').filter({ hasText: 'Demo Business School' });
  await expect(card).toHaveCount(1);
  // another school's member shows their avatar (served across schools to a viewer who may see them)
  const avatar = card.getByTestId('networking-avatar');
  await expect(avatar).toBeVisible();
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(1);
  // the screen fits a 360 px phone
  expect(await north.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await card.getByRole('link', { name: 'Алексей Студентов' }).click();
  await expect(north.getByTestId('networking-member').getByRole('heading', { name: /Алексей Студентов/ })).toBeVisible();
  const memberPage = north.url();
  await north.getByRole('tab', { name: 'Контакты' }).click();
  await expect(north.getByTestId('networking-contacts')).toContainText('student@demo.test');
  // the catalog: the programs the member studies that are on the marketplace (demo publishes Strategic Management)
  await north.getByRole('tab', { name: 'Каталог' }).click();
  await expect(north.getByTestId('networking-catalog')).toContainText('Стратегический менеджмент');
  await expect(north.getByTestId('networking-catalog')).toContainText('учится');
  await north.getByRole('tab', { name: 'Дерево выпускников' }).click();
  await expect(north.getByTestId('networking-tree').getByText('Demo Business School', { exact: true })).toBeVisible();
  // other journeys may have put the student into more groups: the tree shows them under each
  await expect(north.getByTestId('networking-tree').getByText('Алексей Студентов', { exact: true }).first()).toBeVisible();

  await setStatus(demo, /Никто/);
  await expect(demo.getByTestId('networking-off')).toBeVisible();

  await north.getByRole('link', { name: /К поиску/ }).click();
  await north.getByTestId('networking-q').fill('Студентов Алексей');
  await north.getByTestId('networking-find').click();
  await expect(north.getByText('Никого не нашли. Измените запрос или фильтры.')).toBeVisible();
  await expect(north.getByTestId('networking-card')).toHaveCount(0);
  // and their page is gone
  await north.goto(memberPage);
  await expect(north.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await demo.close();
  await north.close();
  const restored = await apiCall('/api/networking', demoToken, { method: 'PUT', body: { status: statusBefore } });
  expect(restored.status).toBe(200);
});
