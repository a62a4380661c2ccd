// react-i18next imports `use-sync-external-store/shim` (for React before 18); the portal's build points it here,
// at React's own hook, so the shim's code stays out of the first load (vite.learner.config.ts).
export { useSyncExternalStore } from 'react';
