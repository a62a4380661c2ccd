import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The slim learner portal: served at the web origin's root.
export default defineConfig({
  root: fileURLToPath(new URL('./learner', import.meta.url)),
  base: '/',
  plugins: [react()],
  publicDir: fileURLToPath(new URL('./common/public', import.meta.url)),
  build: {
    outDir: fileURLToPath(new URL('./dist/learner', import.meta.url)),
    emptyOutDir: true,
  },
  server: { port: Number(process.env.WEB_PORT ?? 8080), host: true },
});
