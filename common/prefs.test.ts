import { installMemoryStorage } from './testing/memory-storage.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from './storage.ts';
import { getLang, setLang } from './i18n/lang.ts';
import { getTheme, setTheme } from './theme/theme.ts';
import { errorsEn } from './i18n/errors.en.ts';
import { errorsRu } from './i18n/errors.ru.ts';
import { validationRu } from './validation/messages.ts';
import { validationEn } from './validation/messages.en.ts';

const store = installMemoryStorage();

describe('language and theme preferences', () => {
  beforeEach(() => store.clear());

  it('defaults to Russian and light, and keeps the choice in local storage', () => {
    expect(getLang()).toBe('ru');
    expect(getTheme()).toBe('light');
    setLang('en');
    setTheme('dark');
    expect(store.get(STORAGE_KEYS.lang)).toBe('en');
    expect(getLang()).toBe('en');
    expect(getTheme()).toBe('dark');
    store.set(STORAGE_KEYS.lang, 'de');
    expect(getLang()).toBe('ru'); // unknown languages fall back to Russian
  });

  it('has every error and validation message in both languages', () => {
    expect(Object.keys(errorsEn).sort()).toEqual(Object.keys(errorsRu).sort());
    expect(Object.keys(validationEn).sort()).toEqual(Object.keys(validationRu).sort());
    for (const code of [
      'ERROR_BLOCK',
      'ERROR_LOGIN',
      'ERROR_PASS',
      'NOT_AUTHORIZED',
      'ERROR_ACCESS',
      'ERROR_MAX_ATTEMPT',
      'ERROR_PROJECT_NOT_CHECKED',
      'ERROR_MAX_SIZE_5',
      'ERROR_MAX_SIZE_40',
      'ERROR_FILE_NOT_ARCHIVE',
      'INSUFFICIENT_FUNDS',
      'ISSET_ANSWER',
      'NOT_ACCESS_DELETE_SUPERADMIN',
      'Validation Error',
    ]) {
      expect(errorsRu[code], code).toBeTruthy();
    }
    expect(validationEn.required).toBe('Field can not be empty');
  });
});
