import { expect, test } from '@playwright/test';
import { createProgram, passIntroductions, signIn, web } from './support.ts';

test("an admin creates a program, lands on its edit screen, enrols a group, and the group's student sees it", async ({ page, browser }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await createProgram(page, 'Лидерство');
  await page.getByRole('combobox', { name: 'Группа' }).click();
  await page.getByRole('option', { name: 'MBA-2026' }).click();
  await page.getByTestId('enrol-group').click();
  await expect(page.getByText('Пользователи добавлены')).toBeVisible();

  const student = await browser.newPage();
  await signIn(student, 'student');
  await passIntroductions(student);
  await student.goto(`${web()}/courses/list`);
  await expect(student.getByTestId('course-card').filter({ hasText: 'Лидерство' })).toBeVisible();
  await student.close();
});

test('an admin adds a student to a group by e-mail', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await page.goto(`${web()}/admin/groups/create`);
  await page.getByLabel('Название *').fill('Поток Б');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page).toHaveURL(/\/admin\/groups\/\d+$/);
  await page.getByTestId('group-emails').fill('student@demo.test, nobody@demo.test');
  await page.getByTestId('group-add').click();
  await expect(page.getByText('Не найдены: nobody@demo.test')).toBeVisible();
  await expect(page.getByText('student@demo.test')).toBeVisible();
});

test("the landing's rows show, asked once (the early read and react-admin's own are one)", async ({ page }) => {
  // admin/providers/early-list.ts: the program list's first page is asked beside the profile; react-admin's own read
  // of that page takes the answer instead of asking again
  const reads: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('/admin/program')) reads.push(r.url());
  });
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await expect(page.getByRole('row').filter({ hasText: 'Стратегический менеджмент' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(reads).toHaveLength(1);

  // the next load of /admin/ by the same session: the entry asks the remembered rows before the back office's code is
  // in (common/api/early.ts keepFirstRead): the code is held here until the rows are asked (5 s at most), and
  // react-admin's read is still that same one
  let rowsAsked = () => {};
  const asked = new Promise<boolean>((r) => {
    rowsAsked = () => r(true);
  });
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('/admin/program')) rowsAsked();
  });
  let rowsBeforeCode = false;
  await page.route(/\/assets\/backoffice-/, async (route) => {
    rowsBeforeCode = await Promise.race([asked, new Promise<boolean>((r) => setTimeout(() => r(false), 5000))]);
    await route.continue();
  });
  // the bare /admin/ becomes the landing's address before react-admin's first render (admin/App.tsx prefetchSession),
  // not by react-admin's redirect after it: each change of address is noted with whether the app had rendered yet
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { addressChanges: string[] }).addressChanges = seen;
    const replace = history.replaceState.bind(history);
    history.replaceState = (state, unused, url) => {
      seen.push(`${String(url)} ${document.getElementById('root')?.childElementCount ? 'after' : 'before'} the first render`);
      replace(state, unused, url);
    };
  });
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await expect(page.getByRole('row').filter({ hasText: 'Стратегический менеджмент' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(rowsBeforeCode).toBe(true);
  expect(reads).toHaveLength(2);
  const changes = await page.evaluate(() => (window as unknown as { addressChanges: string[] }).addressChanges);
  expect(changes.find((c) => c.startsWith('/admin/'))).toBe('/admin/courses before the first render');
});

test('the landing starts no ICU service before its rows show (the first Intl object or localeCompare is 13–18 ms of start-up)', async ({ page }) => {
  // vite.admin.config.ts lazyPaginationNumberFormat and admin/framework/order.ts: every call that would start ICU is noted
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await page.addInitScript(() => {
    const used: string[] = [];
    (window as unknown as { icuUsed: string[] }).icuUsed = used;
    const watch = (owner: object, key: string, name: string) => {
      const original = (owner as Record<string, unknown>)[key] as (...args: unknown[]) => unknown;
      (owner as Record<string, unknown>)[key] = new Proxy(original, {
        construct: (target, args) => {
          used.push(name);
          return Reflect.construct(target as unknown as new (...a: unknown[]) => object, args);
        },
        apply: (target, self, args) => {
          used.push(name);
          return Reflect.apply(target, self, args);
        },
      });
    };
    for (const k of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat']) watch(Intl, k, `Intl.${k}`);
    watch(String.prototype, 'localeCompare', 'localeCompare');
    watch(Number.prototype, 'toLocaleString', 'Number.toLocaleString');
    for (const k of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) watch(Date.prototype, k, `Date.${k}`);
  });
  await page.goto('/admin/');
  await expect(page.getByRole('row').filter({ hasText: 'Стратегический менеджмент' })).toBeVisible();
  // the watch is in place (a call is noted), and the landing itself made none
  const used = await page.evaluate(() => (window as unknown as { icuUsed: string[] }).icuUsed.splice(0));
  expect(used).toEqual([]);
  expect(await page.evaluate(() => ['b', 'a'].sort((x, y) => x.localeCompare(y)) && (window as unknown as { icuUsed: string[] }).icuUsed)).toEqual(['localeCompare']);
});

test("react-dom's start-up makes its error objects in the React chunk (under an inspector V8 then parses again each script whose top level is on the stack), and both chunks are compiled as they stream in", async ({
  page,
}) => {
  // vite.admin.config.ts: the `react` chunk, admin/react-root.ts and compileEagerly (docs/performance.md "The
  // twenty-third session")
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  // each error object made while the landing loads, with the chunks on the stack as it is made
  await page.addInitScript(() => {
    const made: string[][] = [];
    (window as unknown as { errorsMade: string[][] }).errorsMade = made;
    const NativeError = Error;
    const chunks = () => [...new Set([...String(new NativeError().stack).matchAll(/\/assets\/([a-z.-]+?)-[\w-]{8}\.js/gi)].map((m) => m[1]))];
    window.Error = new Proxy(NativeError, {
      apply: (target, self, args) => {
        made.push(chunks());
        return Reflect.apply(target, self, args);
      },
      construct: (target, args, newTarget) => {
        made.push(chunks());
        return Reflect.construct(target, args, newTarget);
      },
    });
  });
  await page.goto('/admin/');
  await expect(page.getByRole('row').filter({ hasText: 'Стратегический менеджмент' })).toBeVisible();
  const made = await page.evaluate(() => (window as unknown as { errorsMade: string[][] }).errorsMade);
  expect(made.filter((stack) => stack.includes('react')).length).toBeGreaterThan(0);
  expect(made.filter((stack) => stack.includes('backoffice'))).toEqual([]);
  // both chunks open with V8's compile hint (vite.admin.transforms.ts compileEagerly), as the server sends them
  const opening = await page.evaluate(async () => {
    const chunks = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((url) => /\/assets\/(react|backoffice)-[\w-]{8}\.js$/.test(url));
    return Promise.all(chunks.map(async (url) => `${url.split('/').pop()?.split('-')[0]}: ${(await (await fetch(url)).text()).split('\n')[0].slice(0, 40)}`));
  });
  expect(opening.sort()).toEqual(['backoffice: //# allFunctionsCalledOnLoad', 'react: //# allFunctionsCalledOnLoad']);
});

test("the landing's next load takes its style rules from the page instead of inserting them one by one, and looks the same", async ({ page }) => {
  // admin/framework/kept-styles.ts and style-cache.ts: the first load keeps the rules its screens inserted when it is
  // left; the next load's entry puts them in the page, and emotion inserts none of them again
  const looks = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('#root header *, #root main *')].slice(0, 400).map((e) => {
        const s = getComputedStyle(e);
        return `${e.tagName} ${s.display} ${s.color} ${s.backgroundColor} ${s.padding} ${s.margin} ${s.fontSize} ${s.fontWeight} ${s.borderBottom}`;
      }),
    );
  await page.addInitScript(() => {
    const inserted: string[] = [];
    (window as unknown as { classRulesInserted: string[] }).classRulesInserted = inserted;
    const insertRule = CSSStyleSheet.prototype.insertRule;
    CSSStyleSheet.prototype.insertRule = function (rule: string, index?: number) {
      if (rule.startsWith('.css-')) inserted.push(rule);
      return insertRule.call(this, rule, index);
    };
  });
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  const row = page.getByRole('row').filter({ hasText: 'Стратегический менеджмент' });
  await expect(row).toBeVisible();
  const insertedAtFirst = await page.evaluate(() => (window as unknown as { classRulesInserted: string[] }).classRulesInserted.length);
  expect(insertedAtFirst).toBeGreaterThan(50);
  const first = await looks();
  expect(first.length).toBeGreaterThan(50);

  await page.goto('/admin/');
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { classRulesInserted: string[] }).classRulesInserted)).toEqual([]);
  expect(await page.locator('style[data-kept-for]').count()).toBe(1);
  expect(await looks()).toEqual(first);
});

test("the landing's next load shows it as last seen while the code downloads, until the live rows are on show", async ({ page }) => {
  // admin/framework/kept-screen.ts: the landing is kept when the page is left, and the next load's entry shows it in a
  // closed shadow root over the page until the live list has its rows
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  const row = page.getByRole('row').filter({ hasText: 'Стратегический менеджмент' });
  await expect(row).toBeVisible();

  // the next load, its back office code held back: the kept landing is on show in its place
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/\/admin\/assets\/backoffice-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/admin/');
  const kept = page.locator('#kept-screen');
  await expect(kept).toBeVisible();
  await expect(kept).toHaveAttribute('aria-hidden', 'true');
  expect(await page.locator('#root').innerHTML()).toBe('');
  const box = await kept.boundingBox();
  expect(box).toEqual({ x: 0, y: 0, width: page.viewportSize()!.width, height: page.viewportSize()!.height });
  // what it shows is the landing's rows (read through the browser's own protocol: the shadow root is closed to the page)
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
  type DomNode = { nodeValue?: string; children?: DomNode[]; shadowRoots?: DomNode[]; attributes?: string[]; shadowRootType?: string };
  const texts = (n: DomNode): string[] => [n.nodeValue ?? '', ...[...(n.children ?? []), ...(n.shadowRoots ?? [])].flatMap(texts)];
  const find = (n: DomNode): DomNode | undefined => (n.attributes?.includes('kept-screen') ? n : [...(n.children ?? [])].map(find).find(Boolean));
  const shadow = find(root as DomNode)?.shadowRoots?.[0];
  expect(shadow?.shadowRootType).toBe('closed');
  expect(texts(shadow!).join(' ')).toContain('Стратегический менеджмент');
  // the address is the landing's own, and a click on it does nothing: it is a picture of the page
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await page.mouse.click(box!.width / 2, box!.height / 2);
  await expect(page).toHaveURL(/\/admin\/courses$/);

  release();
  await expect(row).toBeVisible();
  await expect(kept).toHaveCount(0);
  await row.click();
  await expect(page).toHaveURL(/\/admin\/courses\/\d+$/);
});

test('a moderator sees only the resources the route table gives them', async ({ page }) => {
  await signIn(page, 'moderator');
  await expect(page).toHaveURL(/\/admin\/users$/);
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Пользователи')).toBeVisible();
  for (const hidden of ['Программы', 'Группы', 'Проекты']) await expect(menu.getByText(hidden)).toHaveCount(0);
});

test('an admin edits a price of a program', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/courses$/);
  await page.goto(`${web()}/admin/prices`);
  await page.getByRole('row').filter({ hasText: 'Strategic Management — online' }).click();
  await expect(page.getByLabel('Программа *')).toHaveValue('Стратегический менеджмент');
  await page.getByLabel('Сумма *').fill('3900');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Strategic Management — online' })).toContainText('3 900');
  // put it back: the marketplace journey buys this program at its seeded price
  await page.getByRole('row').filter({ hasText: 'Strategic Management — online' }).click();
  await page.getByLabel('Сумма *').fill('4200');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Strategic Management — online' })).toContainText('4 200');
});
