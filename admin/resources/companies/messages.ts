import type { MessageTree } from '../../framework/types.ts';

/** Texts of the companies screens; the same keys in both languages. */
export const ru: MessageTree = {
  resources: {
    companies: {
      name: 'Компания |||| Компании',
      fields: {
        id: 'ID', title: 'Название', full_name: 'Полное наименование', short_name: 'Краткое наименование', inn: 'ИНН', kpp: 'КПП', ogrn: 'ОГРН / ОГРНИП',
        legal_address: 'Юридический адрес', postal_address: 'Почтовый адрес', phone: 'Телефон', email: 'E-mail', bank: 'Банк', bik: 'БИК', swift: 'SWIFT',
        account: 'Расчётный счёт', corr_account: 'Корреспондентский счёт', payment_link: 'Ссылка на оплату', qr_login: 'Логин QR-оплаты',
        qr_password: 'Пароль QR-оплаты (пусто — не менять)', qr_commission: 'Комиссия QR-оплаты, %', qr_password_set: 'Пароль QR задан', director: 'Директор',
        accountant: 'Главный бухгалтер', stamp: 'Печать (изображение до 5 МБ)', is_default: 'Компания по умолчанию (в счетах)', created_at: 'Создана', q: 'Поиск',
      },
    },
  },
  companies: {
    tabs: { main: 'Основное', legal: 'Реквизиты', bank: 'Банк', qr: 'QR-оплата', people: 'Подписи и печать' },
    edit_many: 'Изменить поле',
    edit_many_title: 'Изменить поле у выбранных компаний',
    field: 'Поле',
    value: 'Новое значение (пусто — очистить)',
    apply: 'Применить',
    cancel: 'Отмена',
  },
  toasts: { companies_is_update: 'Изменено компаний: %{smart_count}' },
};

export const en: MessageTree = {
  resources: {
    companies: {
      name: 'Company |||| Companies',
      fields: {
        id: 'ID', title: 'Title', full_name: 'Full legal name', short_name: 'Short name', inn: 'Tax id (INN)', kpp: 'KPP', ogrn: 'OGRN / OGRNIP',
        legal_address: 'Legal address', postal_address: 'Postal address', phone: 'Phone', email: 'E-mail', bank: 'Bank', bik: 'BIC (BIK)', swift: 'SWIFT',
        account: 'Account', corr_account: 'Correspondent account', payment_link: 'Payment link', qr_login: 'QR payment login',
        qr_password: 'QR payment password (empty: unchanged)', qr_commission: 'QR payment commission, %', qr_password_set: 'QR password set', director: 'Director',
        accountant: 'Chief accountant', stamp: 'Stamp (image up to 5 MB)', is_default: 'Default company (on invoices)', created_at: 'Created', q: 'Search',
      },
    },
  },
  companies: {
    tabs: { main: 'Main', legal: 'Legal details', bank: 'Bank', qr: 'QR payment', people: 'Signatures and stamp' },
    edit_many: 'Change a field',
    edit_many_title: 'Change a field of the selected companies',
    field: 'Field',
    value: 'New value (empty: clear)',
    apply: 'Apply',
    cancel: 'Cancel',
  },
  toasts: { companies_is_update: 'Companies changed: %{smart_count}' },
};
