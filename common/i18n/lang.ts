import { STORAGE_KEYS, storage } from '../storage.ts';

export type Lang = 'ru' | 'en';
export const LANGS: Lang[] = ['ru', 'en'];

/** The interface language kept in local storage (shared by both apps); Russian by default and as fallback. */
export const getLang = (): Lang => (storage.get(STORAGE_KEYS.lang) === 'en' ? 'en' : 'ru');
export function setLang(l: Lang) {
  storage.set(STORAGE_KEYS.lang, l);
  if (typeof document !== 'undefined') document.documentElement.lang = l;
}
