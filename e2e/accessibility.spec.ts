import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { ADMIN_SCREENS, PORTAL_SCREENS, adminReady, demoIds, editIds, portalReady, signInAs } from './screens.ts';
import { PASSWORD, apiToken, web } from './support.ts';
import { LAPTOP, PHONE, sidewaysScroll } from './widths.ts';
import { watchLanguage } from './languages.ts';

/**
 * Issue 11, item 8: axe-core (WCAG 2 A and AA rules) over every screen of both apps (e2e/screens.ts), in the light and
 * the dark theme: no serious or critical violation, with no rule or element excluded (react-admin's row checkboxes are
 * named on their <input>: admin/framework/checkbox-label.ts). One browser context per app and theme walks its screens in a loop.
 * The same walks check issue 29's widths (e2e/widths.ts): the light theme at a 1366 px laptop, the dark theme at a 360 px
 * phone, no screen scrolls sideways; and its languages (e2e/languages.ts): the light walk in Russian, the dark one in
 * English, no word of the other language's alphabet on any screen.
 * Then a keyboard-only sign-in and one keyboard-only action per app. Decisions: docs/accessibility.md.
 */

/**
 * The light theme runs every WCAG 2 A/AA rule; the dark theme changes colours only, so it runs the colour rules
 * (contrast, links told apart from text) — the structure (names, labels, ARIA) is the same markup in both.
 */
async function violations(page: Page, screen: string, theme: 'light' | 'dark') {
  // legacy mode runs axe in the page itself (no extra page per run to combine frames: the apps have no cross-origin
  // frames), and only violations come back: both keep a back-office screen's check to about a second
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (theme === 'light') builder.withTags(['wcag2a', 'wcag2aa']);
  else builder.withRules(['color-contrast', 'link-in-text-block']);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${screen}: ${v.id} (${v.impact}) at ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(' '))
          .join(' | ')}${v.id === 'color-contrast' ? ` — ${v.nodes[0].any[0]?.message ?? ''}` : ''}`,
    );
}

/** The walk's language: the light walk is Russian's, the dark one English's (the dark walk's rules are colours only). */
const langOf = (theme: 'light' | 'dark') => (theme === 'light' ? 'ru' : 'en');

async function themedPage(browser: Browser, theme: 'light' | 'dark') {
  // issue 29: the light walk is a laptop's, the dark one a phone's (no walk of their own for the widths or languages)
  const lang = langOf(theme);
  const context = await browser.newContext({ locale: lang === 'ru' ? 'ru-RU' : 'en-US', viewport: theme === 'light' ? LAPTOP : PHONE });
  // both apps read the shared `theme` and `lang` keys of local storage at start (common/theme, common/i18n/lang.ts)
  await context.addInitScript(([t, l]) => (localStorage.setItem('theme', t), localStorage.setItem('lang', l)), [theme, lang] as const);
  const page = await context.newPage();
  return { context, page, leaks: watchLanguage(page, lang) };
}

/**
 * The back office's screens in parts of about the same length, each walked by a test of its own with its own sign-in:
 * one walk of them all took 364 s of its 400 s on a slow machine (2026-11-29), too near its limit to be a fair test.
 */
const ADMIN_PARTS = 3;
const adminPart = (part: number) => {
  const size = Math.ceil(ADMIN_SCREENS.length / ADMIN_PARTS);
  return ADMIN_SCREENS.slice(part * size, (part + 1) * size);
};

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation, no sideways scroll and no word of the other language on any portal screen, ${theme} theme (${langOf(theme)})`, async ({ browser }) => {
    test.setTimeout(240_000);
    const ids = await demoIds();
    const { context, page, leaks } = await themedPage(browser, theme);
    const found: string[] = [];
    let who: string | null | undefined;
    for (const s of PORTAL_SCREENS) {
      if (s.role !== who) await signInAs(page, (who = s.role));
      await page.goto(`${web()}${s.path(ids)}`);
      await portalReady(page);
      if (s.then) await s.then(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.locator('html')).toHaveAttribute('lang', langOf(theme));
      const t0 = Date.now();
      const v = await violations(page, s.name, theme);
      if (process.env.A11Y_DEBUG) console.log(s.name, Date.now() - t0, v);
      found.push(...v);
      const wide = await sidewaysScroll(page, s.name);
      if (wide) found.push(wide);
      found.push(...(await leaks(s.name)));
    }
    await context.close();
    expect(found).toEqual([]);
  });

  for (let part = 0; part < ADMIN_PARTS; part++)
    test(`axe finds no serious or critical violation, no sideways scroll and no word of the other language on any back-office screen, ${theme} theme (${langOf(theme)}), part ${part + 1} of ${ADMIN_PARTS}`, async ({
      browser,
    }) => {
      test.setTimeout(400_000);
      const { context, page, leaks } = await themedPage(browser, theme);
      const found: string[] = [];
      const ids = await editIds(ADMIN_SCREENS);
      let who: string | undefined;
      let shown = '';
      const title = page.locator('#react-admin-title');
      // After a sign-in the first screen is loaded; the others are reached inside the app, as its menu and rows do
      // (history + popstate), and each is checked once its own title has replaced the one before.
      const visit = async (path: string, name: string, load: boolean) => {
        if (load) await page.goto(`${web()}/admin${path}`);
        else
          await page.evaluate((p) => {
            window.history.pushState(null, '', p);
            window.dispatchEvent(new PopStateEvent('popstate'));
          }, `/admin${path}`);
        await expect(page).toHaveURL(`${web()}/admin${path}`);
        if (shown) await expect(title).not.toHaveText(shown);
        const t0 = Date.now();
        await adminReady(page);
        shown = (await title.textContent()) ?? '';
        const t1 = Date.now();
        const v = await violations(page, name, theme);
        if (process.env.A11Y_DEBUG) console.log(name, t1 - t0, Date.now() - t1, v);
        found.push(...v);
        const wide = await sidewaysScroll(page, name);
        if (wide) found.push(wide);
        found.push(...(await leaks(name)));
      };
      for (const s of adminPart(part)) {
        const signIn = s.role !== who;
        if (signIn) {
          await signInAs(page, (who = s.role));
          shown = '';
        }
        await visit(`/${s.resource}`, `${s.resource} list`, signIn);
        if (s.create) await visit(`/${s.resource}/create`, `${s.resource} create`, false);
        if (s.edit) {
          const id = ids.get(s.resource);
          expect(id, `${s.resource}: the demo seed has a row to edit`).toBeDefined();
          await visit(`/${s.resource}/${id}`, `${s.resource} edit`, false);
        }
        // a screen at an address of its own is loaded (its title may be the one of the screen before, a report's)
        for (const m of s.more ?? []) {
          shown = '';
          await visit(await m.path(await apiToken(s.role)), `${s.resource} ${m.name}`, true);
        }
      }
      await context.close();
      expect(found).toEqual([]);
    });
}

/** Presses Tab until `target` has the focus (the tab order reaches it), at most `max` times. */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`the tab order never reached ${target}`);
}

test('keyboard only: a student signs in and saves the profile; an admin creates a group', async ({ page }) => {
  await page.goto(`${web()}/auth`);
  await tabTo(page, page.getByTestId('login-username'));
  await page.keyboard.type('student');
  await tabTo(page, page.getByTestId('login-password'));
  await page.keyboard.type(PASSWORD);
  await tabTo(page, page.getByTestId('login-submit'));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/(courses\/list|news\/\d+)$/);
  // the welcome and a required news item are closed from the keyboard too
  const start = page.getByTestId('welcome-start');
  if (await start.isVisible().catch(() => false)) {
    await start.focus();
    await page.keyboard.press('Enter');
  }
  // the menu reaches the profile, whose form is saved with the keyboard
  await page.goto(`${web()}/profile`);
  await expect(page.getByTestId('profile-form')).toBeVisible();
  await tabTo(page, page.getByTestId('profile-save'), 80);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /сохран/i })).toBeVisible();

  // the back office: sign in as the admin from the keyboard, create a group with the keyboard alone
  await signInAs(page, null);
  await tabTo(page, page.getByTestId('login-username'));
  await page.keyboard.type('admin');
  await tabTo(page, page.getByTestId('login-password'));
  await page.keyboard.type(PASSWORD);
  await tabTo(page, page.getByTestId('login-submit'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await page.goto(`${web()}/admin/groups/create`);
  const title = page.getByLabel('Название *');
  // the back office's menu (every resource) comes before the form in the tab order
  await tabTo(page, title, 120);
  const name = `Клавиатура ${Date.now()}`;
  await page.keyboard.type(name);
  await tabTo(page, page.getByRole('button', { name: 'Сохранить' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/groups\/\d+$/);
  await expect(page.getByLabel('Название *')).toHaveValue(name);
});
