import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.PLAYFRONT_API ?? 'http://127.0.0.1:3000';

/** The operator console: served by the server at /console (CONSOLE_DIST), its API under /console/api. */
export default defineConfig({
  base: '/console/',
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/console/api': api,
    },
  },
});
