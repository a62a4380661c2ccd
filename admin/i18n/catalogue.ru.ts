import russianMessages from 'ra-language-russian';
import type { ErrorTable } from '../../common/errors/wording.ts';
import { errorsRu } from '../../common/i18n/errors.ru.ts';
import { validationRu } from '../../common/validation/messages.ts';
import type { MessageTree } from '../framework/types.ts';
import { ru, type AdminMessages } from './ru.ts';
import { byFolder } from './folders.ts';
import { pageTitlesRu, withPageTitles } from './page-titles.ts';

/**
 * Every Russian text of the back office: react-admin's, our own (`ru.ts`), each resource folder's (`messages.ru.ts`,
 * found by the build: no list of them here) and the error catalogue. A chunk of its own, loaded before the first
 * render when Russian is the language (admin/main.tsx), so that the English texts never load for a Russian user.
 */
export interface Catalogue {
  /** react-admin's own texts in this language (English ones are under every catalogue: providers/i18nProvider.ts). */
  ra: object;
  app: AdminMessages;
  /** Each resource folder's texts, by folder name (admin/i18n/catalogues.test.ts: the same folders in both languages). */
  own: Record<string, MessageTree>;
  errors: ErrorTable;
  /** The shared validation messages (`validation.*`) of the language. */
  validation: Record<string, string>;
}

const own = byFolder(import.meta.glob<MessageTree>('../resources/*/messages.ru.ts', { eager: true, import: 'ru' }));

export const catalogue: Catalogue = { ra: russianMessages, app: withPageTitles(ru, pageTitlesRu), own, errors: errorsRu, validation: validationRu };
