import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getTheme, setTheme, type ThemeName } from '../../common/theme/theme.ts';
import type { Lang } from '../../common/i18n/lang.ts';
import { changeLanguage } from '../i18n.ts';

/** Language and theme switches; both choices are kept in local storage and shared with the back office. */
export function Switches() {
  const { t, i18n } = useTranslation();
  const [theme, set] = useState<ThemeName>(getTheme());
  return (
    <>
      <select aria-label={t('lang.label')} data-testid="lang-switch" value={i18n.language} onChange={(e) => changeLanguage(e.target.value as Lang)}>
        <option value="ru">{t('lang.ru')}</option>
        <option value="en">{t('lang.en')}</option>
      </select>
      <select
        aria-label={t('theme.label')}
        value={theme}
        onChange={(e) => {
          setTheme(e.target.value as ThemeName);
          set(e.target.value as ThemeName);
        }}
      >
        <option value="light">{t('theme.light')}</option>
        <option value="dark">{t('theme.dark')}</option>
      </select>
    </>
  );
}
