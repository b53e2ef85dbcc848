/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { headTexts } from './head-texts.ts';
import { precompress } from './precompress.ts';
import { purgeBootstrap } from './purge-bootstrap.ts';

const SERVER = 'http://localhost:8080';

// In development the API server owns these prefixes; the built app is served by it directly.
const proxied = ['/api', '/broadcasting', '/storage', '/assets/static'];

export default defineConfig(({ command }) => ({
  plugins: [react(), headTexts(), precompress()],
  css: {
    // Only the build is purged: development keeps all of Bootstrap for a quick start.
    postcss: {
      plugins:
        command === 'build'
          ? [
              purgeBootstrap([
                `${import.meta.dirname}/index.html`,
                `${import.meta.dirname}/src/**/*.{ts,tsx}`,
              ]),
            ]
          : [],
    },
  },
  server: {
    proxy: {
      // The Host header stays the dev server's, the one the page's Origin names: the server
      // refuses a sign-in whose Origin is neither its PUBLIC_URL nor the host it was sent to.
      ...Object.fromEntries(
        proxied.map((prefix) => [prefix, { target: SERVER, changeOrigin: false }]),
      ),
      '/app': { target: SERVER, ws: true, changeOrigin: true },
    },
  },
  // Built files go to dist/assets/, never under /assets/static/ which the server keeps for smileys.
  build: {
    assetsDir: 'assets',
    sourcemap: true,
    // The manifest lets scripts/check-bundle-size.mjs find what the home page loads first.
    manifest: true,
    rolldownOptions: {
      output: {
        // Every lazy chunk's file name is listed in the entry (the preload map of its route):
        // a bare hash keeps that list, part of the home page's first paint, short.
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          // React's scheduler otherwise lands in whichever shared chunk the splitter picks (once
          // one with zod), and every page then loads that chunk whole.
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  test: {
    setupFiles: ['./src/test/setup.ts'],
    // Tests get a zustand that notes its stores, for setup.ts to reset them after each test.
    alias: [{ find: /^zustand$/, replacement: `${import.meta.dirname}/src/test/zustand.ts` }],
  },
}));
