import { useQuery } from '@tanstack/react-query';
import { myApi, myKeys } from './api';

/**
 * `GET /api/my/social`: the account's links to other sites and whether it has a password (the
 * security, password and deletion tabs read it; one query, one cache entry).
 */
export function useMySocial() {
  return useQuery({ queryKey: myKeys.social, queryFn: () => myApi.social() });
}
