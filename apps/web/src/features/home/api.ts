import type { HomeOverview } from '@chat/shared';
import { api } from '../../lib/api';

/** The home page's overview: the same for everyone; a failure leaves the sections out, unsaid. */
export async function fetchHomeOverview(signal?: AbortSignal): Promise<HomeOverview> {
  return (await api.get<HomeOverview>('/api/home', { silent: true, signal })).data;
}
