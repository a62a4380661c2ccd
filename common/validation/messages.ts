/**
 * Validation message keys (as the API answers them in `errors`), Russian; `:N` carries a number. English is
 * `messages.en.ts`, typed by these keys, which each app loads with its English texts (issue 16: not in the first load
 * of a Russian user).
 */
const ru = {
  required: 'Поле не может быть пустым',
  email: 'Некорректный e-mail',
  password: 'Пароль должен содержать от 8 до 24 символов',
  passwords_match: 'Пароли не совпадают',
  format: 'Некорректный формат',
  date: 'Некорректная дата',
  choice: 'Выберите значение из списка',
  lang: 'Выберите русский или английский язык',
  max_length: 'Не более {{n}} символов',
  min_length: 'Не менее {{n}} символов',
  max: 'Не больше {{n}}',
  min: 'Не меньше {{n}}',
  after_start: 'Окончание не может быть раньше начала',
  report_range: 'Для отчёта нужен период: выберите период или даты',
  unique: 'Значения не должны повторяться',
  nul: 'Текст содержит недопустимый символ (NUL)',
  date_range: 'Выберите дату с 1900 по 2100 год',
};
export const validationRu: Record<string, string> = ru;
/** The keys of the validation messages: each language names them all. */
export type ValidationKey = keyof typeof ru;

/** Splits `validation.max_length:255` into the key and its number. */
export function parseMessageKey(key: string): { key: string; n?: string } {
  const [k, n] = key.replace(/^validation\./, '').split(':');
  return { key: k, n };
}
