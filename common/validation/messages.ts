/** Validation message keys (as the API answers them in `errors`) in both languages; `:N` carries a number. */
export const validationRu: Record<string, string> = {
  required: 'Поле не может быть пустым',
  email: 'Некорректный e-mail',
  password: 'Пароль должен содержать от 8 до 24 символов',
  passwords_match: 'Пароли не совпадают',
  format: 'Некорректный формат',
  date: 'Некорректная дата',
  choice: 'Выберите значение из списка',
  max_length: 'Не более {{n}} символов',
  min_length: 'Не менее {{n}} символов',
  max: 'Не больше {{n}}',
  min: 'Не меньше {{n}}',
  after_start: 'Окончание не может быть раньше начала',
  report_range: 'Для отчёта нужен период: выберите период или даты',
  unique: 'Значения не должны повторяться',
};
export const validationEn: Record<string, string> = {
  required: 'Field can not be empty',
  email: 'Invalid e-mail',
  password: 'The password must be 8 to 24 characters long',
  passwords_match: 'Passwords do not match',
  format: 'Incorrect format',
  date: 'Invalid date',
  choice: 'Choose a value from the list',
  max_length: 'At most {{n}} characters',
  min_length: 'At least {{n}} characters',
  max: 'At most {{n}}',
  min: 'At least {{n}}',
  after_start: 'The end cannot be before the start',
  report_range: 'Report creation requires a date range: choose a period or dates',
  unique: 'Values must not repeat',
};

/** Splits `validation.max_length:255` into the key and its number. */
export function parseMessageKey(key: string): { key: string; n?: string } {
  const [k, n] = key.replace(/^validation\./, '').split(':');
  return { key: k, n };
}
