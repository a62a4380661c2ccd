import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getLang, setLang, type Lang } from '../common/i18n/lang.ts';
import { ru } from './locales/ru.ts';
import { en } from './locales/en.ts';

/** react-i18next for the portal: Russian default and fallback, English; the choice is shared with the back office. */
void i18n.use(initReactI18next).init({
  resources: { ru: { translation: ru }, en: { translation: en } },
  lng: getLang(),
  fallbackLng: 'ru',
  interpolation: { escapeValue: false },
});
document.documentElement.lang = getLang();

export function changeLanguage(l: Lang) {
  setLang(l);
  void i18n.changeLanguage(l);
}

export default i18n;
