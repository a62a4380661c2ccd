import { useMemo, useSyncExternalStore } from 'react';
import i18n from 'i18next';

/**
 * The portal's `useTranslation`: what it used of react-i18next's hook (`t` in the interface language and the `i18n`
 * instance, a re-render when the language changes, as react-i18next's default `bindI18n: 'languageChanged'`) in a
 * few lines instead of the library (about 2 KB brotli of the first load, issue 16). Texts are in before a screen that
 * needs them renders (`i18nReady`, `lazyPage` in App.tsx), so nothing waits on a namespace.
 */
function subscribe(changed: () => void) {
  i18n.on('languageChanged', changed);
  return () => i18n.off('languageChanged', changed);
}
const language = () => i18n.language;

export function useTranslation() {
  const lang = useSyncExternalStore(subscribe, language);
  const t = useMemo(() => i18n.getFixedT(lang), [lang]);
  return { t, i18n };
}
