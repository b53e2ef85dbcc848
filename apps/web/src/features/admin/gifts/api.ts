import type {
  AdminGift,
  AdminGiftRemoval,
  Dashboard,
  GiftStatistics,
  StatsGroup,
} from '@chat/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Under `['admin', 'gifts']`: a `CatalogUpdated {part: 'gifts'}` reads them again. */
export const adminGiftsKeys = {
  list: ['admin', 'gifts', 'list'] as const,
  statistics: (p: StatsPeriod) => ['admin', 'gifts', 'statistics', p.from, p.to, p.group] as const,
  dashboard: (p: DayRange) => ['admin', 'dashboard', p.from, p.to] as const,
};

export interface DayRange {
  from: string;
  to: string;
}
export interface StatsPeriod extends DayRange {
  group: StatsGroup;
}

export function adminGiftsQuery() {
  return queryOptions({
    queryKey: adminGiftsKeys.list,
    queryFn: async ({ signal }) =>
      (await api.get<AdminGift[]>('/api/admin/gifts', { signal })).data,
  });
}

export function giftStatisticsQuery(period: StatsPeriod) {
  return queryOptions({
    queryKey: adminGiftsKeys.statistics(period),
    queryFn: async ({ signal }) =>
      (
        await api.get<GiftStatistics>('/api/admin/gifts/statistics', {
          query: { from: period.from, to: period.to, group: period.group },
          signal,
        })
      ).data,
    placeholderData: (previous) => previous,
  });
}

export function dashboardQuery(range: DayRange) {
  return queryOptions({
    queryKey: adminGiftsKeys.dashboard(range),
    queryFn: async ({ signal }) =>
      (await api.get<Dashboard>('/api/admin/dashboard', { query: { ...range }, signal })).data,
    placeholderData: (previous) => previous,
    // "Online now" goes stale: read again each minute while the dashboard is open.
    refetchInterval: 60_000,
  });
}

/** The CSV download of the same statistics (a plain link: the browser saves the file). */
export const statisticsCsvUrl = (period: StatsPeriod): string =>
  `/api/admin/gifts/statistics/csv?${new URLSearchParams({ ...period }).toString()}`;

/** What the form sends: `image_id` only when a new picture was uploaded. */
export interface GiftInput {
  name_ru: string;
  name_en: string;
  price: number;
  premium_only: boolean;
  active: boolean;
  position?: number;
  image_id?: number;
}

export async function createGift(input: GiftInput): Promise<AdminGift> {
  return (await api.post<AdminGift>('/api/admin/gifts', input, { handlesValidation: true })).data;
}

export async function updateGift(id: number, input: Partial<GiftInput> & { updated_at: string }) {
  return (
    await api.json<AdminGift>(`/api/admin/gifts/${id}`, {
      method: 'PATCH',
      body: input,
      handlesValidation: true,
    })
  ).data;
}

export async function removeGift(id: number): Promise<AdminGiftRemoval> {
  return (await api.json<AdminGiftRemoval>(`/api/admin/gifts/${id}`, { method: 'DELETE' })).data;
}
