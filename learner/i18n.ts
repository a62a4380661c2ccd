import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeErrors } from '../common/api/events.ts';
import { errorsReady, errorsWanted, hasErrors, loadErrorsWith, registerValidation } from '../common/errors/wording.ts';
import { LANGS, getLang, setLang, type Lang } from '../common/i18n/lang.ts';
import { ru } from './locales/ru.ts';

/**
 * i18next for the portal, to the screens through react-i18next (`useTranslation` from 'react-i18next'): Russian default and fallback, English; the choice is shared with the back office.
 * Only Russian is in the entry: another language's catalogue is a chunk loaded when that language is chosen, or
 * before the first render when it is the stored choice (`i18nReady`). The error catalogues are chunks (see below).
 * The entry's catalogue holds the first screens' texts (sign-in, the signed-in shell, the course pages); the other
 * pages' texts are a chunk per language loaded with the first page that needs them (`loadPageTexts`), and from then
 * on with every language chosen.
 */
const loaders: Record<Exclude<Lang, 'ru'>, () => Promise<void>> = {
  en: () =>
    import('./locales/en.ts').then((ui) => {
      i18n.addResourceBundle('en', 'translation', ui.en);
      registerValidation('en', ui.validationEn);
    }),
};

// The error catalogue of the interface language only, a chunk loaded with the first failed call (the API client waits
// for it before the error is heard of) or by a screen that words an error by itself (`useErrorTexts`, components/ui.tsx).
loadErrorsWith((l) => (l === 'en' ? import('../common/i18n/errors.en.ts').then((m) => m.errorsEn) : import('../common/i18n/errors.ru.ts').then((m) => m.errorsRu)));
beforeErrors(() => errorsReady(getLang()));
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

// initialised at once (the entry's catalogue is here): the first render has its texts, nothing suspends; a page's
// texts are in before it renders (`lazyPage` in App.tsx), so react-i18next never waits on a namespace
void i18n.use(initReactI18next).init({
  resources: { ru: { translation: ru } },
  lng: 'ru',
  fallbackLng: 'ru',
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
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

const pageTexts: Record<Lang, () => Promise<Record<string, unknown>>> = {
  ru: () => import('./locales/ru.pages.ts').then((m) => m.ruPages),
  en: () => import('./locales/en.pages.ts').then((m) => m.enPages),
};
const pagesLoading = new Map<Lang, Promise<void>>();
const pagesLoaded = new Set<Lang>();
let pagesWanted = false;

function loadPagesOf(l: Lang): Promise<void> {
  let p = pagesLoading.get(l);
  if (!p) {
    p = pageTexts[l]().then(
      (texts) => {
        i18n.addResourceBundle(l, 'translation', texts, true, true);
        pagesLoaded.add(l);
      },
      (err: unknown) => {
        pagesLoading.delete(l); // a failed chunk can be tried again
        throw err;
      },
    );
    pagesLoading.set(l, p);
  }
  return p;
}

/**
 * The texts of the pages past the first screens in the interface language: a page's chunk loads them beside itself
 * (`lazyPage` in App.tsx), so the page renders with them; resolves at once once they are in.
 */
export function loadPageTexts(): Promise<void> {
  pagesWanted = true;
  return loadPagesOf(getLang());
}

/**
 * Texts of a subject of their own, outside the page texts: the quiz's, the networking's, the marketplace's, a course's,
 * the calendar's and lifelong learning's, each a chunk with both languages (locales/quiz.ts, networking.ts, marketplace.ts,
 * calendar.ts, lifelong.ts) that their pages load beside themselves (`lazyPage` in App.tsx), under their keys
 * (`quiz.*`, `networking.*`, `market.*`, `calendar.*`, `lifelong.*`; the records' `documents.*`, `project.*`, `score.*`,
 * `payment.*`). Not in the page texts, so that a student's landing (the news, the profile) does not download them
 * (issue 28 item 6).
 */
const subjectTexts = {
  quiz: () => import('./locales/quiz.ts').then((m) => ({ ru: { quiz: m.quizRu }, en: { quiz: m.quizEn } })),
  networking: () => import('./locales/networking.ts').then((m) => ({ ru: { networking: m.networkingRu }, en: { networking: m.networkingEn } })),
  market: () => import('./locales/marketplace.ts').then((m) => ({ ru: { market: m.marketRu }, en: { market: m.marketEn } })),
  calendar: () => import('./locales/calendar.ts').then((m) => ({ ru: { calendar: m.calendarRu }, en: { calendar: m.calendarEn } })),
  course: () => import('./locales/course.ts').then((m) => ({ ru: { courses: m.courseRu }, en: { courses: m.courseEn } })),
  lifelong: () => import('./locales/lifelong.ts').then((m) => ({ ru: { lifelong: m.lifelongRu }, en: { lifelong: m.lifelongEn } })),
  // the student's records: documents, projects, scores, payments (their keys as they are)
  records: () => import('./locales/records.ts').then((m) => ({ ru: m.recordsRu, en: m.recordsEn })),
  // the news pages and the first-visit welcome (`news.*`, `welcome.*`, `titles.news_item`): a student's first landing
  news: () => import('./locales/news.ts').then((m) => ({ ru: m.newsRu, en: m.newsEn })),
};
export type TextSubject = keyof typeof subjectTexts;
const subjectsLoading = new Map<TextSubject, Promise<void>>();

/** Loads a subject's texts once, in every language (a later switch of language has them already). */
export function loadSubjectTexts(subject: TextSubject): Promise<void> {
  let p = subjectsLoading.get(subject);
  if (!p) {
    p = subjectTexts[subject]().then(
      (texts) => {
        for (const l of LANGS) i18n.addResourceBundle(l, 'translation', texts[l], true, true);
      },
      (err: unknown) => {
        subjectsLoading.delete(subject); // a failed chunk can be tried again
        throw err;
      },
    );
    subjectsLoading.set(subject, p);
  }
  return p;
}

/** Switches the language: stored at once, shown as soon as its catalogues are in (synchronously when already loaded). */
export function changeLanguage(l: Lang): void {
  setLang(l);
  if (loaded.has(l) && (!pagesWanted || pagesLoaded.has(l)) && (!errorsWanted() || hasErrors(l))) {
    void i18n.changeLanguage(l);
    return;
  }
  Promise.all([loadLanguage(l), pagesWanted ? loadPagesOf(l) : undefined, errorsWanted() ? errorsReady(l) : undefined]).then(
    () => {
      if (getLang() === l) void i18n.changeLanguage(l);
    },
    () => undefined, // the chunk could not be had: the interface stays as it is
  );
}

export default i18n;
