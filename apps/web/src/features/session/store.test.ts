import { DEFAULT_SOUND_CHOICES, navbarAvatarSize, type UserData } from '@chat/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import {
  AGREEMENT_KEY,
  API_TOKEN_KEY,
  selectRoleFlags,
  totalBalance,
  useSessionStore,
} from './store';

const initial = useSessionStore.getState();
afterEach(() => {
  useSessionStore.setState(initial, true);
  vi.unstubAllGlobals();
});

function userData(roles: string[]): UserData {
  return {
    user: {
      id: 7,
      slug: 'vasya',
      nick: {
        nick: 'Vasya',
        color: null,
        has_gradient: false,
        gradient: [],
        font_id: null,
        weight: null,
        italic: false,
      },
      avatar: null,
      frame: null,
      premium: false,
      roles,
      gender: null,
    },
    settings: {
      show_avatars: true,
      show_gradients: true,
      show_guests: false,
      show_time: false,
      show_trolls: false,
      mute: false,
      notification_new_message: 1,
      notification_volume: 0.6,
      sound: null,
      ...DEFAULT_SOUND_CHOICES,
    },
    balance: 120,
    bonus: 30,
    premium: { active: true, until: null },
    gag: null,
    ban: null,
    frame: null,
    friends: [],
    notifications: [],
    recent_smileys: [],
    recent_gifs: [],
    permissions: [],
    smiley_groups: [],
    roles,
    counters: { im_unread_count: 0, unread_notifications: 0 },
    ignored_users: [],
    quotes: [],
    user_priorities: [],
    active_at: null,
    email: null,
    phone: null,
  };
}

describe('session store', () => {
  it('starts with the spec defaults', () => {
    const s = useSessionStore.getState();
    expect(s.userData).toBeNull();
    expect(s.agreementStatus).toBeNull();
    expect(s.isUpdateRequired).toBe(false);
    expect(s.windowSize).toBe(1920);
  });

  it('signs in with the token stored locally, and logs out to a clean state', () => {
    useSessionStore.getState().signIn(userData(['user']), 'token-123');
    let s = useSessionStore.getState();
    expect(s.apiToken).toBe('token-123');
    expect(localStorage.getItem(API_TOKEN_KEY)).toBe('token-123');
    expect(totalBalance(s)).toBe(150);
    expect(s.premium).toEqual({ active: true, until: null });

    s.logout();
    s = useSessionStore.getState();
    expect(s.userData).toBeNull();
    expect(s.balance).toBe(0);
    expect(s.premium).toBeNull();
    expect(s.apiToken).toBeNull();
    expect(localStorage.getItem(API_TOKEN_KEY)).toBeNull();
  });

  it('keeps the agreement status locally', () => {
    useSessionStore.getState().setAgreementStatus(false);
    expect(localStorage.getItem(AGREEMENT_KEY)).toBe('false');
    useSessionStore.getState().setAgreementStatus(true);
    expect(localStorage.getItem(AGREEMENT_KEY)).toBe('true');
    expect(useSessionStore.getState().agreementStatus).toBe(true);
  });

  it('derives role flags from the roles', () => {
    expect(selectRoleFlags({ userData: null })).toEqual({
      guest: false,
      user: false,
      moderator: false,
      admin: false,
    });
    expect(selectRoleFlags({ userData: userData(['guest']) }).guest).toBe(true);
    expect(selectRoleFlags({ userData: userData(['user', 'moderator', 'admin']) })).toEqual({
      guest: false,
      user: true,
      moderator: true,
      admin: true,
    });
  });

  it('requires an update when a response carries another build key than init', async () => {
    const respond = (key: string) => async () =>
      new Response(JSON.stringify({ data: {} }), { status: 200, headers: { 'x-build-key': key } });
    useSessionStore.getState().setBuildKey('build-a');
    vi.stubGlobal('fetch', vi.fn(respond('build-a')));
    await api.get('/api/pages/privacy');
    expect(useSessionStore.getState().isUpdateRequired).toBe(false);
    vi.stubGlobal('fetch', vi.fn(respond('build-b')));
    await api.get('/api/pages/privacy');
    expect(useSessionStore.getState().isUpdateRequired).toBe(true);
  });

  it('tracks the window size; the navbar avatar is 40 above 360 px, else 32', () => {
    useSessionStore.getState().setWindowSize(361);
    expect(navbarAvatarSize(useSessionStore.getState().windowSize)).toBe(40);
    useSessionStore.getState().setWindowSize(360);
    expect(navbarAvatarSize(useSessionStore.getState().windowSize)).toBe(32);
  });
});
