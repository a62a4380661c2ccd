import { useTranslation } from 'react-i18next';
import type { ThemeName } from '../../common/theme/theme.ts';
import { LANGS, type Lang } from '../../common/i18n/lang.ts';
import { changeLanguage } from '../i18n.ts';
import { schoolLanguages, switchLanguages } from '../../common/i18n/school-languages.ts';
import { useLoad } from './ui.tsx';
import { chooseTheme, useTheme } from './school.ts';

/**
 * Language and theme switches; both choices are kept in local storage and shared with the back office. The language
 * switch offers the school's interface languages only (none when it has one). Until the user picks a theme, the switch
 * shows the school's (client setting 13).
 */
export function Switches() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  // only the school's languages (GET /api/logo), and the one in use if the school does not offer it
  const { data: offered } = useLoad(() => schoolLanguages(), []);
  const langs = switchLanguages(offered ?? LANGS, i18n.language as Lang);
  return (
    <>
      {langs.length > 1 && (
        <select aria-label={t('lang.label')} data-testid="lang-switch" value={i18n.language} onChange={(e) => changeLanguage(e.target.value as Lang)}>
          {langs.map((l) => (
            <option key={l} value={l}>
              {t(`lang.${l}`)}
            </option>
          ))}
        </select>
      )}
      <select aria-label={t('theme.label')} value={theme} onChange={(e) => chooseTheme(e.target.value as ThemeName)}>
        <option value="light">{t('theme.light')}</option>
        <option value="dark">{t('theme.dark')}</option>
      </select>
    </>
  );
}
