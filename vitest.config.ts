import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SERVER_TESTS } from './apps/server/vitest.config';

// One runner for every tier: pure rules, server integration, web components, browser journeys.
export default defineConfig({
  test: {
    // Vitest leaves a core to itself (one worker on CI's two); the server's files mostly wait on
    // PostgreSQL and timers, so two at once finish the run sooner even there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/shared/vitest.config.ts',
      'apps/server/vitest.config.ts',
      {
        test: {
          ...SERVER_TESTS,
          name: 'server-isolated',
          root: 'apps/server',
          include: ['src/**/*.isolated.test.ts'],
        },
      },
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'] } },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'apps/web',
          include: ['e2e/**/*.e2e.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          globalSetup: ['e2e/global-setup.ts'],
        },
      },
    ],
  },
});
