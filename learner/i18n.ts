import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { registerErrors } from '../common/errors/describe.ts';
import { getLang, setLang, type Lang } from '../common/i18n/lang.ts';
import { ru } from './locales/ru.ts';

/**
 * react-i18next for the portal: Russian default and fallback, English; the choice is shared with the back office.
 * Only Russian is in the entry: another language's catalogues (the portal's and the error catalogue) are a chunk
 * loaded when that language is chosen, or before the first render when it is the stored choice (`i18nReady`).
 */
const loaders: Record<Exclude<Lang, 'ru'>, () => Promise<void>> = {
  en: () =>
    Promise.all([import('./locales/en.ts'), import('../common/i18n/errors.en.ts')]).then(([ui, errors]) => {
      i18n.addResourceBundle('en', 'translation', ui.en);
      registerErrors('en', errors.errorsEn);
    }),
};
const loading = new Map<Lang, Promise<void>>([['ru', Promise.resolve()]]);
const loaded = new Set<Lang>(['ru']);

/** Loads a language's catalogues once; resolves at once for a language already here. */
export function loadLanguage(l: Lang): Promise<void> {
  let p = loading.get(l);
  if (!p) {
    p = loaders[l as Exclude<Lang, 'ru'>]().then(
      () => void loaded.add(l),
      (err: unknown) => {
        loading.delete(l); // a failed chunk can be tried again
        throw err;
      },
    );
    loading.set(l, p);
  }
  return p;
}

void i18n.use(initReactI18next).init({
  resources: { ru: { translation: ru } },
  lng: 'ru',
  fallbackLng: 'ru',
  interpolation: { escapeValue: false },
});

/** Resolves once the stored language's catalogues are in (at once for Russian); the portal renders after it. */
export const i18nReady: Promise<void> = (() => {
  const l = getLang();
  document.documentElement.lang = l;
  if (l === 'ru') return Promise.resolve();
  return loadLanguage(l).then(
    () => void i18n.changeLanguage(l),
    () => undefined, // the chunk could not be had: the portal stays in Russian
  );
})();

/** Switches the language: stored at once, shown as soon as its catalogues are in (synchronously when already loaded). */
export function changeLanguage(l: Lang): void {
  setLang(l);
  if (loaded.has(l)) {
    void i18n.changeLanguage(l);
    return;
  }
  loadLanguage(l).then(
    () => {
      if (getLang() === l) void i18n.changeLanguage(l);
    },
    () => undefined, // the chunk could not be had: the interface stays as it is
  );
}

export default i18n;
