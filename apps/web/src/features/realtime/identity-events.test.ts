import type { UserData } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import { makeNick, makePublicUser } from '../../../../../packages/shared/src/test/chat-fixtures';
import { createIdentityEvents, isIdentityPatch } from './identity-events';
import type { UserPatch } from '../../shared/users/user-cache';

function setup() {
  const seen: [number, UserPatch][] = [];
  return { seen, events: createIdentityEvents((id, patch) => seen.push([id, patch])) };
}

describe('identity events', () => {
  it('writes each event once, as the one field it carries', () => {
    const { seen, events } = setup();
    const nick = { ...makeNick('Anna'), color: '#ff0066' };
    events.nickUpdated({ user_id: 3, nick });
    events.avatarUpdated({ user_id: 3, avatar: '/storage/a.webp' });
    events.avatarRemoved({ user_id: 3 });
    events.frameUpdated({ userId: 3, frame: '/assets/frames/gold.png' });
    events.frameUpdated({ userId: 3, frame: null });
    const patches: UserPatch[] = [
      { nick },
      { avatar: '/storage/a.webp' },
      { avatar: null },
      { frame: '/assets/frames/gold.png' },
      { frame: null },
    ];
    expect(seen).toEqual(patches.map((patch) => [3, patch]));
  });

  it('UserUpdated patches the whole public user, without its id', () => {
    const { seen, events } = setup();
    const user = makePublicUser({ id: 5, premium: true });
    events.userUpdated({ user });
    const rest: Record<string, unknown> = { ...user };
    delete rest.id;
    expect(seen).toEqual([[5, rest]]);
  });

  it('drops payloads without a usable id or field', () => {
    const { seen, events } = setup();
    events.avatarUpdated({ user_id: 'x', avatar: '/a' } as never);
    events.avatarUpdated({ user_id: 3, avatar: 42 } as never);
    events.nickUpdated({ user_id: 3, nick: 'plain' } as never);
    events.frameUpdated({ user_id: 3, frame: null } as never);
    events.userUpdated({ user: null } as never);
    events.avatarRemoved({ user_id: -1 });
    expect(seen).toEqual([]);
  });
});

describe('isIdentityPatch', () => {
  const data = {
    user: makePublicUser({ id: 1 }),
    frame: null,
    settings: {},
  } as unknown as UserData;
  it('is true only for the same user data with the user (and frame) replaced', () => {
    const patched = { ...data, user: { ...data.user, avatar: '/a' }, frame: '/f' };
    expect(isIdentityPatch(patched, data)).toBe(true);
    expect(isIdentityPatch({ ...data, settings: {} } as UserData, data)).toBe(false);
    const other = { ...data, user: makePublicUser({ id: 2 }) };
    expect(isIdentityPatch(other, data)).toBe(false);
    expect(isIdentityPatch(null, data)).toBe(false);
    expect(isIdentityPatch(data, null)).toBe(false);
  });
});
