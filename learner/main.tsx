import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getTheme, setTheme } from '../common/theme/theme.ts';
import './i18n.ts';
import './styles.css';
import { App } from './App.tsx';

setTheme(getTheme());
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
