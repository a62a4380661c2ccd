import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
export const en = {
  resources: {
    prices: {
      name: 'Price |||| Prices',
      fields: {
        id: 'ID',
        title: 'Title',
        program_id: 'Program',
        format: 'Format',
        currency: 'Currency',
        amount: 'Amount',
        extra_amount: 'Extra amount',
        extra_currency: 'Extra currency',
        q: 'Search',
      },
    },
  },
} satisfies Messages<typeof ru>;
