import { lazy, Suspense } from 'react';
import { useSessionStore } from '../features/session/store';

const UpdateBanner = lazy(() =>
  import('./update-banner').then((m) => ({ default: m.UpdateBanner })),
);

/** The "new version" banner, fetched only when the server announces a new build. */
export function LazyUpdateBanner() {
  const required = useSessionStore((s) => s.isUpdateRequired);
  if (!required) return null;
  return (
    <Suspense fallback={null}>
      <UpdateBanner />
    </Suspense>
  );
}
