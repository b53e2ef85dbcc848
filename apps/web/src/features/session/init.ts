import type { InitData } from '@chat/shared';
import { api } from '../../lib/api';
import { useSessionStore } from './store';

let started: Promise<void> | null = null;

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
    } catch (error) {
      console.error('init failed', error);
    } finally {
      useSessionStore.getState().setInitialized();
    }
  })();
  return started;
}
