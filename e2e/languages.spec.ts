import { expect, test, type Browser } from '@playwright/test';
import { ADMIN_SCREENS, PORTAL_SCREENS, adminReady, demoIds, editIds, portalReady, signInAs } from './screens.ts';
import { apiToken, goInApp, web } from './support.ts';

/**
 * Issue 29: no English in the Russian interface and no Russian in the English one. Every screen of both apps
 * (e2e/screens.ts) is opened in each language; its visible text (document.body.innerText, the page title, and the
 * aria-label, title, placeholder and alt of visible elements) must hold no word in the other language's alphabet.
 *
 * Data is not interface text: a word is data when the page received it from the API (a string of a successful JSON
 * answer: the demo school's programs, people, news, and whatever the other journeys typed in). Codes are not words:
 * a token with a digit, an e-mail address, a URL or a file name is skipped. What is left is allowed only by the small
 * list below. Decisions: docs/accessibility.md, "Languages".
 */
type Lang = 'ru' | 'en';

/**
 * Latin words a Russian interface may show. Besides these, an acronym is no English (a word of capitals, or with two:
 * PDF, SCORM, USD, ECTS, OAuth; in Russian they name formats, standards and currencies the same way).
 * - the product's name, Campus LMS, and products named by their own names (Excel, Google);
 * - "e-mail", the usual Russian word (as "PDF", it is how Russian screens say it);
 * - the language switch names each language in its own language, so that someone who cannot read the current
 *   interface finds theirs: "English" on a Russian screen, "Русский" on an English one.
 */
const ALLOWED: Record<Lang, Set<string>> = { ru: new Set(['campus', 'excel', 'google', 'e-mail', 'english']), en: new Set(['русский']) };
const FOREIGN: Record<Lang, RegExp> = { ru: /[\p{Script=Latin}-]+/gu, en: /[\p{Script=Cyrillic}-]+/gu };
const ACRONYM = /^\p{Lu}.*\p{Lu}/u;

/**
 * The words of `text` in the other language's alphabet, lower-cased, but Latin acronyms on a Russian screen and one or
 * two capitals (a person's initials on an avatar, from their name: data). A token with a digit, @, an underscore or a brace, a URL or a file name
 * is code, not a word.
 */
function foreignWords(text: string, lang: Lang): string[] {
  const words: string[] = [];
  for (const raw of text.split(/\s+/)) {
    const token = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (!token || /[\d@_{}]|:\/\//.test(raw) || /^www\.|\.\p{L}{2,4}$/u.test(token)) continue;
    for (const w of token.match(FOREIGN[lang]) ?? []) {
      const word = w.replace(/^-+|-+$/g, '');
      if (!/\p{L}/u.test(word) || (lang === 'ru' && ACRONYM.test(word)) || (word.length <= 2 && word === word.toUpperCase())) continue;
      words.push(word.toLowerCase());
    }
  }
  return words;
}

/**
 * The data of a JSON answer: its strings at any depth, but for identifiers (`student`, `video`, `paid`: a value the
 * screen has to translate, not show) unless the field is a login or another system's id (`client_id`: data too).
 */
function dataStrings(value: unknown, into: string[], key = ''): string[] {
  if (typeof value === 'string') {
    if (key === 'login' || key.endsWith('_id') || !/^[a-z][a-z\d_-]*$/.test(value)) into.push(value);
  } else if (Array.isArray(value)) for (const v of value) dataStrings(v, into, key);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) dataStrings(v, into, k);
  return into;
}

/** A context in `lang` that records the words of every successful JSON answer as data. */
async function languagePage(browser: Browser, lang: Lang) {
  const context = await browser.newContext({ locale: lang === 'ru' ? 'ru-RU' : 'en-US', viewport: { width: 1366, height: 900 } });
  // both apps read the shared `lang` key of local storage at start (common/i18n/lang.ts)
  await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
  const page = await context.newPage();
  const data = new Set<string>();
  const reading: Promise<void>[] = [];
  page.on('response', (res) => {
    if (!res.ok() || !(res.headers()['content-type'] ?? '').includes('json')) return;
    reading.push(
      res.json().then(
        (body) => dataStrings(body, []).forEach((s) => foreignWords(s, lang).forEach((w) => data.add(w))),
        () => undefined, // a redirect or an answer the page left unread
      ),
    );
  });
  /** The words of the shown screen in the other alphabet that are neither data nor allowed. */
  const leaks = async (screen: string) => {
    // text node by text node (innerText runs neighbouring elements' texts together and applies text-transform)
    const text = await page.evaluate(() => {
      const shown = new Map<Element, boolean>();
      const visible = (el: Element) => shown.get(el) ?? shown.set(el, el.checkVisibility()).get(el)!;
      const parts = [document.title];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (el && !el.closest('script, style, noscript') && visible(el)) parts.push(node.textContent ?? '');
      }
      for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]'))
        if (visible(el)) for (const a of ['aria-label', 'title', 'placeholder', 'alt']) parts.push(el.getAttribute(a) ?? '');
      return parts.join('\n');
    });
    await Promise.all(reading.splice(0));
    const found = [...new Set(foreignWords(text, lang))].filter((w) => !data.has(w) && !ALLOWED[lang].has(w));
    if (process.env.LANG_DEBUG)
      for (const w of found) console.log(screen, lang, w, '…', text.slice(Math.max(0, text.toLowerCase().indexOf(w) - 60), text.toLowerCase().indexOf(w) + 60).replace(/\s+/g, ' '));
    return found.length ? [`${screen} (${lang}): ${found.join(', ')}`] : [];
  };
  return { context, page, leaks };
}

for (const lang of ['ru', 'en'] as const) {
  test(`no word of the other language on any portal screen, ${lang}`, async ({ browser }) => {
    test.setTimeout(180_000);
    const ids = await demoIds();
    const { context, page, leaks } = await languagePage(browser, lang);
    const found: string[] = [];
    let who: string | null | undefined;
    for (const s of PORTAL_SCREENS) {
      if (s.role !== who) await signInAs(page, (who = s.role));
      await page.goto(`${web()}${s.path(ids)}`);
      await portalReady(page);
      if (s.then) await s.then(page);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      found.push(...(await leaks(s.name)));
    }
    await context.close();
    expect(found).toEqual([]);
  });
}

/** The back-office screens in `lang`, as the accessibility walk visits them: the words that leak, per screen. */
async function backOfficeLeaks(browser: Browser, lang: Lang, ids: Map<string, number | undefined>) {
  const { context, page, leaks } = await languagePage(browser, lang);
  const found: string[] = [];
  let who: string | undefined;
  let shown = '';
  const title = page.locator('#react-admin-title');
  // the first screen after a sign-in is loaded, the others are reached inside the app and read once their own title
  // has replaced the one before
  const visit = async (path: string, name: string, load: boolean) => {
    if (load) await page.goto(`${web()}/admin${path}`);
    else await goInApp(page, `/admin${path}`);
    await expect(page).toHaveURL(`${web()}/admin${path}`);
    if (shown) await expect(title).not.toHaveText(shown);
    await adminReady(page);
    shown = (await title.textContent()) ?? '';
    found.push(...(await leaks(name)));
  };
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
  return found;
}

// The back office's walk only reads (no form is sent): both languages walk side by side, each in its own context.
// The portal's walks take the poll, which one student cannot do twice at once: one language after the other.
test('no word of the other language on any back-office screen, ru and en', async ({ browser }) => {
  test.setTimeout(360_000);
  const ids = await editIds(ADMIN_SCREENS);
  const found = await Promise.all([backOfficeLeaks(browser, 'ru', ids), backOfficeLeaks(browser, 'en', ids)]);
  expect(found.flat()).toEqual([]);
});
