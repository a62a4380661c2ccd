import { networkingLabelsRu } from '../../../common/i18n/networking.ru.ts';
import type { MessageTree } from '../../framework/types.ts';

/** Texts of the curators' networking list. Same keys in both languages. */
export const ru = {
  resources: {
    'networking-curator': {
      name: 'Участник нетворкинга |||| Нетворкинг (куратор)',
      fields: {
        id: 'ID',
        name: 'Имя',
        surname: 'Фамилия',
        email: 'E-mail',
        status: 'Статус',
        updated_at: 'Обновлён',
        q: 'Поиск',
        ...networkingLabelsRu.fields,
      },
      statuses: networkingLabelsRu.statuses,
      labor: networkingLabelsRu.labor,
      industries: networkingLabelsRu.industries,
      excel: 'Выгрузить в Excel',
      open: 'Открыть страницу участника',
      buyer_of: 'Покупатель маркетплейса, школа «%{school}»',
      empty: 'Участников нет',
    },
  },
} satisfies MessageTree;
