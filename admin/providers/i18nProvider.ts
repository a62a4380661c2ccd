import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';
import type { Lang } from '../../common/i18n/lang.ts';
import { registerErrors, registerValidation } from '../../common/errors/wording.ts';
import type { Catalogue } from '../i18n/catalogue.ru.ts';
import { withChunkTimeout } from '../framework/lazy.ts';

type Tree = { [k: string]: string | Tree };

/** Deep merge: later trees win; used to lay Russian over English so that keys ru lacks still exist. */
export function merge(...trees: object[]): Tree {
  const out: Tree = {};
  for (const t of trees) for (const [k, v] of Object.entries(t)) out[k] = v && typeof v === 'object' && typeof out[k] === 'object' ? merge(out[k] as Tree, v) : v;
  return out;
}

/** The shared validation messages (`validation.required`, …) in polyglot's `%{n}` syntax. */
const validationTree = (table: Record<string, string>) => ({
  validation: Object.fromEntries(Object.entries(table).map(([k, v]) => [k, v.replace(/\{\{(\w+)\}\}/g, '%{$1}')])),
});

/**
 * Each language's texts are a chunk of their own (`i18n/catalogue.<lang>.ts`): the back office loads the one in use
 * beside its own chunk (admin/main.tsx) and the other only when the user switches to it.
 */
export function loadCatalogue(lang: Lang): Promise<Catalogue> {
  return withChunkTimeout(lang === 'en' ? import('../i18n/catalogue.en.ts') : import('../i18n/catalogue.ru.ts')).then((m) => m.catalogue);
}

/**
 * One language's messages: react-admin's English under everything (so that a key its Russian pack lacks still
 * exists), react-admin's texts of the language, the shared validation messages, our own texts, each resource's texts
 * and the error catalogue; the error and validation catalogues are also registered for the shared error wording (API errors' toasts).
 */
export function messagesOf(lang: Lang, c: Catalogue): TranslationMessages {
  registerErrors(lang, c.errors);
  registerValidation(lang, c.validation);
  return merge(englishMessages, c.ra, validationTree(c.validation), c.app, ...Object.values(c.own), {
    errors: c.errors,
  }) as unknown as TranslationMessages;
}

/** Both languages' messages (tests). */
export async function allMessages(): Promise<Record<Lang, TranslationMessages>> {
  const [ru, en] = await Promise.all([loadCatalogue('ru'), loadCatalogue('en')]);
  return { ru: messagesOf('ru', ru), en: messagesOf('en', en) };
}

/** Russian by default (the shared `lang` key), English on request: the language in use's messages are given, the other's loaded when chosen. */
export function createI18nProvider(lang: Lang, catalogue: Catalogue): I18nProvider {
  const initial = messagesOf(lang, catalogue);
  return polyglotI18nProvider((locale) => (locale === lang ? initial : loadCatalogue(locale as Lang).then((c) => messagesOf(locale as Lang, c))), lang, [
    { locale: 'ru', name: 'Русский' },
    { locale: 'en', name: 'English' },
  ]);
}
