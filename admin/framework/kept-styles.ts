import { STORAGE_KEYS, storage } from '../../common/storage.ts';

/**
 * The style rules that the back office's first screens needed at the last page loads, kept in the browser and put in
 * the page by the entry (admin/main.tsx) while the back office's code downloads. MUI styles every component through
 * emotion, which otherwise compiles each rule with stylis and inserts it one by one as the first render commits: about a
 * quarter of that render's script time (docs/performance.md "The twenty-fourth session"). Emotion takes a
 * `<style data-emotion="css name…">` already in the page as styles it has inserted (its server-rendering contract), so
 * the kept names are neither compiled nor inserted again. A name is the hash of its styles, so a kept rule is never
 * wrong for its name; the build the rules were kept by goes with them, and another build's are dropped
 * (admin/framework/style-cache.ts). They hold no data of the user's: only class names and CSS.
 */
export type KeptStyles = { build: string; names: string[]; css: string };

/** The attribute of the restored `<style>` that names the build whose rules it holds. */
export const KEPT_FOR_ATTRIBUTE = 'data-kept-for';

export function readKeptStyles(): KeptStyles | undefined {
  try {
    const kept = JSON.parse(storage.get(STORAGE_KEYS.keptStyles) ?? 'null') as Partial<KeptStyles> | null;
    if (typeof kept?.build !== 'string' || typeof kept.css !== 'string' || !Array.isArray(kept.names)) return undefined;
    if (!kept.names.every((n) => typeof n === 'string' && /^[\w-]+$/.test(n))) return undefined;
    return kept as KeptStyles;
  } catch {
    return undefined;
  }
}

/** Puts the kept rules in the page's head, for emotion to take when the back office's code creates its cache. */
export function restoreKeptStyles(doc: Document = document) {
  const kept = readKeptStyles();
  if (!kept || kept.names.length === 0) return;
  const style = doc.createElement('style');
  style.setAttribute('data-emotion', `css ${kept.names.join(' ')}`);
  style.setAttribute(KEPT_FOR_ATTRIBUTE, kept.build);
  style.textContent = kept.css;
  doc.head.appendChild(style);
}
