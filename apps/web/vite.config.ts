import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.PLAYFRONT_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    // Keep the entry small: later screens and their libraries are lazy chunks.
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: {
      '/wps': api,
      '/lgw': api,
      '/health': api,
      '/ws': { target: api, ws: true },
    },
  },
});
