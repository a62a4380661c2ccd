import { Type, type TSchema } from 'typebox';

/** An optional value: the value, null, or an empty text (the forms send '' for a cleared field; kept as null). */
const opt = <T extends TSchema>(t: T) => Type.Union([t, Type.Literal(''), Type.Null()]);
const text = (maxLength = 500) => opt(Type.String({ maxLength }));
const digits = (pattern: string) => opt(Type.String({ pattern, maxLength: 34 }));

/** Every company field the API takes (the stamp travels as a file beside them). */
export const CompanyFields = {
  title: Type.String({ minLength: 1, maxLength: 255 }),
  full_name: text(),
  short_name: text(255),
  /** ИНН: 10 digits (an organisation) or 12 (an individual entrepreneur). */
  inn: digits('^(\\d{10}|\\d{12})$'),
  kpp: digits('^\\d{9}$'),
  /** ОГРН 13 digits, ОГРНИП 15. */
  ogrn: digits('^(\\d{13}|\\d{15})$'),
  legal_address: text(),
  postal_address: text(),
  phone: text(64),
  email: opt(Type.String({ format: 'email', maxLength: 255 })),
  bank: text(),
  bik: digits('^\\d{9}$'),
  swift: opt(Type.String({ pattern: '^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$', maxLength: 11 })),
  /** Settlement account: 20 digits (a foreign IBAN-like account is also accepted: 5 to 34 letters and digits). */
  account: opt(Type.String({ pattern: '^[A-Za-z0-9]{5,34}$' })),
  corr_account: digits('^\\d{20}$'),
  payment_link: opt(Type.String({ pattern: '^https?://\\S+$', maxLength: 2000 })),
  qr_login: text(255),
  qr_password: text(255),
  qr_commission: Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()]),
  director: text(255),
  accountant: text(255),
  is_default: Type.Union([Type.Boolean(), Type.Literal('1'), Type.Literal('0')]),
};
export type CompanyInput = { [K in keyof typeof CompanyFields]?: unknown };
export const TEXT_KEYS = Object.keys(CompanyFields).filter((k) => k !== 'qr_commission' && k !== 'is_default' && k !== 'title');
