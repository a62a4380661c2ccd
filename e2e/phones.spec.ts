import { expect, test, type Page } from '@playwright/test';
import { PORTAL_SCREENS, adminReady, demoIds, portalReady, signInAs } from './screens.ts';
import { web } from './support.ts';

/**
 * Issue 11, item 7: every portal screen (e2e/screens.ts — add new screens there, one line each) at 360 × 740, the
 * demo student and, for the curators' pages, the demo curator: no horizontal page scroll, a header of at most about
 * two rows, and every control at least 44 px high. Decisions: docs/accessibility.md.
 */
test.use({ viewport: { width: 360, height: 740 } });

/** Controls measured for the 44 px rule: buttons, fields, menu links; links inside running text are exempt (WCAG 2.5.8). */
const CONTROLS = 'button, select, textarea, input:not([type=checkbox]):not([type=radio]):not([type=hidden]), .nav a, .header-tools a, label.check, .option';

async function measure(page: Page) {
  return page.evaluate((controls) => {
    const el = document.scrollingElement!;
    const header = document.querySelector('.header, .auth-tools');
    const small = [...document.querySelectorAll<HTMLElement>(controls)]
      .filter((c) => c.offsetParent !== null && c.getClientRects().length > 0)
      .filter((c) => c.getBoundingClientRect().height < 44)
      .map(
        (c) =>
          `${c.tagName.toLowerCase()}${c.className ? `.${String(c.className).split(' ').join('.')}` : ''} "${(c.textContent ?? c.getAttribute('aria-label') ?? '').trim().slice(0, 30)}" ${Math.round(c.getBoundingClientRect().height)}px`,
      );
    return { overflow: el.scrollWidth - el.clientWidth, header: header ? Math.round(header.getBoundingClientRect().height) : 0, small };
  }, CONTROLS);
}

test('every portal screen fits a 360 px phone: no sideways scroll, a short header, 44 px controls', async ({ page }) => {
  test.setTimeout(120_000);
  const ids = await demoIds();
  const problems: string[] = [];
  let who: string | null | undefined;
  for (const s of PORTAL_SCREENS) {
    if (s.role !== who) await signInAs(page, (who = s.role));
    await page.goto(`${web()}${s.path(ids)}`);
    await portalReady(page);
    if (s.then) await s.then(page);
    const m = await measure(page);
    if (m.overflow > 0) problems.push(`${s.name}: the page scrolls sideways by ${m.overflow}px`);
    // two rows of 44 px controls with the header's padding
    if (m.header > 112) problems.push(`${s.name}: the header is ${m.header}px high`);
    for (const c of m.small) problems.push(`${s.name}: ${c}`);
  }
  expect(problems).toEqual([]);
});

test('the phone menu opens from its button with the keyboard, says so, and closes with Escape', async ({ page }) => {
  await signInAs(page, 'student');
  await page.goto(`${web()}/courses/list`);
  await portalReady(page);
  const button = page.getByTestId('menu-button');
  const menu = page.getByRole('navigation', { name: 'Меню' });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'Оценки' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  // a link of the menu takes the student there and the menu closes
  await page.keyboard.press('Enter');
  await menu.getByRole('link', { name: 'Оценки' }).click();
  await expect(page).toHaveURL(/\/score$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
});

// Issue 29 (was in e2e/widths.spec.ts, whose width check is now in e2e/accessibility.spec.ts's walks)
test('on a phone a curator gets the users as cards with their buttons, and the menu in groups that fold', async ({ page }) => {
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
});
