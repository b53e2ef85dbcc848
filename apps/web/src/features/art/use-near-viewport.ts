import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether an element has come within NEAR of the viewport (once true, it stays). Galleries
 * fetch a thumbnail only then: the browser's own `loading="lazy"` fetches pictures up to a
 * few screens ahead, which on a gallery's first screen is most of a page of pictures nobody has
 * seen yet. One observer serves every picture on the page; it goes with the last of them.
 */
const NEAR = '200px 0px';
const onNear = new Map<Element, () => void>();
let observer: IntersectionObserver | null = null;

/** Calls `near` once `element` comes near the viewport; false without an observer. */
function watch(element: Element, near: () => void): boolean {
  if (typeof IntersectionObserver === 'undefined') return false;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        onNear.get(entry.target)?.();
        unwatch(entry.target);
      }
    },
    { rootMargin: NEAR },
  );
  onNear.set(element, near);
  observer.observe(element);
  return true;
}

function unwatch(element: Element): void {
  if (!onNear.delete(element)) return;
  observer?.unobserve(element);
  if (onNear.size > 0) return;
  observer?.disconnect();
  observer = null;
}

export function useNearViewport<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  // Without an observer (old browsers, tests) every picture is near.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || element === null || !watch(element, () => setNear(true))) return;
    return () => unwatch(element);
  }, [near]);
  return [ref, near];
}
