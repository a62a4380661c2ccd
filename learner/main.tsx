import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n.ts';
import './styles.css';
import { App } from './App.tsx';
import { startTheme } from './components/school.ts';

// the user's theme, else the school's (client setting 13), else light
startTheme();
// Russian is in the entry; a stored English choice renders once its catalogue chunk is in (no flash of Russian).
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
