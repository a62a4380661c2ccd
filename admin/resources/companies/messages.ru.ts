import type { MessageTree } from '../../framework/types.ts';

/** Texts of the companies screens; the same keys in both languages. */
export const ru = {
  resources: {
    companies: {
      name: 'Компания |||| Компании',
      fields: {
        id: 'ID',
        title: 'Название',
        full_name: 'Полное наименование',
        short_name: 'Краткое наименование',
        inn: 'ИНН',
        kpp: 'КПП',
        ogrn: 'ОГРН / ОГРНИП',
        legal_address: 'Юридический адрес',
        postal_address: 'Почтовый адрес',
        phone: 'Телефон',
        email: 'E-mail',
        bank: 'Банк',
        bik: 'БИК',
        swift: 'SWIFT',
        account: 'Расчётный счёт',
        corr_account: 'Корреспондентский счёт',
        payment_link: 'Ссылка на оплату',
        qr_login: 'Логин QR-оплаты',
        qr_password: 'Пароль QR-оплаты (пусто — не менять)',
        qr_commission: 'Комиссия QR-оплаты, %',
        qr_password_set: 'Пароль QR задан',
        director: 'Директор',
        accountant: 'Главный бухгалтер',
        stamp: 'Печать (изображение до 5 МБ)',
        is_default: 'Компания по умолчанию (в счетах)',
        created_at: 'Создана',
        q: 'Поиск',
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
} satisfies MessageTree;
