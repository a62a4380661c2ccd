import { memo, useEffect, type ReactNode } from 'react';
import { AppBar, Layout as RaLayout, TitlePortal, ToggleThemeButton, useLocaleState, useTheme, useTranslate } from 'react-admin';
import { MenuItem, Select, Link } from '@mui/material';
import { setLang, type Lang } from '../../common/i18n/lang.ts';
import { setTheme } from '../../common/theme/theme.ts';
import { BusyNotice } from './BusyNotice.tsx';
import { Menu } from './Menu.tsx';
import { useBehindKeptScreen } from '../framework/behind-kept-screen.tsx';

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

/**
 * Each screen's document title: the screen's own title (react-admin's default list/edit titles and every <Title>,
 * all in the interface language, shown in the app bar's title portal) followed by the product name.
 */
function DocumentTitle() {
  const t = useTranslate();
  const [locale] = useLocaleState();
  useEffect(() => {
    const el = document.getElementById('react-admin-title');
    const apply = () => {
      const own = el?.textContent?.trim();
      const next = own ? `${own} — Campus LMS` : t('app.title');
      if (document.title !== next) document.title = next;
    };
    apply();
    if (!el) return;
    const obs = new MutationObserver(apply);
    obs.observe(el, { childList: true, subtree: true, characterData: true });
    return () => obs.disconnect();
  }, [t, locale]);
  return null;
}

/**
 * The app bar, rendered again only when what it reads changes (the language, the theme, the sidebar), not each time
 * react-admin's routes render the layout again while the session's first reads come in (three times on the landing).
 */
const Bar = memo(function Bar() {
  const t = useTranslate();
  return (
    <AppBar
      toolbar={
        <>
          <LanguageSwitch />
          <ToggleThemeButton />
        </>
      }
    >
      <TitlePortal />
      <Link href="/profile" color="inherit" underline="hover" sx={{ mr: 2, display: { xs: 'none', sm: 'block' } }}>
        {t('app.portal')}
      </Link>
      <ThemeSync />
      <DocumentTitle />
    </AppBar>
  );
});

/**
 * The page is as wide as the window, not as its widest screen (react-admin's layout is `min-width: fit-content`), and
 * the content column may shrink below its widest child (a flex item's default minimum is its content's width): a wide
 * table scrolls inside its own card instead of the whole page scrolling sideways (e2e/widths.ts, checked in the
 * accessibility walks).
 */
const LAYOUT_SX = { minWidth: 0, '& .RaLayout-content': { minWidth: 0 }, '& .RaLayout-contentWithSidebar': { minWidth: 0 } };

/** The menu likewise: it reads the resources, the access checks, the address and the sidebar itself. */
const LayoutMenu = memo(Menu);

/**
 * Under the kept landing, the whole layout mounts in the background and in slices (admin/framework/behind-kept-screen.tsx):
 * react-admin mounts it in the render that the session's first answers start.
 */
export const Layout = ({ children }: { children: ReactNode }) =>
  useBehindKeptScreen(
    <RaLayout appBar={Bar} menu={LayoutMenu} sx={LAYOUT_SX}>
      <BusyNotice />
      {children}
    </RaLayout>,
    null,
  );
