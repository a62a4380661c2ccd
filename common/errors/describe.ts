import { errorsRu } from '../i18n/errors.ru.ts';
import { registerErrors } from './wording.ts';

/**
 * The error catalogues by language, with Russian (the default and fallback) always here: the back office's and the
 * tests' entry to the shared wording (`wording.ts`). Another language's catalogue is registered by the app once it
 * has loaded it. The portal imports `wording.ts` instead and loads even Russian only when needed.
 */
registerErrors('ru', errorsRu);

export * from './wording.ts';
export { onApiError, reportError } from '../api/events.ts';
