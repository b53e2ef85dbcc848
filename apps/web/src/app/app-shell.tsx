import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { LazyComplaintDialogHost } from '../features/complaints/components/complaint-dialog-loader';
import { AppNavbar } from '../features/navbar/app-navbar';
import { BannedRedirect } from '../features/sanctions/components/banned-redirect';
import { useSessionStore } from '../features/session/store';
import { LazyToastStack } from '../features/toasts/lazy-toast-stack';
import { routeHandle } from './route-handle';
import { RouteTitle } from './route-title';
import { ShellDialogs } from './shell-dialogs';
import { MAIN_ID, SkipLinks } from './skip-links';
import { Splash } from './splash';
import { LazyUpdateBanner } from './lazy-update-banner';
import { useWindowSizeTracking } from './use-window-size';

// The notice comes just after the first paint (it covers the page's foot, nothing above it).
const CookieNotice = lazy(() =>
  import('./cookie-notice').then((m) => ({ default: m.CookieNotice })),
);
// Shown only to someone who declined the agreement: not part of every first paint.
const AccessRestricted = lazy(() =>
  import('./access-restricted').then((m) => ({ default: m.AccessRestricted })),
);

/** Everything around the routed page (spec section 2, "Overall screens"). */
export function AppShell() {
  const { t } = useTranslation();
  const initialized = useSessionStore((s) => s.initialized);
  const declined = useSessionStore((s) => s.agreementStatus === false);
  const accepted = useSessionStore((s) => s.agreementStatus === true);
  const handle = routeHandle(useMatches());
  useWindowSizeTracking();

  if (!initialized) return <Splash />;
  const restricted = declined && !handle.bypassAgreementGate;
  return (
    <div
      className={`app d-flex flex-column min-vh-100${handle.fullHeight ? ' app-full-height' : ''}`}
    >
      <SkipLinks />
      <RouteTitle />
      <header className="sticky-top">
        <LazyUpdateBanner />
        <AppNavbar />
      </header>
      <main id={MAIN_ID} className="flex-grow-1" tabIndex={-1}>
        {restricted ? (
          <Suspense fallback={<Splash />}>
            <AccessRestricted />
          </Suspense>
        ) : (
          <Outlet />
        )}
      </main>
      {!handle.fullHeight && (
        <footer className="app-footer py-4 mt-5">
          <div className="container small text-body-secondary">{t('common:footer')}</div>
        </footer>
      )}
      {!accepted && (
        <Suspense fallback={null}>
          <CookieNotice />
        </Suspense>
      )}
      <LazyToastStack />
      <ShellDialogs />
      <BannedRedirect />
      <LazyComplaintDialogHost />
    </div>
  );
}
