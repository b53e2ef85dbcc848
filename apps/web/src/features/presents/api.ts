import type { Gift, SentGift } from '@chat/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const presentsKeys = {
  // `CatalogUpdated {part: 'gifts'}` invalidates ['catalog', 'gifts']: the dialog follows live.
  catalogue: ['catalog', 'gifts'] as const,
};

/** `GET /api/gifts`: the catalogue, in its order. It changes rarely: read once a few minutes. */
export function giftsCatalogueQuery() {
  return queryOptions({
    queryKey: presentsKeys.catalogue,
    queryFn: async ({ signal }) => (await api.get<Gift[]>('/api/gifts', { signal })).data,
    staleTime: 5 * 60_000,
  });
}

export interface SendGiftInput {
  gift_id: number;
  user_id: number;
  anonymous: boolean;
  private: boolean;
  /** Left out when empty. */
  text?: string;
  /** One per dialog opening: a double click or a retry sends one gift. */
  request_id: string;
}

/** `POST /api/gifts/send` → 201, the sent gift; 422 (not enough coins…) is shown in the dialog. */
export async function sendGift(input: SendGiftInput) {
  return (await api.post<SentGift>('/api/gifts/send', input, { handlesValidation: true })).data;
}

/**
 * `POST /api/gifts/{id}/hide`: the recipient takes a gift off their profile (`hidden: true`) or
 * puts it back; the answer is the gift as they now see it.
 */
export async function hideGift(id: number, hidden: boolean) {
  return (await api.post<SentGift>(`/api/gifts/${id}/hide`, { hidden })).data;
}

/** `DELETE /api/gifts/{id}/text`: staff remove a gift's text (over a sender they outrank). */
export async function removeGiftText(id: number) {
  return (await api.json<SentGift>(`/api/gifts/${id}/text`, { method: 'DELETE' })).data;
}
