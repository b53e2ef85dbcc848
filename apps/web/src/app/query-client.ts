import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // The API client already toasts failures; retrying a 4xx only repeats the toast.
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
}

/**
 * The site's one query cache. A module rather than a component's state, because realtime
 * events (a user restyled live) patch cached answers from outside React.
 */
export const queryClient = createQueryClient();
