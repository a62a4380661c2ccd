import { STORAGE_KEYS, storage } from '../storage.ts';

export type ThemeName = 'light' | 'dark';

/** The theme kept in local storage (shared by both apps), light by default. */
export const getTheme = (): ThemeName => (storage.get(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light');
export function setTheme(t: ThemeName) {
  storage.set(STORAGE_KEYS.theme, t);
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = t;
}

/** Brand colours used by both apps (the learner's CSS variables and the admin's MUI palette). */
export const BRAND = { primary: '#1f4e8c', secondary: '#c8553d' };
