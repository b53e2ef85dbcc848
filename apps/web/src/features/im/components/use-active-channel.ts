import { useEffect } from 'react';
import { useImActions } from './im-context';

/**
 * While a conversation is on screen in a visible tab, the store counts it as being read: what is
 * in it and what comes is marked read (debounced). In a hidden tab it stops.
 */
export function useActiveChannel(channelId: number | null): void {
  const actions = useImActions();
  useEffect(() => {
    const update = () => {
      actions.setActive(document.visibilityState === 'visible' ? channelId : null);
    };
    update();
    document.addEventListener('visibilitychange', update);
    return () => {
      document.removeEventListener('visibilitychange', update);
      actions.setActive(null);
    };
  }, [actions, channelId]);
}
