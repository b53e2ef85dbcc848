import type { InitData } from '@chat/shared';
import { api } from '../../lib/api';
import { useGifsStore } from '../gifs/store';
import { startRealtime } from '../realtime/app';
import { useRealtimeStore } from '../realtime/store';
import { useSessionStore } from './store';

let started: Promise<void> | null = null;

/**
 * The socket needs init's broadcasting settings, and follows the session from then on (sign in,
 * sign out). A site without realtime still works, so a failure here is only logged.
 */
function connectRealtime(init: InitData): void {
  try {
    startRealtime(init);
  } catch (error) {
    console.error('realtime failed to start', error);
    useRealtimeStore.getState().setConnection('error', null);
  }
}

/**
 * GET /api/init once per page load. A failure is only logged (spec section 8): the site still
 * opens, signed out.
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
      useGifsStore.getState().setCategories(answer.data.gif_categories ?? []);
      connectRealtime(answer.data);
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
