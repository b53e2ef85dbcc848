import { currentSocketId } from '../features/realtime/store';
import { useSessionStore } from '../features/session/store';
import { pushToast } from '../features/toasts/store';
import { currentLocale, translate } from '../i18n/i18n';
import { createApiClient, type ApiClientDeps } from './api-client';
import { readCookie } from './cookies';

/** What the site's calls share: the stores, the interface language (the uploader uses it too). */
export const apiDeps: ApiClientDeps = {
  fetch: (input, init) => window.fetch(input, init),
  getLocale: currentLocale,
  getCookie: (name) => readCookie(name),
  onBuildKey: (key) => useSessionStore.getState().noteBuildKey(key),
  toast: (text, variant) => pushToast({ text, variant }),
  translate,
  now: () => Date.now(),
  getSocketId: currentSocketId,
  onSanctioned: (code) => sanctioned(code),
};

type SanctionHandler = NonNullable<ApiClientDeps['onSanctioned']>;
let sanctioned: SanctionHandler = () => {};

/**
 * Who hears of a call refused because of my sanction: the sanctions feature, wired by main.tsx
 * (it calls the API itself, so this module does not import it).
 */
export function setSanctionHandler(handler: SanctionHandler): void {
  sanctioned = handler;
}

/** The site's one API client, wired to the stores and the interface language. */
export const api = createApiClient(apiDeps);
