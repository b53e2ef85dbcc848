import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether an element has come within NEAR of the viewport (once true, it stays). Galleries
 * fetch a thumbnail only then: the browser's own `loading="lazy"` fetches pictures up to a
 * few screens ahead, which on a gallery's first screen is most of a page of pictures nobody has
 * seen yet. One observer serves every picture on the page.
 */
const NEAR = '200px 0px';
const onNear = new WeakMap<Element, () => void>();
let observer: IntersectionObserver | null = null;

function sharedObserver(): IntersectionObserver | null {
  if (typeof IntersectionObserver === 'undefined') return null;
  observer ??= new IntersectionObserver(
    (entries, self) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        onNear.get(entry.target)?.();
        onNear.delete(entry.target);
        self.unobserve(entry.target);
      }
    },
    { rootMargin: NEAR },
  );
  return observer;
}

export function useNearViewport<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  // Without an observer (old browsers, tests) every picture is near.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    const io = sharedObserver();
    if (near || element === null || io === null) return;
    onNear.set(element, () => setNear(true));
    io.observe(element);
    return () => {
      onNear.delete(element);
      io.unobserve(element);
    };
  }, [near]);
  return [ref, near];
}
