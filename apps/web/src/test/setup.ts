import { DEFAULT_LOCALE } from '@chat/shared';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { queryClient } from '../app/query-client';
import { stopFollowingAgreement } from '../features/admin/pages/agreement-version';
import { rememberSoundCatalogue } from '../features/chat/sound-choice';
import { useLegalStore } from '../features/pages/legal-store';
import { useToastsStore } from '../features/toasts/store';
import { i18n } from '../i18n/i18n';
import { startTestI18n } from './i18n';
import { resetAllStores } from './zustand';

startTestI18n();

// A worker runs many files on the same modules and the same page (the web project does not
// isolate them: vitest.config.ts), so what a test leaves behind is undone here, after each.
afterEach(async () => {
  // Vitest runs without globals here, so Testing Library cannot register its own cleanup.
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.title = '';
  document.documentElement.removeAttribute('lang');
  document.body.removeAttribute('class');
  document.body.removeAttribute('style');
  // Every store as it was made (users restyled by one test are not restyled in the next), with
  // no timer of theirs left to fire in the next test, and what the page remembers beside them.
  useToastsStore.getState().clear();
  useLegalStore.getState().hide();
  resetAllStores();
  queryClient.clear();
  stopFollowingAgreement();
  rememberSoundCatalogue(undefined);
  if (i18n.language !== DEFAULT_LOCALE) await i18n.changeLanguage(DEFAULT_LOCALE);
});
