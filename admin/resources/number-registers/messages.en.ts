import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
export const en = {
  resources: {
    number_registers: {
      name: 'Number register |||| Number registers',
      fields: {
        template_id: 'Template',
        template_title: 'Template',
        year: 'Year',
        last_number: 'Last number issued',
        next: 'Next number',
        updated_at: 'Changed',
      },
    },
  },
  number_registers: { empty: 'No document has been issued from a template with a register yet' },
} satisfies Messages<typeof ru>;
