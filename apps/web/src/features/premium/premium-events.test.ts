import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/query-client';
import { fakeServer } from '../../test/complaints-kit';
import { createDispatcher, type DispatchTargets } from '../realtime/dispatcher';
import { useSessionStore } from '../session/store';
import { makeUserData } from '../../test/chat-kit';
import { premiumKeys } from './api';
import { applyMyPremium, isPremiumPatch, refreshMyPerks } from './my-premium';
import { createPremiumEvents } from './premium-events';
import { makePlans, signInRegistered, VIEWER } from '../../test/premium-kit';

const LATER = '2999-01-31T10:00:00.000Z';

function setup() {
  const refreshPerks = vi.fn();
  const patchUser = vi.fn();
  const premium = createPremiumEvents({ applyMine: applyMyPremium, refreshPerks, patchUser });
  // Only the premium target is reached by these events; the rest must stay untouched.
  const untouched = () => {
    throw new Error('not a premium event');
  };
  const targets = new Proxy({ premium: () => premium } as unknown as DispatchTargets, {
    get: (target, name: string) =>
      name === 'premium' ? (target as unknown as Record<string, unknown>).premium : untouched,
  });
  return { dispatcher: createDispatcher(targets), refreshPerks, patchUser };
}

beforeEach(() => {
  queryClient.clear();
});

describe('MyPremiumUpdated', () => {
  it('puts my premium and wallet in the session and asks for the perks again', () => {
    signInRegistered({ balance: 500 });
    queryClient.setQueryData(premiumKeys.info, {
      plans: makePlans(),
      premium: { active: false, until: null },
    });
    const { dispatcher, refreshPerks } = setup();
    const handled = dispatcher.server(`private-user.${VIEWER}`, 'MyPremiumUpdated', {
      premium: { active: true, until: LATER },
      wallet: { balance: 301, bonus: 0, total: 301 },
    });
    expect(handled).toBe(true);
    const state = useSessionStore.getState();
    expect(state.premium).toEqual({ active: true, until: LATER });
    expect(state.userData?.premium).toEqual({ active: true, until: LATER });
    expect(state.userData?.user.premium).toBe(true);
    expect(state.balance).toBe(301);
    expect(queryClient.getQueryData<{ premium: unknown }>(premiumKeys.info)?.premium).toEqual({
      active: true,
      until: LATER,
    });
    expect(refreshPerks).toHaveBeenCalledTimes(1);
  });

  it('takes an ended premium, and drops a payload without a state', () => {
    signInRegistered({ premium: { active: true, until: LATER }, perks: true });
    const { dispatcher, refreshPerks } = setup();
    dispatcher.server(`private-user.${VIEWER}`, 'MyPremiumUpdated', { premium: 'yes' });
    expect(useSessionStore.getState().premium?.active).toBe(true);
    expect(refreshPerks).not.toHaveBeenCalled();
    const ended = '2025-01-01T00:00:00.000Z';
    dispatcher.server(`private-user.${VIEWER}`, 'MyPremiumUpdated', {
      premium: { active: false, until: ended },
      wallet: null,
    });
    expect(useSessionStore.getState().premium).toEqual({ active: false, until: ended });
    expect(useSessionStore.getState().userData?.user.premium).toBe(false);
  });
});

describe('PremiumUpdated', () => {
  it('marks the user everywhere users are shown, and ignores a malformed one', () => {
    const { dispatcher, patchUser } = setup();
    dispatcher.server('private-chat', 'PremiumUpdated', {
      user_id: 7,
      data: { active: false, until: '2025-01-01T00:00:00.000Z' },
    });
    dispatcher.server('private-chat', 'PremiumUpdated', { user_id: 'x', data: { active: true } });
    dispatcher.server('private-chat', 'PremiumUpdated', { user_id: 8, data: {} });
    expect(patchUser.mock.calls).toEqual([[7, { premium: false }]]);
  });
});

describe('refreshMyPerks', () => {
  it('takes the permissions from the user data again and nothing else', async () => {
    const before = signInRegistered();
    useSessionStore.setState({
      userData: { ...before, counters: { im_unread_count: 4, unread_notifications: 2 } },
    });
    const fresh = {
      ...makeUserData({ id: VIEWER }),
      premium: { active: true, until: LATER },
      permissions: ['profile.edit', 'nick.gradient', 'frame.premium'],
      balance: 42,
      bonus: 3,
    };
    fakeServer({ 'GET /api/init': { body: { user: fresh } } });
    await refreshMyPerks();
    const state = useSessionStore.getState();
    expect(state.userData?.permissions).toEqual(fresh.permissions);
    expect(state.userData?.premium).toEqual({ active: true, until: LATER });
    expect(state.userData?.counters).toEqual({ im_unread_count: 4, unread_notifications: 2 });
    expect(state.balance).toBe(42);
    expect(state.bonus).toBe(3);
  });

  it('is a premium patch for the realtime wiring (same user, no re-follow)', () => {
    const prev = makeUserData({ id: VIEWER });
    const next = {
      ...prev,
      permissions: ['nick.gradient'],
      premium: { active: true, until: LATER },
    };
    expect(isPremiumPatch(next, prev)).toBe(true);
    expect(isPremiumPatch({ ...next, counters: { ...prev.counters } }, prev)).toBe(false);
    expect(isPremiumPatch(makeUserData({ id: 5 }), prev)).toBe(false);
  });
});
