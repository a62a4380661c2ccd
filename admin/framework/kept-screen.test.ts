// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepFirstRead } from '../../common/api/early.ts';
import { endSession, navigation } from '../../common/auth/session.ts';
import { STORAGE_KEYS } from '../../common/storage.ts';
import { KEPT_SCREEN_HOST_ID, KEPT_SCREEN_MAX_MS, keepScreenOnLeave, listShown, readKeptScreen, showKeptScreen } from './kept-screen.ts';

/**
 * The back office's landing as the session last saw it, shown while the code downloads (admin/framework/kept-screen.ts):
 * kept when the page is left, shown at the next load of the landing only, for the same session, language, theme and
 * width, and gone as soon as the live list has its rows.
 */
const LANDING = '/admin/courses';
let stopKeeping: (() => void) | undefined;

function signedIn(token = 'token-of-admin') {
  localStorage.setItem(STORAGE_KEYS.token, token);
  keepFirstRead({ path: '/admin/program?page=1', page: LANDING });
}

/** A back office load at `path` whose live landing shows a card, its class styled by the page's sheet. */
function liveLanding(path = LANDING) {
  history.replaceState(null, '', path);
  document.head.innerHTML =
    '<style>body { margin: 0; background-color: rgb(250, 250, 250); } .css-card { color: rgb(200, 0, 0); } .css-unused { color: blue; } @media (min-width: 600px) { .css-card { padding: 8px; } .css-other { margin: 0; } }</style>';
  document.body.innerHTML = '<div id="root"><ul><li class="css-card" id="row-1" onclick="alert(1)"><span>Стратегический менеджмент</span></li></ul></div>';
  stopKeeping = keepScreenOnLeave();
}

/** The next page load's entry, at `path`. */
function nextLoad(path = LANDING) {
  stopKeeping?.();
  history.replaceState(null, '', path);
  document.head.replaceChildren();
  document.body.innerHTML = '<div id="root"></div>';
  return showKeptScreen();
}

const host = () => document.getElementById(KEPT_SCREEN_HOST_ID);

beforeEach(() => {
  localStorage.clear();
  signedIn();
});
afterEach(() => {
  stopKeeping?.();
  vi.useRealTimers();
});

describe('the kept landing', () => {
  it('is kept when the page is left once the live list showed its rows, with the rules its markup uses', () => {
    liveLanding();
    listShown();
    window.dispatchEvent(new Event('pagehide'));
    const kept = readKeptScreen();
    expect(kept).toMatchObject({ page: LANDING, lang: 'ru', width: window.innerWidth });
    expect(kept?.html).toContain('Стратегический менеджмент');
    expect(kept?.css).toContain('.css-card { color: rgb(200, 0, 0); }');
    expect(kept?.css).toContain('@media (min-width: 600px){.css-card { padding: 8px; }}');
    expect(kept?.css).not.toContain('css-unused');
    expect(kept?.css).not.toContain('css-other');
    // the page's own body rule applies to the kept screen's host
    expect(kept?.css).toContain(':host { margin: 0px; background-color: rgb(250, 250, 250); }');
  });

  it('is not kept before the live rows are on show, off the landing, or with the list asked otherwise', () => {
    liveLanding();
    window.dispatchEvent(new Event('pagehide'));
    expect(readKeptScreen()).toBeUndefined();

    liveLanding('/admin/users');
    listShown();
    window.dispatchEvent(new Event('pagehide'));
    expect(readKeptScreen()).toBeUndefined();

    liveLanding(`${LANDING}?filter=%7B%7D`);
    listShown();
    window.dispatchEvent(new Event('pagehide'));
    expect(readKeptScreen()).toBeUndefined();
  });

  it("is shown at the next load of the landing, hidden from assistive technology and out of the page's queries", () => {
    liveLanding();
    listShown();
    window.dispatchEvent(new Event('pagehide'));
    expect(nextLoad('/admin/')).toBe(true);
    // the address is that of what is on show
    expect(location.pathname).toBe(LANDING);
    const shown = host();
    expect(shown?.getAttribute('aria-hidden')).toBe('true');
    // a closed shadow root: the page's own queries do not find the kept markup
    expect(shown?.shadowRoot).toBeNull();
    expect(document.body.textContent).not.toContain('Стратегический менеджмент');
    expect(document.getElementById('row-1')).toBeNull();
  });

  it('gives way once a list shows its rows, or after its longest time whatever happens', () => {
    liveLanding();
    listShown();
    window.dispatchEvent(new Event('pagehide'));
    nextLoad();
    expect(host()).not.toBeNull();
    listShown();
    expect(host()).toBeNull();

    vi.useFakeTimers();
    nextLoad();
    vi.advanceTimersByTime(KEPT_SCREEN_MAX_MS - 1);
    expect(host()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(host()).toBeNull();
  });

  it('is not shown at another page, to another session, in another language or theme, or at another width', () => {
    liveLanding();
    listShown();
    window.dispatchEvent(new Event('pagehide'));
    expect(nextLoad('/admin/users')).toBe(false);
    expect(nextLoad(`${LANDING}?page=2`)).toBe(false);

    localStorage.setItem(STORAGE_KEYS.lang, 'en');
    expect(nextLoad()).toBe(false);
    localStorage.setItem(STORAGE_KEYS.lang, 'ru');
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    expect(nextLoad()).toBe(false);
    localStorage.removeItem(STORAGE_KEYS.theme);

    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width + 1 });
    expect(nextLoad()).toBe(false);
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    expect(nextLoad()).toBe(true);

    localStorage.setItem(STORAGE_KEYS.token, 'token-of-someone-else');
    expect(nextLoad()).toBe(false);
    expect(host()).toBeNull();
  });

  it('is removed from the browser when the session ends', () => {
    liveLanding();
    listShown();
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(STORAGE_KEYS.keptScreen)).not.toBeNull();
    vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    endSession('ERROR_SCHOOL_SUSPENDED');
    expect(localStorage.getItem(STORAGE_KEYS.keptScreen)).toBeNull();
  });
});
