import { useEffect, useRef } from 'react';

/**
 * Calls `load` when the returned element comes near the viewport (infinite scroll). Where there
 * is no IntersectionObserver, the page's "More" button does the same.
 */
export function useLoadMore(load: () => void, enabled: boolean) {
  const target = useRef<HTMLDivElement>(null);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    const element = target.current;
    if (!enabled || element === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled]);
  return target;
}
