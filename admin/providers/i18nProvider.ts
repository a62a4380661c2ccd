import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';
import russianMessages from 'ra-language-russian';
import { getLang } from '../../common/i18n/lang.ts';
import { errorsEn } from '../../common/i18n/errors.en.ts';
import { errorsRu } from '../../common/i18n/errors.ru.ts';
import { validationEn, validationRu } from '../../common/validation/messages.ts';
import { ru } from '../i18n/ru.ts';
import { en } from '../i18n/en.ts';
import { resources } from '../resources/index.ts';

type Tree = { [k: string]: string | Tree };

/** Deep merge: later trees win; used to lay Russian over English so that keys ru lacks still exist. */
export function merge(...trees: object[]): Tree {
  const out: Tree = {};
  for (const t of trees) for (const [k, v] of Object.entries(t)) out[k] = v && typeof v === 'object' && typeof out[k] === 'object' ? merge(out[k] as Tree, v) : v;
  return out;
}

const errorTree = (table: Record<string, { title: string; text: string }>) => ({ errors: table });
/** The shared validation messages (`validation.required`, …) in polyglot's `%{n}` syntax. */
const validationTree = (table: Record<string, string>) => ({
  validation: Object.fromEntries(Object.entries(table).map(([k, v]) => [k, v.replace(/\{\{(\w+)\}\}/g, '%{$1}')])),
});

/** Each resource module may carry its own texts; they sit over the shared ones. */
const ownEn = resources.map((r) => r.messages?.en ?? {});
const ownRu = resources.map((r) => r.messages?.ru ?? {});

export const messages = {
  en: merge(englishMessages, validationTree(validationEn), en, ...ownEn, errorTree(errorsEn)) as unknown as TranslationMessages,
  ru: merge(englishMessages, russianMessages, validationTree(validationRu), ru, ...ownRu, errorTree(errorsRu)) as unknown as TranslationMessages,
};

/** Russian by default (the shared `lang` key), English on request; both catalogues are in the bundle. */
export const i18nProvider = polyglotI18nProvider((locale) => (locale === 'en' ? messages.en : messages.ru), getLang(), [
  { locale: 'ru', name: 'Русский' },
  { locale: 'en', name: 'English' },
]);
