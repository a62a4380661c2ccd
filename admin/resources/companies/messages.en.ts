import type { Messages } from '../../framework/types.ts';
import type { ru } from './messages.ru.ts';

/** The English of `messages.ru.ts`: the type-check fails when a key of it is missing here or one is added. */
export const en = {
  resources: {
    companies: {
      name: 'Company |||| Companies',
      fields: {
        id: 'ID',
        title: 'Title',
        full_name: 'Full legal name',
        short_name: 'Short name',
        inn: 'Tax id (INN)',
        kpp: 'KPP',
        ogrn: 'OGRN / OGRNIP',
        legal_address: 'Legal address',
        postal_address: 'Postal address',
        phone: 'Phone',
        email: 'E-mail',
        bank: 'Bank',
        bik: 'BIC (BIK)',
        swift: 'SWIFT',
        account: 'Account',
        corr_account: 'Correspondent account',
        payment_link: 'Payment link',
        qr_login: 'QR payment login',
        qr_password: 'QR payment password (empty: unchanged)',
        qr_commission: 'QR payment commission, %',
        qr_password_set: 'QR password set',
        director: 'Director',
        accountant: 'Chief accountant',
        stamp: 'Stamp (image up to 5 MB)',
        is_default: 'Default company (on invoices)',
        created_at: 'Created',
        q: 'Search',
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
} satisfies Messages<typeof ru>;
