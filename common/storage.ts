/** Local-storage keys shared by both apps (they live on one origin, so one login, language, theme). */
export const STORAGE_KEYS = {
  token: 'user-token',
  refreshToken: 'user-refresh-token',
  /** The admin's own token while demo mode is on. */
  savedToken: 'saved-user-token',
  demo: 'demo-mode',
  lang: 'lang',
  theme: 'theme',
  /** Why the session ended, for the sign-in page (an error name, e.g. ERROR_SCHOOL_SUSPENDED); gone once shown. */
  signedOutBecause: 'signed-out-because',
  /** The back office's landing list read, started early at the next page load of the same session (common/api/early.ts). */
  firstRead: 'first-read',
  /** The back office's first screens' style rules, put in the page before its code runs (admin/framework/kept-styles.ts). */
  keptStyles: 'admin-kept-styles',
  /** The back office's landing as this session last saw it, shown while the code downloads (admin/framework/kept-screen.ts). */
  keptScreen: 'admin-kept-screen',
} as const;

export const storage = {
  get: (key: string) => (typeof localStorage === 'undefined' ? null : localStorage.getItem(key)),
  set: (key: string, value: string) => localStorage.setItem(key, value),
  remove: (key: string) => localStorage.removeItem(key),
};
