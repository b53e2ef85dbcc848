// Test kit for the profiles feature: wire objects built from small overrides.
import type { Profile } from '@chat/shared';
import { makePublicUser } from '../../../../packages/shared/src/test/chat-fixtures';
import type { ProfileRow } from '../features/profiles/api';

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    user: makePublicUser({ id: 3, slug: 'anna' }),
    about: null,
    about_moderation: null,
    gender: null,
    age: null,
    marital_status: null,
    partner: null,
    photos: [],
    gifts: [],
    friends: [],
    friends_count: 0,
    quotes_kept_count: 0,
    friendship: null,
    is_friend: false,
    ignoring: false,
    is_self: false,
    statistics: {
      last_online: '2024-05-01T11:00:00.000Z',
      public_messages: 12,
      private_messages: 3,
      registered_at: '2023-01-15T10:00:00.000Z',
      stealth_percent: 25,
      total_messages: 15,
      violations: 0,
    },
    ...overrides,
  };
}

export function makeRow(id: number, overrides: Partial<ProfileRow> = {}): ProfileRow {
  return {
    user: makePublicUser({ id, slug: `user-${id}` }),
    gender: null,
    age: null,
    last_online: null,
    online: false,
    registered_at: '2023-01-15T10:00:00.000Z',
    month_messages: null,
    ...overrides,
  };
}
