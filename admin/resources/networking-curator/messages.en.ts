import { networkingLabelsEn } from '../../../common/i18n/networking.en.ts';
import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
export const en = {
  resources: {
    'networking-curator': {
      name: 'Networking member |||| Networking (curator)',
      fields: {
        id: 'ID',
        name: 'First name',
        surname: 'Last name',
        email: 'E-mail',
        status: 'Status',
        updated_at: 'Updated',
        q: 'Search',
        ...networkingLabelsEn.fields,
      },
      statuses: networkingLabelsEn.statuses,
      labor: networkingLabelsEn.labor,
      industries: networkingLabelsEn.industries,
      excel: 'Export to Excel',
      open: "Open the member's page",
      buyer_of: 'Marketplace buyer, school “%{school}”',
      empty: 'No members',
    },
  },
} satisfies Messages<typeof ru>;
