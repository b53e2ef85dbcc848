import { useEffect, useState } from 'react';
import { withQueryClient } from '../../app/query-client-loader';
import { withNamespaces } from '../../i18n/i18n';
import type * as SignedInParts from './signed-in-nav';

type SignedInNav = typeof SignedInParts;

let loaded: SignedInNav | null = null;

/**
 * Fetches the signed-in navbar's chunk. Init awaits it for a signed-in page (behind the splash),
 * so the navbar is whole at its first paint; a sign-in later shows the parts once they arrive.
 */
export function loadSignedInNav(): Promise<SignedInNav> {
  const parts = withNamespaces(import('./signed-in-nav'), [
    'auth',
    'balance',
    'complaints',
    'im',
    'moderation',
    'my',
    'notifications',
    'premium',
    'profiles',
  ]);
  return withQueryClient(parts).then((module) => (loaded = module));
}

/** The signed-in navbar's parts when `signedIn`, as soon as they are loaded; else null. */
export function useSignedInNav(signedIn: boolean): SignedInNav | null {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (signedIn && !module) void loadSignedInNav().then(setModule);
  }, [signedIn, module]);
  return signedIn ? module : null;
}
