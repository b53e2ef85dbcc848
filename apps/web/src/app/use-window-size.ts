import { useEffect } from 'react';
import { useSessionStore } from '../features/session/store';

/** Keeps windowSize in the session store in step with the browser window. */
export function useWindowSizeTracking(): void {
  const setWindowSize = useSessionStore((s) => s.setWindowSize);
  useEffect(() => {
    const update = () => setWindowSize(window.innerWidth);
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [setWindowSize]);
}
