import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { createRoot } from './react-root.ts';
import type { Lang } from '../common/i18n/lang.ts';
import { App, prefetchSession } from './App.tsx';
import type { Catalogue } from './i18n/catalogue.ru.ts';
import { createI18nProvider } from './providers/i18nProvider.ts';
import { notifyTogether } from './framework/notify-together.ts';
import { keepScreenOnLeave } from './framework/kept-screen.ts';
import { keptStyleCache } from './framework/style-cache.ts';

/**
 * The back office proper: loaded by main.tsx once a session is there (one chunk with react-admin, see
 * vite.admin.config.ts), with the texts of the language in use, a chunk fetched beside this one.
 */
export function start(lang: Lang, catalogue: Catalogue) {
  notifyTogether();
  // the style rules the entry restored, if this build kept them, are taken as inserted (admin/framework/kept-styles.ts)
  const styleCache = keptStyleCache(import.meta.url);
  keepScreenOnLeave();
  // the first render waits for the landing (usually known by now; 2 s at most), so that it renders the landing's list
  void prefetchSession(2_000).then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <CacheProvider value={styleCache}>
          <App i18nProvider={createI18nProvider(lang, catalogue)} />
        </CacheProvider>
      </StrictMode>,
    ),
  );
}
