/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const SERVER = 'http://localhost:8080';

// In development the API server owns these prefixes; the built app is served by it directly.
const proxied = ['/api', '/broadcasting', '/storage', '/assets/static'];

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      ...Object.fromEntries(
        proxied.map((prefix) => [prefix, { target: SERVER, changeOrigin: true }]),
      ),
      '/app': { target: SERVER, ws: true, changeOrigin: true },
    },
  },
  // Built files go to dist/assets/, never under /assets/static/ which the server keeps for smileys.
  build: { assetsDir: 'assets', sourcemap: true },
  test: {
    setupFiles: ['./src/test/setup.ts'],
  },
});
