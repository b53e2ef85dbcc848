import type { InitData } from '@chat/shared';
import { withNamespaces } from '../../i18n/i18n';
import { api } from '../../lib/api';
import { useGifsStore } from '../gifs/store';
import { keepFirstInit } from './first-init';
import { loadSignedInNav } from '../navbar/signed-in-loader';
import { useRealtimeStore } from '../realtime/store';
import { useSessionStore } from './store';

let started: Promise<void> | null = null;
let realtimeStarted: Promise<void> | null = null;

/**
 * The socket needs init's broadcasting settings, and follows the session from then on (sign in,
 * sign out). Its code (pusher-js, the dispatcher and every store the events reach) is a chunk of
 * its own, fetched once init has answered, so a visitor's first paint does not wait for it. A
 * site without realtime still works, so a failure here is only logged.
 */
function connectRealtime(init: InitData): Promise<void> {
  // Its toasts (a session ended elsewhere, an upload refused) speak these namespaces.
  return withNamespaces(import('../realtime/app'), ['my', 'uploads'])
    .then(({ startRealtime }) => startRealtime(init))
    .catch((error: unknown) => {
      console.error('realtime failed to start', error);
      useRealtimeStore.getState().setConnection('error', null);
    });
}

/**
 * GET /api/init once per page load. A failure is only logged (spec section 8): the site still
 * opens, signed out. A signed-in user's page waits for the realtime start and the signed-in
 * navbar too (behind the splash, so no later paint), since the navbar's counters and the chat's
 * settings come from them; a visitor's page is shown at once and the socket follows.
 */
export function loadInit(): Promise<void> {
  started ??= (async () => {
    const session = useSessionStore.getState();
    try {
      const answer = await api.get<InitData>('/api/init', {
        query: { platform: 'pc' },
        silent: true,
      });
      const buildKey = answer.headers.get('x-build-key');
      if (buildKey) session.setBuildKey(buildKey);
      if (answer.data.user) session.signIn(answer.data.user);
      keepFirstInit(answer.data);
      useGifsStore.getState().setCategories(answer.data.gif_categories ?? []);
      realtimeStarted = connectRealtime(answer.data);
      if (answer.data.user) await Promise.all([realtimeStarted, loadSignedInNav()]);
    } catch (error) {
      console.error('init failed', error);
      // Without init there is nowhere to connect to: say so rather than "connecting" for ever.
      useRealtimeStore.getState().setConnection('error', null);
    } finally {
      useSessionStore.getState().setInitialized();
    }
  })();
  return started;
}

/**
 * Resolves once init has answered and the realtime app has started (or failed to): the pages
 * whose stores it hydrates and feeds (the chat, the messenger) wait for it before they mount.
 * Before any loadInit (a test rendering routes alone) there is nothing to wait for.
 */
export async function whenRealtimeStarted(): Promise<void> {
  await started;
  await realtimeStarted;
}
