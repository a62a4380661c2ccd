import { landingPage, sessionFingerprint } from '../../common/api/early.ts';
import { STORAGE_KEYS, storage } from '../../common/storage.ts';

/**
 * The back office's landing as this session last saw it, shown by the entry (admin/main.tsx) while the code downloads
 * and given way to the live screen as soon as the list's rows are on show (docs/admin.md "What the first load holds").
 * A phone otherwise shows an empty page for the second or two that the code takes to arrive and render. The kept screen
 * is a picture: it sits over the page in a closed shadow root, hidden from assistive technology, its content inert, and
 * it takes the pointer's clicks without acting on them; it is the same session's (a fingerprint of its token), the same
 * language's and the same window width's, and it is removed from the browser when the session ends
 * (common/auth/session.ts). It holds what the landing showed: the names of its rows, as the list's own first read does.
 */
export type KeptScreen = { session: string; page: string; lang: string; theme: string; width: number; html: string; css: string };

/** A landing whose markup and rules exceed this many characters is not kept (a phone's landing is about 60 000). */
export const KEPT_SCREEN_MAX_CHARS = 400_000;
/** The kept screen gives way at the latest this long after it was shown, whatever the live screen's state. */
export const KEPT_SCREEN_MAX_MS = 10_000;
export const KEPT_SCREEN_HOST_ID = 'kept-screen';

const ELEMENTS_NEVER_KEPT = 'script, iframe, object, embed, link, meta, style, base, form';
let liveLandingShown = false;

/** What the kept screen's look depends on besides its page and width: the language and the theme in use. */
function look() {
  return { lang: storage.get(STORAGE_KEYS.lang) === 'en' ? 'en' : 'ru', theme: storage.get(STORAGE_KEYS.theme) ?? '' };
}

function onLanding(where: Location, page: string) {
  const at = where.pathname.replace(/\/+$/, '');
  return !where.search && (at === page || at === page.replace(/\/[^/]*$/, ''));
}

export function readKeptScreen(): KeptScreen | undefined {
  try {
    const kept = JSON.parse(storage.get(STORAGE_KEYS.keptScreen) ?? 'null') as Partial<KeptScreen> | null;
    const whole = kept && ['session', 'page', 'lang', 'theme', 'html', 'css'].every((k) => typeof kept[k as keyof KeptScreen] === 'string') && typeof kept.width === 'number';
    return whole && kept.session === sessionFingerprint() ? (kept as KeptScreen) : undefined;
  } catch {
    return undefined;
  }
}

/** Puts the kept landing over the page when this load is of the landing and fits it; tells whether it did. */
export function showKeptScreen(doc: Document = document): boolean {
  const view = doc.defaultView;
  const kept = readKeptScreen();
  if (!view || !kept || !onLanding(doc.location, kept.page) || kept.width !== view.innerWidth) return false;
  if (kept.lang !== look().lang || kept.theme !== look().theme) return false;
  // parsed in a template (no handler runs there), and only markup is taken over: no script, frame or form
  const template = doc.createElement('template');
  template.innerHTML = kept.html;
  for (const el of template.content.querySelectorAll(ELEMENTS_NEVER_KEPT)) el.remove();
  for (const el of template.content.querySelectorAll('*')) {
    for (const a of [...el.attributes]) if (/^on/i.test(a.name) || /^\s*javascript:/i.test(a.value)) el.removeAttribute(a.name);
    el.removeAttribute('id');
  }
  const host = doc.createElement('div');
  host.id = KEPT_SCREEN_HOST_ID;
  host.setAttribute('aria-hidden', 'true');
  const shadow = host.attachShadow({ mode: 'closed' });
  const style = doc.createElement('style');
  style.textContent = `${kept.css}:host{position:fixed;inset:0;z-index:2147483647;display:block;overflow:hidden;margin:0}`;
  const screen = doc.createElement('div');
  screen.setAttribute('inert', '');
  screen.append(template.content);
  shadow.append(style, screen);
  doc.body.append(host);
  // the address of what is on show (at the bare /admin/, the landing's own): set now, before the first paint, instead
  // of by the back office's start (admin/App.tsx prefetchSession), where it is a long task of its own in Chromium
  if (doc.location.pathname.replace(/\/+$/, '') !== kept.page) view.history.replaceState(view.history.state, '', `${kept.page}${doc.location.hash}`);
  view.setTimeout(() => doc.getElementById(KEPT_SCREEN_HOST_ID)?.remove(), KEPT_SCREEN_MAX_MS);
  return true;
}

/** Whether the kept landing is on show now (the live screen below it is not seen yet). */
export function keptScreenOnShow(doc: Document = document): boolean {
  return doc.getElementById(KEPT_SCREEN_HOST_ID) !== null;
}

/** A list's rows are on show: the kept screen gives way, and the landing may be kept when the page is left. */
export function listShown(doc: Document = document) {
  doc.getElementById(KEPT_SCREEN_HOST_ID)?.remove();
  const page = landingPage();
  if (page && onLanding(doc.location, page)) liveLandingShown = true;
}

/**
 * Keeps the landing as it is on show when the page is left (from the back office's start, admin/boot.tsx), once the
 * live list has shown its rows at this load; returns what stops it.
 */
export function keepScreenOnLeave(doc: Document = document): () => void {
  liveLandingShown = false;
  const view = doc.defaultView;
  const keep = () => {
    const session = sessionFingerprint();
    const page = landingPage();
    const root = doc.getElementById('root');
    if (!liveLandingShown || !session || !page || !root || !view || doc.location.pathname !== page || doc.location.search) return;
    const html = root.innerHTML;
    const css = rulesFor(doc, root);
    try {
      if (html.length + css.length <= KEPT_SCREEN_MAX_CHARS) {
        const kept: KeptScreen = { session, page, ...look(), width: view.innerWidth, html, css };
        storage.set(STORAGE_KEYS.keptScreen, JSON.stringify(kept));
      } else storage.remove(STORAGE_KEYS.keptScreen);
    } catch {
      // storage full or refused: the next load shows no kept screen
    }
  };
  const hidden = () => doc.visibilityState === 'hidden' && keep();
  view?.addEventListener('pagehide', keep);
  doc.addEventListener('visibilitychange', hidden);
  return () => {
    view?.removeEventListener('pagehide', keep);
    doc.removeEventListener('visibilitychange', hidden);
  };
}

/**
 * The page's style rules that the landing's markup uses (a rule naming one of its classes, and the global ones), the
 * page's `html` and `body` rules applying to the kept screen's host instead.
 */
function rulesFor(doc: Document, root: Element): string {
  const classes = new Set<string>();
  for (const el of root.querySelectorAll('[class]')) for (const c of (el.getAttribute('class') ?? '').split(/\s+/)) if (c) classes.add(c);
  const keepRule = (rule: CSSRule): string => {
    if (rule instanceof CSSStyleRule) {
      const named = rule.selectorText.match(/\.[\w-]+/g);
      if (named) return named.some((c) => classes.has(c.slice(1))) ? rule.cssText : '';
      return rule.cssText.replace(/^[^{]*/, (selectors) => selectors.replace(/(^|,)\s*(html|body|:root)\b/g, '$1:host'));
    }
    if (rule instanceof CSSMediaRule) {
      const inner = [...rule.cssRules].map(keepRule).join('');
      return inner && `@media ${rule.conditionText}{${inner}}`;
    }
    return rule.cssText;
  };
  let css = '';
  for (const sheet of doc.styleSheets) {
    try {
      for (const rule of sheet.cssRules) css += keepRule(rule);
    } catch {
      // a sheet of another origin: not readable, and not the back office's
    }
  }
  return css;
}
