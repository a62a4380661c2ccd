import type { MessageTree } from '../../framework/types.ts';
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
