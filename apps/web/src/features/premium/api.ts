import type { PremiumBought, PremiumInfo, PremiumPlan } from '@chat/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query keys of premium (TanStack Query); the live `MyPremiumUpdated` patches `info`. */
export const premiumKeys = {
  info: ['premium'] as const,
};

/** `GET /api/premium`: the plans with their prices, and the caller's premium. */
export function premiumInfoQuery() {
  return queryOptions({
    queryKey: premiumKeys.info,
    queryFn: async ({ signal }) => (await api.get<PremiumInfo>('/api/premium', { signal })).data,
  });
}

export interface BuyPremiumInput {
  plan: PremiumPlan;
  /** A gift: who receives it (never oneself). */
  userId?: number;
  /** One per confirmation dialog: a double click or a retry buys once. */
  requestId: string;
}

/**
 * `POST /api/premium`: the recipient's premium after the purchase and the buyer's wallet. A 422
 * (not enough coins, a refused plan) is shown by the dialog in place, not toasted.
 */
export async function buyPremium({ plan, userId, requestId }: BuyPremiumInput) {
  const body = {
    plan,
    request_id: requestId,
    ...(userId === undefined ? {} : { user_id: userId }),
  };
  return (await api.post<PremiumBought>('/api/premium', body, { handlesValidation: true })).data;
}
