import { useTranslation } from '../translation.ts';
import type { ThemeName } from '../../common/theme/theme.ts';
import type { Lang } from '../../common/i18n/lang.ts';
import { changeLanguage } from '../i18n.ts';
import { chooseTheme, useTheme } from './school.ts';

/**
 * Language and theme switches; both choices are kept in local storage and shared with the back office. Until the user
 * picks a theme, the switch shows the school's (client setting 13).
 */
export function Switches() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  return (
    <>
      <select aria-label={t('lang.label')} data-testid="lang-switch" value={i18n.language} onChange={(e) => changeLanguage(e.target.value as Lang)}>
        <option value="ru">{t('lang.ru')}</option>
        <option value="en">{t('lang.en')}</option>
      </select>
      <select aria-label={t('theme.label')} value={theme} onChange={(e) => chooseTheme(e.target.value as ThemeName)}>
        <option value="light">{t('theme.light')}</option>
        <option value="dark">{t('theme.dark')}</option>
      </select>
    </>
  );
}
