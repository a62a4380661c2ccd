import { useEffect, type ReactNode } from 'react';
import { AppBar, Layout as RaLayout, TitlePortal, ToggleThemeButton, useLocaleState, useTheme, useTranslate } from 'react-admin';
import { MenuItem, Select, Link } from '@mui/material';
import { setLang, type Lang } from '../../common/i18n/lang.ts';
import { setTheme } from '../../common/theme/theme.ts';

/** Language switch that also writes the shared `lang` key, so the portal follows. */
function LanguageSwitch() {
  const [locale, setLocale] = useLocaleState();
  const t = useTranslate();
  return (
    <Select
      size="small"
      value={locale}
      inputProps={{ 'aria-label': t('app.language'), 'data-testid': 'admin-lang' }}
      onChange={(e) => {
        setLang(e.target.value as Lang);
        setLocale(e.target.value);
      }}
      sx={{ color: 'inherit', '& .MuiSelect-icon': { color: 'inherit' }, mr: 1 }}
    >
      <MenuItem value="ru">Русский</MenuItem>
      <MenuItem value="en">English</MenuItem>
    </Select>
  );
}

/** Keeps the shared `theme` key in step with react-admin's theme toggle. */
function ThemeSync() {
  const [theme] = useTheme();
  useEffect(() => {
    if (theme === 'light' || theme === 'dark') setTheme(theme);
  }, [theme]);
  return null;
}

function Bar() {
  const t = useTranslate();
  return (
    <AppBar toolbar={<><LanguageSwitch /><ToggleThemeButton /></>}>
      <TitlePortal />
      <Link href="/profile" color="inherit" underline="hover" sx={{ mr: 2, display: { xs: 'none', sm: 'block' } }}>{t('app.portal')}</Link>
      <ThemeSync />
    </AppBar>
  );
}

export const Layout = ({ children }: { children: ReactNode }) => <RaLayout appBar={Bar}>{children}</RaLayout>;
