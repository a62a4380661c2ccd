import { ApiError } from '../api/client.ts';
import { parseMessageKey, validationRu } from '../validation/messages.ts';

export type Lang = 'ru' | 'en';
export type ErrorTable = Record<string, { title: string; text: string }>;

/**
 * The shared error handler's wording without any catalogue in it: `describe.ts` registers Russian at once (the back
 * office, tests); the portal imports this module and loads a language's catalogue only when it is needed (a failed
 * call, a screen that words an error by itself), see `loadErrorsWith`.
 */
const errorTables: Partial<Record<Lang, ErrorTable>> = {};
export function registerErrors(lang: Lang, table: ErrorTable) {
  errorTables[lang] = table;
}

/** What is said when no catalogue could be had (its chunk failed to load: most likely the connection is gone). */
const BARE: Record<Lang, ErrorTable> = {
  ru: { SERVER_ERROR: { title: 'Ошибка сервера', text: 'Что-то пошло не так. Попробуйте позже.' }, NETWORK: { title: 'Нет связи', text: 'Сервер недоступен. Проверьте подключение.' } },
  en: { SERVER_ERROR: { title: 'Server error', text: 'Something went wrong. Try again later.' }, NETWORK: { title: 'No connection', text: 'The server cannot be reached. Check the connection.' } },
};

let loader: ((lang: Lang) => Promise<ErrorTable>) | undefined;
const loading = new Map<Lang, Promise<void>>();
/** An app that keeps the catalogues out of its first load says how to fetch one (the portal: a chunk per language). */
export function loadErrorsWith(load: (lang: Lang) => Promise<ErrorTable>) {
  loader = load;
}
/** Whether `lang`'s catalogue is here. */
export function hasErrors(lang: Lang): boolean {
  return !!errorTables[lang];
}
/** Whether any catalogue was asked for (the portal then loads the new one when the language changes). */
export function errorsWanted(): boolean {
  return loading.size > 0;
}
/** Resolves once `lang`'s catalogue is here, loading it once; never rejects (a failed chunk can be tried again). */
export function errorsReady(lang: Lang): Promise<void> {
  if (errorTables[lang] || !loader) return Promise.resolve();
  let p = loading.get(lang);
  if (!p) {
    p = loader(lang).then(
      (table) => registerErrors(lang, table),
      () => void loading.delete(lang),
    );
    loading.set(lang, p);
  }
  return p;
}

/** Validation messages by language: Russian here, another registered by the app with its texts (`validation/messages.en.ts`). */
const validationTables: Partial<Record<Lang, Record<string, string>>> = { ru: validationRu };
export function registerValidation(lang: Lang, table: Record<string, string>) {
  validationTables[lang] = table;
}

const fill = (text: string, vars: Record<string, unknown> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k] ?? ''));

/** A validation message key (`validation.max_length:255`) in the given language. */
export function validationText(key: string, lang: Lang): string {
  const { key: k, n } = parseMessageKey(key);
  const table = validationTables[lang] ?? validationRu;
  return table[k] ? fill(table[k], { n }) : key;
}

/**
 * The one shared error handler's wording: a title and a text from the error's category, name and
 * variables, translated; "Server error" when the answer carries none. Families (`NOT_FOUND_*`,
 * `NOT_CHECK_ID_*`) fall back to their general entry.
 */
export function describeError(err: unknown, lang: Lang): { title: string; text: string; status: number; name?: string; fields: Record<string, string> } {
  const table = errorTables[lang] ?? errorTables.ru ?? BARE[lang];
  const api = err instanceof ApiError ? err : undefined;
  const status = api?.status ?? 0;
  const name = api?.body.name;
  const fields: Record<string, string> = {};
  for (const [field, msgs] of Object.entries(api?.body.errors ?? {})) if (msgs?.[0]) fields[field] = validationText(msgs[0], lang);
  let entry = name ? table[name] : undefined;
  if (!entry && name?.startsWith('NOT_FOUND_')) entry = table.NOT_FOUND;
  if (!entry && name?.startsWith('NOT_CHECK_ID')) entry = table.NOT_CHECK_ID;
  if (!entry && status === 0 && api) entry = table.NETWORK;
  if (!entry) entry = table.SERVER_ERROR ?? BARE[lang].SERVER_ERROR;
  return { title: entry.title, text: fill(entry.text, api?.body.variables), status, name, fields };
}

/** Password change and welcome mail show the first message of the `confirm_password` error when there is one. */
export function firstConfirmMessage(err: unknown, lang: Lang): string | undefined {
  const msgs = err instanceof ApiError ? err.body.errors?.confirm_password : undefined;
  return msgs?.[0] ? validationText(msgs[0], lang) : undefined;
}
