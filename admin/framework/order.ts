/**
 * Orders identifiers (resource and folder names) by their code points. `localeCompare` orders the folders' names the
 * same way (lower case and hyphens) and the resources' only differently where case or `_` decide a tie of one menu
 * place; but the page's first call of it starts ICU's collation (13 ms in a fresh Chromium page, four times that on
 * Lighthouse's slower phone), in the evaluation of the back office's chunk, before anything is on screen; nothing the
 * first screen shows needs ICU (vite.admin.transforms.ts, lazyPaginationNumberFormat).
 */
export function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
