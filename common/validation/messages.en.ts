import type { ValidationKey } from './messages.ts';

/** The validation messages in English (a missing or extra key fails to compile). */
export const validationEn: Record<ValidationKey, string> = {
  required: 'Field can not be empty',
  email: 'Invalid e-mail',
  password: 'The password must be 8 to 24 characters long',
  passwords_match: 'Passwords do not match',
  format: 'Incorrect format',
  date: 'Invalid date',
  choice: 'Choose a value from the list',
  lang: 'Choose Russian or English',
  max_length: 'At most {{n}} characters',
  min_length: 'At least {{n}} characters',
  max: 'At most {{n}}',
  min: 'At least {{n}}',
  after_start: 'The end cannot be before the start',
  report_range: 'Report creation requires a date range: choose a period or dates',
  unique: 'Values must not repeat',
  nul: 'The text holds a character that is not allowed (NUL)',
  date_range: 'Choose a date from 1900 to 2100',
};
