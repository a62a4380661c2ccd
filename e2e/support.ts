import { expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'Demo12345';
export const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 18080);
export const API = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 18000}`;
export const web = (school = 'demo') => `http://${school}.localhost:${WEB_PORT}`;

/** Signs in through the portal's sign-in form (the one sign-in of both apps). */
export async function signIn(page: Page, login: string, password = PASSWORD, school = 'demo') {
  await page.goto(`${web(school)}/auth`);
  await page.getByTestId('login-username').fill(login);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Closes the first-visit welcome when it is shown. */
export async function dismissWelcome(page: Page) {
  const start = page.getByTestId('welcome-start');
  try {
    await start.waitFor({ state: 'visible', timeout: 3000 });
    await start.click();
    await start.waitFor({ state: 'hidden' });
  } catch {
    /* already seen */
  }
}

/** Signs in through the API from Node and answers the access token (Node cannot resolve *.localhost). */
export async function apiToken(login: string, school = 'demo', password = PASSWORD) {
  const res = await fetch(`${API}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', domain: school },
    body: JSON.stringify({ username: login, password, client_id: 'web', client_secret: 'public', grant_type: 'password' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

export async function apiCall(path: string, token: string, init: { method?: string; body?: unknown; school?: string } = {}) {
  const res = await fetch(`${API}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', domain: init.school ?? 'demo', authorization: `Bearer ${token}` },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
}

/** A signed-in student gets past the first-visit welcome and the required news, when they are shown. */
export async function passIntroductions(page: Page) {
  await page.waitForURL(/\/(courses\/list|news\/\d+)$/);
  await dismissWelcome(page);
  const read = page.getByTestId('news-read');
  if (/\/news\/\d+$/.test(page.url())) {
    await read.click();
    await expect(page).toHaveURL(/\/courses\/list$/);
  }
}

/** Drags a handle onto another with real mouse steps (dnd-kit starts a drag after a few pixels of movement). */
export async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 - 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 - 5, { steps: 25 });
  await page.mouse.up();
}

/** A small file that passes for an MP4: an `ftyp` box, then filler (the server checks the first bytes). */
export function fakeMp4(kb: number) {
  const head = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')]);
  return Buffer.concat([head, Buffer.alloc(kb * 1024 - head.length, 7)]);
}

/** A minimal valid zip archive (empty, with a comment) so that each one is a different file. */
export function zipArchive(seed: string) {
  const comment = Buffer.from(seed);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(comment.length, 20);
  return Buffer.concat([end, comment]);
}

/**
 * Creates a program through the back office's create screen and waits until its edit screen (with the builder) is
 * shown. The URL changes before the new screen replaces the old one, so a test that acts on the URL alone can still
 * click the create form's controls; waiting for the builder closes that gap. Answers the new program's id.
 */
export async function createProgram(page: Page, title: string) {
  await page.goto(`${web()}/admin/courses/create`);
  await page.getByLabel('Название *').fill(title);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/admin\/courses\/\d+$/);
  await expect(page.getByTestId('program-builder')).toBeVisible();
  return Number(/\/admin\/courses\/(\d+)$/.exec(page.url())![1]);
}

/**
 * Types into a back-office list's search box and waits until the list has taken it (react-admin applies a search
 * after a pause and writes it into the URL). A click before that would be followed by the late filter, which takes
 * the page back to the list from wherever the click led.
 */
export async function searchList(page: Page, text: string) {
  await page.getByPlaceholder('Поиск').fill(text);
  await expect.poll(() => decodeURIComponent(page.url())).toContain(`"q":${JSON.stringify(text)}`);
}

/**
 * Shows a back-office address inside the running app, as its menu and rows do (history + popstate): no reload, so a
 * walk over many screens loads the app once per sign-in.
 */
export async function goInApp(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
