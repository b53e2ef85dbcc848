import { lazy, Suspense, useState } from 'react';
import { useToastsStore } from './store';

const ToastStack = lazy(() => import('./toast-stack').then((m) => ({ default: m.ToastStack })));

/** The site's toasts, fetched with the first one (most visits see none), then kept mounted. */
export function LazyToastStack() {
  const any = useToastsStore((s) => s.toasts.length > 0);
  const [needed, setNeeded] = useState(any);
  if (any && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  );
}
