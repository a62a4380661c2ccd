import { Admin, defaultDarkTheme, defaultLightTheme, type I18nProvider } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { BRAND, getTheme } from '../common/theme/theme.ts';
import { createAuthProvider } from './providers/authProvider.ts';
import { createDataProvider } from './providers/dataProvider.ts';
import { buildResource } from './framework/buildResource.tsx';
import { resources } from './resources/index.ts';
import { Layout } from './layout/Layout.tsx';
import { checkboxLabelOnInput } from './framework/checkbox-label.ts';
import type { ResourceConfig } from './framework/types.ts';
import { landingAddress, landingFirstVisit } from './providers/early-list.ts';
import { keepFirstRead } from '../common/api/early.ts';

/**
 * react-admin's themes with colours that reach the WCAG AA contrast of 4.5:1 (docs/accessibility.md). Light: its own
 * secondary (#2196f3, the app bar), MUI's primary (#1976d2 buttons and links), error (#d32f2f delete buttons on the
 * grey toolbar) and warning (#ed6c02) fall below it; the brand's #1f4e8c and darker red and orange pass. Dark: MUI's
 * red (#f44336) on the dark surfaces falls below it; a lighter red passes.
 */
/**
 * What lets every screen, generic or custom, fit a 360 px phone and a 1366 px laptop (checked in the walks of
 * e2e/accessibility.spec.ts, e2e/widths.ts): toolbars (a list's buttons, a form's save and delete) wrap onto a
 * second row, a form's tabs scroll within their row, long words and numbers in a table cell wrap, and a wide table scrolls inside its card (a table is never wider than the
 * page). A form is one column already (react-admin stacks its inputs); an input is never wider than its column.
 */
const PHONE = '@media (max-width: 599.95px)';

const fitting = {
  RaTopToolbar: { styleOverrides: { root: { flexWrap: 'wrap', whiteSpace: 'normal' } } },
  RaToolbar: { styleOverrides: { root: { flexWrap: 'wrap', gap: 8 } } },
  RaFilterForm: { styleOverrides: { root: { flexWrap: 'wrap', minWidth: 0 } } },
  // react-admin 5.15's List shows its sign-in "Загрузка" from a cache read it does not subscribe to (useIsAuthPending:
  // the menu entry's own access check under the same key); when that check ends after the list's last render, the
  // list stayed on "Загрузка" for good (e2e/program-builder.spec.ts, 1 run in 5 on a busy machine). The list's reads
  // wait for the sign-in and access checks anyway (useListController), so it shows its frame, loading, meanwhile.
  RaList: {
    defaultProps: { authLoading: false },
    styleOverrides: {
      root: { minWidth: 0, flexWrap: 'wrap', '& .RaList-main': { minWidth: 0, flexBasis: 0, flexGrow: 1 }, '& .RaList-content': { overflowX: 'auto' } },
    },
  },
  // the selection's toolbar (bulk actions) takes its row at the top of the card instead of floating above it: the card
  // scrolls a wide table sideways (RaList-content), which clips whatever floats outside it, and the list's own toolbar
  // then took the clicks meant for the bulk buttons
  RaBulkActionsToolbar: { styleOverrides: { root: { '& .RaBulkActionsToolbar-toolbar': { position: 'relative', transform: 'none' } } } },
  // a panel beside an edit form (a group's members, a user's avatar) goes under it on a phone
  RaEdit: {
    styleOverrides: {
      root: {
        minWidth: 0,
        '& .RaEdit-main': { minWidth: 0 },
        '& .RaEdit-card': { minWidth: 0, maxWidth: '100%' },
        [PHONE]: {
          '& .RaEdit-main': { flexDirection: 'column', alignItems: 'stretch' },
          '& .RaEdit-main > *': { maxWidth: '100%', minWidth: 0, boxSizing: 'border-box', marginLeft: 0, marginRight: 0 },
        },
      },
    },
  },
  RaCreate: {
    styleOverrides: {
      root: {
        minWidth: 0,
        '& .RaCreate-main': { minWidth: 0 },
        '& .RaCreate-card': { minWidth: 0, maxWidth: '100%' },
        [PHONE]: {
          '& .RaCreate-main': { flexDirection: 'column', alignItems: 'stretch' },
          '& .RaCreate-main > *': { maxWidth: '100%', minWidth: 0, boxSizing: 'border-box', marginLeft: 0, marginRight: 0 },
        },
      },
    },
  },
  RaShow: { styleOverrides: { root: { minWidth: 0, [PHONE]: { '& .RaShow-main': { flexDirection: 'column' } } } } },
  // row checkboxes named on their <input>, not on MUI's <span> (admin/framework/checkbox-label.ts)
  MuiCheckbox: { defaultProps: { slotProps: checkboxLabelOnInput } },
  MuiTabs: { defaultProps: { variant: 'scrollable', scrollButtons: 'auto', allowScrollButtonsMobile: true } },
  MuiTableContainer: { styleOverrides: { root: { overflowX: 'auto' } } },
  MuiFormControl: { styleOverrides: { root: { maxWidth: '100%' } } },
  MuiCardContent: { styleOverrides: { root: { minWidth: 0, overflowX: 'auto' } } },
} as const;

type Overrides = { styleOverrides?: { root?: object }; defaultProps?: object };

/** The theme's own component settings with the fitting ones laid over them (react-admin's toolbar colour stays). */
function withFitting(given: object = {}) {
  const components = given as Record<string, unknown>;
  const out: Record<string, unknown> = { ...components };
  for (const [name, own] of Object.entries(fitting) as [string, Overrides][]) {
    const base = (components[name] ?? {}) as Overrides;
    out[name] = {
      ...base,
      ...own,
      styleOverrides: { ...base.styleOverrides, ...own.styleOverrides, root: { ...base.styleOverrides?.root, ...own.styleOverrides?.root } },
    };
  }
  return out;
}

const lightTheme = {
  ...defaultLightTheme,
  components: withFitting(defaultLightTheme.components),
  palette: {
    ...defaultLightTheme.palette,
    primary: { main: BRAND.primary, contrastText: '#fff' },
    secondary: { main: BRAND.primary, light: '#4f79b5', dark: '#153a6b', contrastText: '#fff' },
    error: { main: '#b71c1c', contrastText: '#fff' },
    warning: { main: '#a84b00', contrastText: '#fff' },
  },
};
const darkTheme = {
  ...defaultDarkTheme,
  components: withFitting(defaultDarkTheme.components),
  palette: { ...defaultDarkTheme.palette, error: { main: '#ff9e9e' } },
};

const dataProvider = createDataProvider(resources);
const authProvider = createAuthProvider(resources);

/**
 * The session's first reads, started before the first render (admin/boot.tsx): the profile, the school's sections and,
 * on the landing, the first page of the list react-admin will land on (admin/providers/early-list.ts), remembered for
 * the next page load's entry to start it at once (admin/main.tsx). Ends when the
 * landing is known (the profile and the sections were asked by the entry while this code downloaded, so usually at
 * once), or after `waitMs` at most; on the bare `/admin/` it has then put the landing's address in place, so that
 * react-admin renders the list straight away instead of its redirect.
 */
export async function prefetchSession(waitMs: number) {
  authProvider.prefetch();
  const landing = authProvider.landing().then(
    (cfg: ResourceConfig | undefined) => {
      const early = cfg && landingFirstVisit(cfg.name) ? cfg : undefined;
      if (early) dataProvider.askEarly(early);
      keepFirstRead(early && { path: dataProvider.firstPagePath(early), page: `/admin/${early.name}` });
      return cfg;
    },
    () => undefined,
  );
  const cfg = await Promise.race([landing, new Promise<undefined>((r) => setTimeout(r, waitMs))]);
  const address = cfg && landingAddress(cfg.name, window.location);
  if (address) window.history.replaceState(window.history.state, '', address);
}

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
