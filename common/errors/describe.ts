import { ApiError } from '../api/client.ts';
import { errorsRu } from '../i18n/errors.ru.ts';
import { parseMessageKey, validationEn, validationRu } from '../validation/messages.ts';

export type Lang = 'ru' | 'en';
type ErrorTable = Record<string, { title: string; text: string }>;

/**
 * The error catalogues by language. Russian (the default and fallback) is always here; another language's
 * catalogue is registered by the app once it has loaded it (the portal loads English only when chosen).
 */
const errorTables: Partial<Record<Lang, ErrorTable>> = { ru: errorsRu };
export function registerErrors(lang: Lang, table: ErrorTable) {
  errorTables[lang] = table;
}

const fill = (text: string, vars: Record<string, unknown> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k] ?? ''));

/** A validation message key (`validation.max_length:255`) in the given language. */
export function validationText(key: string, lang: Lang): string {
  const { key: k, n } = parseMessageKey(key);
  const table = lang === 'en' ? validationEn : validationRu;
  return table[k] ? fill(table[k], { n }) : key;
}

/**
 * The one shared error handler's wording: a title and a text from the error's category, name and
 * variables, translated; "Server error" when the answer carries none. Families (`NOT_FOUND_*`,
 * `NOT_CHECK_ID_*`) fall back to their general entry.
 */
export function describeError(err: unknown, lang: Lang): { title: string; text: string; status: number; name?: string; fields: Record<string, string> } {
  const table = errorTables[lang] ?? errorsRu;
  const api = err instanceof ApiError ? err : undefined;
  const status = api?.status ?? 0;
  const name = api?.body.name;
  const fields: Record<string, string> = {};
  for (const [field, msgs] of Object.entries(api?.body.errors ?? {})) if (msgs?.[0]) fields[field] = validationText(msgs[0], lang);
  let entry = name ? table[name] : undefined;
  if (!entry && name?.startsWith('NOT_FOUND_')) entry = table.NOT_FOUND;
  if (!entry && name?.startsWith('NOT_CHECK_ID')) entry = table.NOT_CHECK_ID;
  if (!entry && status === 0 && api) entry = table.NETWORK;
  if (!entry) entry = table.SERVER_ERROR;
  return { title: entry.title, text: fill(entry.text, api?.body.variables), status, name, fields };
}

/** Password change and welcome mail show the first message of the `confirm_password` error when there is one. */
export function firstConfirmMessage(err: unknown, lang: Lang): string | undefined {
  const msgs = err instanceof ApiError ? err.body.errors?.confirm_password : undefined;
  return msgs?.[0] ? validationText(msgs[0], lang) : undefined;
}

export { onApiError, reportError } from '../api/events.ts';
