import type { MessageTree } from '../../framework/types.ts';

/** Texts of the numbering registers' list. */
export const ru = {
  resources: {
    number_registers: {
      name: 'Реестр номеров |||| Реестры номеров',
      fields: {
        template_id: 'Шаблон',
        template_title: 'Шаблон',
        year: 'Год',
        last_number: 'Последний выданный номер',
        next: 'Следующий номер',
        updated_at: 'Изменён',
      },
    },
  },
  number_registers: { empty: 'Документы по шаблонам с реестром ещё не выдавались' },
} satisfies MessageTree;
