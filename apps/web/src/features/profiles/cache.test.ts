import type { Profile } from '@chat/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeNick, makePublicUser } from '../../../../../packages/shared/src/chat/rules/fixtures';
import { profileKeys, type ProfilesListPage } from './api';
import { patchProfilesCache } from './cache';
import { makeProfile, makeRow } from './test-kit';

describe('profiles cache: a user restyled live', () => {
  it('patches the open profile of the user, and where others name them (partner, friends)', () => {
    const client = new QueryClient();
    const own = makeProfile({ user: makePublicUser({ id: 3, slug: 'anna' }) });
    const other: Profile = makeProfile({
      user: makePublicUser({ id: 4, slug: 'bob' }),
      partner: makePublicUser({ id: 3 }),
      friends: [makePublicUser({ id: 3 }), makePublicUser({ id: 5 })],
    });
    const unrelated = makeProfile({ user: makePublicUser({ id: 9, slug: 'zed' }) });
    client.setQueryData(profileKeys.one('anna', 1), own);
    client.setQueryData(profileKeys.one('bob', 1), other);
    client.setQueryData(profileKeys.one('zed', 1), unrelated);

    patchProfilesCache(client, 3, { nick: makeNick('Anya'), frame: '/assets/frames/1.png' });
    expect(client.getQueryData<Profile>(profileKeys.one('anna', 1))?.user.nick.nick).toBe('Anya');
    expect(client.getQueryData<Profile>(profileKeys.one('anna', 1))?.user.frame).toBe(
      '/assets/frames/1.png',
    );
    const bob = client.getQueryData<Profile>(profileKeys.one('bob', 1));
    expect(bob?.partner?.nick.nick).toBe('Anya');
    expect(bob?.friends[0]?.nick.nick).toBe('Anya');
    expect(bob?.friends[1]).toBe(other.friends[1]);
    expect(client.getQueryData(profileKeys.one('zed', 1))).toBe(unrelated);
  });

  it('patches the rows of cached lists', () => {
    const client = new QueryClient();
    const key = profileKeys.list({ tab: 'online', page: 1, perPage: 50, q: '' });
    const page: ProfilesListPage = {
      rows: [makeRow(3), makeRow(4)],
      page: 1,
      lastPage: 1,
      total: 2,
    };
    client.setQueryData(key, page);
    patchProfilesCache(client, 3, { avatar: '/storage/new.webp' });
    const after = client.getQueryData<ProfilesListPage>(key);
    expect(after?.rows[0]?.user.avatar).toBe('/storage/new.webp');
    expect(after?.rows[1]).toBe(page.rows[1]);
  });
});
