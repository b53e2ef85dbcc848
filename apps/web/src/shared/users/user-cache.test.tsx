import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeNick, makePublicUser } from '../../../../../packages/shared/src/test/chat-fixtures';
import { patchUser, useLiveUser, useUserCache, withLive } from './user-cache';

beforeEach(() => useUserCache.setState({ users: new Map(), last: null }));

describe('user cache', () => {
  it('merges what is heard of a user and remembers the last write', () => {
    patchUser(3, { nick: makeNick('Anya') });
    patchUser(3, { avatar: '/a.webp' });
    expect(useUserCache.getState().users.get(3)).toEqual({
      nick: makeNick('Anya'),
      avatar: '/a.webp',
    });
    expect(useUserCache.getState().last).toEqual({ userId: 3, patch: { avatar: '/a.webp' } });
  });

  it('lays only the fields an object has over it, and keeps it when nothing changes', () => {
    const author = { id: 3, slug: 'anna', nick: makeNick('Anna'), avatar: null, roles: [] };
    const live = withLive(author, { nick: makeNick('Anya'), premium: true, avatar: null });
    expect(live).toEqual({ ...author, nick: makeNick('Anya') });
    expect(Object.keys(live).sort()).toEqual(Object.keys(author).sort());
    expect(withLive(author, { avatar: null })).toBe(author);
    expect(withLive(author, undefined)).toBe(author);
  });

  it('redraws whoever shows the user when they change', () => {
    const user = makePublicUser({ id: 5, nick: makeNick('Bob') });
    function Shown() {
      return <span data-testid="nick">{useLiveUser(user).nick.nick}</span>;
    }
    render(<Shown />);
    expect(screen.getByTestId('nick').textContent).toBe('Bob');
    act(() => patchUser(5, { nick: makeNick('Robert') }));
    expect(screen.getByTestId('nick').textContent).toBe('Robert');
    act(() => patchUser(6, { nick: makeNick('Other') }));
    expect(screen.getByTestId('nick').textContent).toBe('Robert');
  });
});
