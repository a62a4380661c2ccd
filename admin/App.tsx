import { Admin, defaultDarkTheme, defaultLightTheme, type I18nProvider } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { BRAND, getTheme } from '../common/theme/theme.ts';
import { createAuthProvider } from './providers/authProvider.ts';
import { createDataProvider } from './providers/dataProvider.ts';
import { buildResource } from './framework/buildResource.tsx';
import { resources } from './resources/index.ts';
import { Layout } from './layout/Layout.tsx';

/**
 * react-admin's themes with colours that reach the WCAG AA contrast of 4.5:1 (docs/accessibility.md). Light: its own
 * secondary (#2196f3, the app bar), MUI's primary (#1976d2 buttons and links), error (#d32f2f delete buttons on the
 * grey toolbar) and warning (#ed6c02) fall below it; the brand's #1f4e8c and darker red and orange pass. Dark: MUI's
 * red (#f44336) on the dark surfaces falls below it; a lighter red passes.
 */
const lightTheme = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { main: BRAND.primary, contrastText: '#fff' },
    secondary: { main: BRAND.primary, light: '#4f79b5', dark: '#153a6b', contrastText: '#fff' },
    error: { main: '#b71c1c', contrastText: '#fff' },
    warning: { main: '#a84b00', contrastText: '#fff' },
  },
};
const darkTheme = { ...defaultDarkTheme, palette: { ...defaultDarkTheme.palette, error: { main: '#ff9e9e' } } };

const dataProvider = createDataProvider(resources);
const authProvider = createAuthProvider(resources);

/** The back office: react-admin under /admin/, signed in by the portal's token, resources declared by configuration. */
export function App({ i18nProvider }: { i18nProvider: I18nProvider }) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<Back i18nProvider={i18nProvider} />} />
      </Routes>
    </BrowserRouter>
  );
}

function Back({ i18nProvider }: { i18nProvider: I18nProvider }) {
  return (
    <Admin
      basename="/admin"
      title="Campus LMS"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      theme={lightTheme}
      darkTheme={darkTheme}
      defaultTheme={getTheme()}
      requireAuth
      disableTelemetry
    >
      {resources.map(buildResource)}
    </Admin>
  );
}
