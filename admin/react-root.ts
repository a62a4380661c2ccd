// React's DOM renderer, started in the top level of the `react` chunk (vite.admin.config.ts), not the back office's:
// react-dom makes error objects as it starts, and under an inspector V8 parses again each script whose top level is on
// the stack then.
export { createRoot } from 'react-dom/client';
