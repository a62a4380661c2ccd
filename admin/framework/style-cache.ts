import createCache, { type EmotionCache } from '@emotion/cache';
import { STORAGE_KEYS, storage } from '../../common/storage.ts';
import { KEPT_FOR_ATTRIBUTE, readKeptStyles } from './kept-styles.ts';

/** How long after start the rules inserted count as the first screens' (a slow network's rows included). */
export const FIRST_SCREENS_MS = 10_000;
/** Kept rules beyond this many characters are dropped and collected afresh (a phone's landing keeps about 54 000). */
export const KEPT_STYLES_MAX_CHARS = 200_000;

/**
 * The back office's emotion cache (admin/boot.tsx gives it to MUI): it takes the rules the entry restored when they
 * were kept by this build (`build`: the back office chunk's address, which changes with its code), and keeps the rules
 * its first screens insert for the next page load, when the page is left or FIRST_SCREENS_MS after start
 * (admin/framework/kept-styles.ts).
 */
export function keptStyleCache(build: string, doc: Document = document): EmotionCache {
  const restored = doc.head.querySelector<HTMLStyleElement>(`style[${KEPT_FOR_ATTRIBUTE}]`);
  let kept = readKeptStyles();
  if (restored && (restored.getAttribute(KEPT_FOR_ATTRIBUTE) !== build || kept?.build !== build)) restored.remove();
  if (kept?.build !== build || !restored?.isConnected) kept = undefined;
  const cache = createCache({ key: 'css' });

  const names: string[] = [];
  const rules: string[] = [];
  let recording = true;
  const insert = cache.insert;
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    // only the class rules of the cache's own sheet: global styles have sheets of their own and are not cached by name
    if (!recording || sheet !== cache.sheet || !shouldCache) return insert(selector, serialized, sheet, shouldCache);
    const insertRule = sheet.insert;
    sheet.insert = (rule: string) => {
      rules.push(rule);
      insertRule.call(sheet, rule);
    };
    try {
      return insert(selector, serialized, sheet, shouldCache);
    } finally {
      sheet.insert = insertRule;
      names.push(serialized.name);
    }
  };

  const keep = () => {
    if (!recording) return;
    recording = false;
    if (names.length === 0 && kept) return;
    const css = rules.join('');
    const all = kept && kept.css.length + css.length <= KEPT_STYLES_MAX_CHARS ? { names: [...kept.names, ...names], css: kept.css + css } : { names, css };
    try {
      if (all.css.length <= KEPT_STYLES_MAX_CHARS) storage.set(STORAGE_KEYS.keptStyles, JSON.stringify({ build, ...all }));
      else storage.remove(STORAGE_KEYS.keptStyles);
    } catch {
      // storage full or refused: the next load inserts its rules as before
    }
  };
  const view = doc.defaultView;
  view?.addEventListener('pagehide', keep);
  doc.addEventListener('visibilitychange', () => doc.visibilityState === 'hidden' && keep());
  view?.setTimeout(() => (typeof view.requestIdleCallback === 'function' ? view.requestIdleCallback(keep, { timeout: 5_000 }) : keep()), FIRST_SCREENS_MS);
  return cache;
}
