import type { MessageTree } from '../../framework/types.ts';

/** Texts of the prices screens. The English catalogue must name exactly the Russian keys (a missing one fails to compile). */
export const ru = {
  resources: {
    prices: {
      name: 'Цена |||| Цены',
      fields: {
        id: 'ID',
        title: 'Название',
        program_id: 'Программа',
        format: 'Формат',
        currency: 'Валюта',
        amount: 'Сумма',
        extra_amount: 'Доп. сумма',
        extra_currency: 'Валюта доп. суммы',
        q: 'Поиск',
      },
    },
  },
} satisfies MessageTree;
