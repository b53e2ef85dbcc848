import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { startTestI18n } from './i18n';

startTestI18n();

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
