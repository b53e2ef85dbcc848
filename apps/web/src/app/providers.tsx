import { QueryClientContext } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { useLoadedQueryClient } from './query-client-loader';

/**
 * The query client is provided through the bare context, empty until it has loaded: a provider
 * that appeared later would remount the whole tree, and what queries loads it before mounting.
 */
export function Providers({ children }: { children: ReactNode }) {
  const queryClient = useLoadedQueryClient();
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientContext.Provider value={queryClient}>{children}</QueryClientContext.Provider>
    </I18nextProvider>
  );
}
