import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiToken, web } from './support.ts';
import { ADMIN_SCREENS, PORTAL_SCREENS, adminReady, demoIds, editIds, portalReady, signInAs } from './screens.ts';

/**
 * Issue 29, "the back office on a phone and a laptop": every screen of e2e/screens.ts, both apps, at a 360 px phone
 * and a 1366 px laptop: the page never scrolls sideways (document.documentElement.scrollWidth <= clientWidth). A
 * failure names the screen, by how much, and the elements that stick out furthest (to find the cause).
 */
const WIDTHS = [
  { width: 360, height: 740 },
  { width: 1366, height: 768 },
];

/**
 * How far the page scrolls sideways, and what causes it: the elements wider than the box they sit in (a table, a row
 * of tabs or buttons, an input of a fixed width), the first three in document order.
 */
function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const by = root.scrollWidth - root.clientWidth;
    if (by <= 0) return { by, culprits: [] as string[] };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className)
        .split(' ')
        .filter((c) => !c.startsWith('css-'))
        .slice(0, 3)
        .join('.')}`;
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((el) => {
        const parent = el.parentElement;
        if (!parent || getComputedStyle(parent).overflowX !== 'visible') return false;
        const box = el.getBoundingClientRect();
        return box.right > root.clientWidth + 1 && box.width > parent.clientWidth + 1;
      })
      .slice(0, 3)
      .map((el) => `${name(el)} ${Math.round(el.getBoundingClientRect().width)}px in ${name(el.parentElement!)} ${el.parentElement!.clientWidth}px`);
    return { by, culprits };
  });
}

async function sizedPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: 'ru-RU' });
  return { context, page: await context.newPage() };
}

for (const viewport of WIDTHS) {
  test(`no portal screen scrolls sideways at ${viewport.width} px`, async ({ browser }) => {
    test.setTimeout(180_000);
    const { context, page } = await sizedPage(browser, viewport);
    const ids = await demoIds();
    const problems: string[] = [];
    let who: string | null | undefined;
    for (const s of PORTAL_SCREENS) {
      if (s.role !== who) await signInAs(page, (who = s.role));
      await page.goto(`${web()}${s.path(ids)}`);
      await portalReady(page);
      if (s.then) await s.then(page);
      const o = await overflow(page);
      if (o.by > 0) problems.push(`${s.name}: scrolls sideways by ${o.by}px: ${o.culprits.join(', ')}`);
    }
    await context.close();
    expect(problems).toEqual([]);
  });

  test(`no back-office screen scrolls sideways at ${viewport.width} px`, async ({ browser }) => {
    test.setTimeout(400_000);
    const { context, page } = await sizedPage(browser, viewport);
    const ids = await editIds(ADMIN_SCREENS);
    const problems: string[] = [];
    const title = page.locator('#react-admin-title');
    let shown = '';
    // the first screen after a sign-in is loaded, the others reached inside the app (history + popstate), as the menu does
    const visit = async (path: string, name: string, load: boolean) => {
      if (load) await page.goto(`${web()}/admin${path}`);
      else
        await page.evaluate((p) => {
          window.history.pushState(null, '', p);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, `/admin${path}`);
      await expect(page).toHaveURL(`${web()}/admin${path}`);
      if (shown) await expect(title).not.toHaveText(shown);
      // a screen loaded afresh fetches the back office's chunks first (slow on a busy machine)
      if (load) await expect(title).not.toBeEmpty({ timeout: 30_000 });
      await adminReady(page);
      shown = (await title.textContent()) ?? '';
      const o = await overflow(page);
      if (o.by > 0) problems.push(`${name}: scrolls sideways by ${o.by}px: ${o.culprits.join(', ')}`);
    };
    let who: string | undefined;
    for (const s of ADMIN_SCREENS) {
      const signIn = s.role !== who;
      if (signIn) {
        await signInAs(page, (who = s.role));
        shown = '';
      }
      await visit(`/${s.resource}`, `${s.resource} list`, signIn);
      if (s.create) await visit(`/${s.resource}/create`, `${s.resource} create`, false);
      if (s.edit) await visit(`/${s.resource}/${ids.get(s.resource)}`, `${s.resource} edit`, false);
      for (const m of s.more ?? []) {
        shown = '';
        await visit(await m.path(await apiToken(s.role)), `${s.resource} ${m.name}`, true);
      }
    }
    await context.close();
    expect(problems).toEqual([]);
  });
}

test('on a phone a curator gets the users as cards with their buttons, and the menu in groups that fold', async ({ browser }) => {
  const { context, page } = await sizedPage(browser, { width: 360, height: 740 });
  await signInAs(page, 'moderator');
  await expect(page).toHaveURL(/\/admin\/users$/);
  await adminReady(page);
  // cards, not a table: the student's card with its block button on screen
  await expect(page.locator('table')).toHaveCount(0);
  const block = page.getByTestId('block-student');
  await expect(block).toBeVisible();
  const box = (await block.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  // a card with buttons is opened by its title
  await page.getByRole('link', { name: 'student', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  // the menu (a drawer on a phone): the reports fold away from their heading and come back
  await page.getByRole('button', { name: 'Открыть меню' }).click();
  const reports = page.getByRole('menuitem', { name: 'Раздел «Отчёты»' });
  const statistics = page.getByRole('menuitem', { name: 'Статистика', exact: true });
  await expect(reports).toHaveAttribute('aria-expanded', 'true');
  await expect(statistics).toBeVisible();
  await reports.click();
  await expect(reports).toHaveAttribute('aria-expanded', 'false');
  await expect(statistics).toHaveCount(0);
  await reports.click();
  await expect(statistics).toBeVisible();
  // groups the curator has nothing in are not shown
  await expect(page.getByRole('menuitem', { name: 'Раздел «Деньги»' })).toHaveCount(0);
  await context.close();
});
