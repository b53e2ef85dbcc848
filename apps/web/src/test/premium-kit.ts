// Test kit of premium and gifts: the plans, the catalogue, sent gifts, and a registered viewer
// with chosen premium perks (the fake server is the complaints kit's, behind window.fetch).
import {
  PREMIUM_PERMISSIONS,
  permissionsOfRoles,
  type Gift,
  type PremiumInfo,
  type PremiumState,
  type SentGift,
} from '@chat/shared';
import { makePublicUser } from '../../../../packages/shared/src/test/chat-fixtures';
import { makeUserData } from './chat-kit';
import { useSessionStore } from '../features/session/store';

export const VIEWER = 100;

export function signInRegistered(
  options: { premium?: PremiumState; perks?: boolean; balance?: number; bonus?: number } = {},
) {
  const premium = options.premium ?? { active: false, until: null };
  const base = makeUserData({ id: VIEWER });
  const data = {
    ...base,
    premium,
    user: { ...base.user, premium: premium.active },
    permissions: [...permissionsOfRoles(['user']), ...(options.perks ? PREMIUM_PERMISSIONS : [])],
  };
  useSessionStore.setState({
    userData: data,
    premium,
    balance: options.balance ?? 300,
    bonus: options.bonus ?? 0,
    initialized: true,
  });
  return data;
}

export function makePlans(): PremiumInfo['plans'] {
  return [
    { plan: 'month', days: 30, price: 199 },
    { plan: 'quarter', days: 90, price: 499 },
    { plan: 'year', days: 365, price: 1690 },
  ];
}

export function makeGift(id: number, overrides: Partial<Gift> = {}): Gift {
  return {
    id,
    name: `Gift ${id}`,
    price: 10 * id,
    image: `/assets/gifts/gift-${id}.svg`,
    premium_only: false,
    ...overrides,
  };
}

export function makeSentGift(id: number, overrides: Partial<SentGift> = {}): SentGift {
  return {
    id,
    gift: makeGift(1, { name: 'Rose' }),
    sender: makePublicUser({ id: 7, slug: 'boris' }),
    recipient: makePublicUser({ id: 3, slug: 'anna' }),
    text: null,
    anonymous: false,
    private: false,
    hidden: false,
    text_removed: false,
    created_at: '2025-05-01T10:00:00.000Z',
    ...overrides,
  };
}
