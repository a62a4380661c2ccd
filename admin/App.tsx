import { Admin, defaultDarkTheme, defaultLightTheme } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { getTheme } from '../common/theme/theme.ts';
import { createAuthProvider } from './providers/authProvider.ts';
import { createDataProvider } from './providers/dataProvider.ts';
import { i18nProvider } from './providers/i18nProvider.ts';
import { buildResource } from './framework/buildResource.tsx';
import { resources } from './resources/index.ts';
import { Layout } from './layout/Layout.tsx';

const dataProvider = createDataProvider(resources);
const authProvider = createAuthProvider(resources);

/** The back office: react-admin under /admin/, signed in by the portal's token, resources declared by configuration. */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<Back />} />
      </Routes>
    </BrowserRouter>
  );
}

function Back() {
  return (
      <Admin
        basename="/admin"
        title="Campus LMS"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        layout={Layout}
        theme={defaultLightTheme}
        darkTheme={defaultDarkTheme}
        defaultTheme={getTheme()}
        requireAuth
        disableTelemetry
      >
        {resources.map(buildResource)}
      </Admin>
  );
}
