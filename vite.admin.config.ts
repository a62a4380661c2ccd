import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The react-admin back office: served under /admin/ on the same origin as the portal,
// so both apps share local storage (one login, one language, one theme, demo mode).
export default defineConfig({
  root: fileURLToPath(new URL('./admin', import.meta.url)),
  base: '/admin/',
  plugins: [react()],
  publicDir: fileURLToPath(new URL('./common/public', import.meta.url)),
  build: {
    outDir: fileURLToPath(new URL('./dist/admin', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: { port: Number(process.env.ADMIN_DEV_PORT ?? 8081), host: true },
});
