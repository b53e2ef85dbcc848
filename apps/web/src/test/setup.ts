import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { useUserCache } from '../shared/users/user-cache';
import { startTestI18n } from './i18n';

startTestI18n();

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // Users restyled by one test are not restyled in the next.
  useUserCache.setState({ users: new Map(), last: null });
});
