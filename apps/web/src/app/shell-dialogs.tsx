import { lazy, Suspense, useState } from 'react';
import { withNamespaces } from '../i18n/i18n';
import { withQueryClient } from './query-client-loader';
import { useAuthDialogStore } from '../features/auth/auth-store';
import { useLegalStore } from '../features/pages/legal-store';

// Every page has these dialogs, few visits open them: each loads when first opened, then stays
// mounted so that it closes with its animation.
const AuthModal = lazy(() =>
  withQueryClient(
    withNamespaces(import('../features/auth/auth-modal'), ['auth', 'sign-in', 'validation']),
  ).then((m) => ({
    default: m.AuthModal,
  })),
);
const LegalModals = lazy(() =>
  withQueryClient(import('../features/pages/legal-modal')).then((m) => ({
    default: m.LegalModals,
  })),
);

function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** The sign-in/registration dialog and the legal documents' dialogs, fetched on first use. */
export function ShellDialogs() {
  const auth = useOpenedOnce(useAuthDialogStore((s) => s.visible));
  const legal = useOpenedOnce(useLegalStore((s) => s.open !== null));
  return (
    <>
      <Suspense fallback={null}>{auth && <AuthModal />}</Suspense>
      <Suspense fallback={null}>{legal && <LegalModals />}</Suspense>
    </>
  );
}
