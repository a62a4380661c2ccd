import { readEarly, rememberedFirstRead } from '../common/api/early.ts';
import { showKeptScreen } from './framework/kept-screen.ts';
import { restoreKeptStyles } from './framework/kept-styles.ts';

// Sign-in happens in the portal. A visitor without a session is sent there before anything of react-admin loads:
// this entry is a few hundred bytes and shares no module with the back office but the few that start the session's
// first reads (the keys are STORAGE_KEYS.token and .lang of common/storage.ts; vite.admin.config.ts keeps those modules
// in the entry's chunk, so that importing them does not pull the back office's chunk in).
if (!localStorage.getItem('user-token')) window.location.replace('/auth');
else {
  // the profile and the school's sections are asked now, while the back office's code downloads (common/api/early.ts),
  // and, at the bare /admin/ or the landing list's own address, that list's first page as this session asked it last
  // time (admin/App.tsx keeps it)
  const landing = rememberedFirstRead(window.location);
  readEarly(['/api/user', '/api/access', ...(landing ? [landing] : [])]);
  // the back office's code and the texts of the language in use (a chunk per language), one beside the other, and,
  // while they download, the first screens' style rules of the last loads (admin/framework/kept-styles.ts)
  const load = () => {
    const lang = localStorage.getItem('lang') === 'en' ? 'en' : 'ru';
    const texts = lang === 'en' ? import('./i18n/catalogue.en.ts') : import('./i18n/catalogue.ru.ts');
    void Promise.all([import('./boot.tsx'), texts]).then(([boot, t]) => boot.start(lang, t.catalogue));
    restoreKeptStyles();
  };
  // at the landing, the landing as this session last saw it until the live list has its rows
  // (admin/framework/kept-screen.ts), painted before the code is asked for and the kept rules parsed: the browser's
  // first contentful paint, or 100 ms at most (a tab not on show paints nothing, and a slow first paint does not hold
  // the code back for long). The picture's first paint is a task of its own, not one with the rules' parsing.
  if (showKeptScreen()) afterFirstPaint(load);
  else load();
}

function afterFirstPaint(run: () => void) {
  let ran = false;
  const once = () => {
    if (!ran) run();
    ran = true;
  };
  try {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(once, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // no paint timing in this browser: the time limit below starts it
  }
  setTimeout(once, 100);
}
