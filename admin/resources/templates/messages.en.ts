import type { Messages } from '../../framework/types.ts';
import { PLACEHOLDER_TEXTS } from '../../../common/templates/placeholders.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
export const en = {
  resources: {
    templates: {
      name: 'Template |||| Templates',
      fields: { id: 'ID', title: 'Title', kind: 'Document kind', body: 'Template text', placeholders: 'Placeholders', created_at: 'Created', updated_at: 'Updated', q: 'Search' },
    },
  },
  templates: {
    kind: { certificate: 'Diploma / certificate', document: 'Document' },
    placeholders_title: 'Placeholders',
    placeholders_hint: "Put them in the text; generating a document replaces them with the diploma's data. No other placeholders are accepted.",
    placeholder: PLACEHOLDER_TEXTS.en,
  },
} satisfies Messages<typeof ru>;
