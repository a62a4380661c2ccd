import type { MessageTree, Messages } from '../../framework/types.ts';
import { PLACEHOLDER_TEXTS } from '../../../common/templates/placeholders.ts';

/** Texts of the templates screens; the same keys in both languages. */
export const ru = {
  resources: {
    templates: {
      name: 'Шаблон |||| Шаблоны',
      fields: { id: 'ID', title: 'Название', kind: 'Вид документа', body: 'Текст шаблона', placeholders: 'Подстановки', created_at: 'Создан', updated_at: 'Изменён', q: 'Поиск' },
    },
  },
  templates: {
    kind: { certificate: 'Диплом / удостоверение', document: 'Документ' },
    placeholders_title: 'Подстановки',
    placeholders_hint: 'Вставьте в текст, при формировании документа они заменятся данными диплома. Другие подстановки не принимаются.',
    placeholder: PLACEHOLDER_TEXTS.ru,
  },
} satisfies MessageTree;

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
