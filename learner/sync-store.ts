// `use-sync-external-store/shim` for the build (vite.learner.config.ts): react-i18next imports the shim for React
// 17 and older; React 19 has the hook itself, which the shim would hand over to anyway.
export { useSyncExternalStore } from 'react';
