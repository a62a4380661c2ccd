import type { Page } from '@playwright/test';

/**
 * Issue 29: no English in the Russian interface and no Russian in the English one. The accessibility walks
 * (e2e/accessibility.spec.ts) read every screen of both apps (e2e/screens.ts), the light walk in Russian and the dark
 * one in English; a screen's visible text (its text nodes, the page title, and the aria-label, title, placeholder and
 * alt of visible elements) must hold no word in the other language's alphabet.
 *
 * Data is not interface text: a word is data when the page received it from the API (a string of a successful JSON
 * answer: the demo school's programs, people, news, and whatever the other journeys typed in). Codes are not words:
 * a token with a digit, an e-mail address, a URL or a file name is skipped. What is left is allowed only by the small
 * list below. Decisions: docs/accessibility.md, "Languages".
 */
export type Lang = 'ru' | 'en';

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

/**
 * Watches `page` (in `lang`) for the language check: the words of every successful JSON answer are recorded as data;
 * `leaks(screen)` answers the words of the shown screen in the other alphabet that are neither data nor allowed.
 */
export function watchLanguage(page: Page, lang: Lang) {
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
  return async (screen: string) => {
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
}
