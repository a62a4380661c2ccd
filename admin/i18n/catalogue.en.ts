import { errorsEn } from '../../common/i18n/errors.en.ts';
import { validationEn } from '../../common/validation/messages.en.ts';
import type { MessageTree } from '../framework/types.ts';
import type { Catalogue } from './catalogue.ru.ts';
import { en } from './en.ts';
import { byFolder } from './folders.ts';
import { pageTitlesEn, withPageTitles } from './page-titles.ts';

/**
 * Every English text of the back office, the same keys as `catalogue.ru.ts`: each resource folder's `messages.en.ts`,
 * found by the build (a chunk loaded when English is used).
 */
export const catalogue: Catalogue = {
  ra: {},
  app: withPageTitles(en, pageTitlesEn),
  own: byFolder(import.meta.glob<MessageTree>('../resources/*/messages.en.ts', { eager: true, import: 'en' })),
  errors: errorsEn,
  validation: validationEn,
};
