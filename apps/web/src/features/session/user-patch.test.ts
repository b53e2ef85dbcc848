import { beforeEach, describe, expect, it } from 'vitest';
import { makeNick } from '../../../../../packages/shared/src/test/chat-fixtures';
import { makeUserData } from '../../test/chat-kit';
import { useSessionStore } from './store';

beforeEach(() => useSessionStore.setState({ userData: makeUserData({ id: 7, nick: 'Me' }) }));

describe('session store: my identity restyled live', () => {
  it('patches the signed-in user (navbar avatar, nick) and the user data frame', () => {
    const before = useSessionStore.getState().userData;
    useSessionStore.getState().userPatched(7, { nick: makeNick('NewMe'), avatar: '/a.webp' });
    useSessionStore.getState().userPatched(7, { frame: '/assets/frames/1.png' });
    const after = useSessionStore.getState().userData;
    expect(after?.user.nick.nick).toBe('NewMe');
    expect(after?.user.avatar).toBe('/a.webp');
    expect(after?.user.frame).toBe('/assets/frames/1.png');
    expect(after?.frame).toBe('/assets/frames/1.png');
    // Everything else of the user data is the same object: nothing else is re-read.
    expect(after?.settings).toBe(before?.settings);
    expect(after?.counters).toBe(before?.counters);
  });

  it('ignores events about other users and when signed out', () => {
    const before = useSessionStore.getState().userData;
    useSessionStore.getState().userPatched(8, { avatar: '/x.webp' });
    expect(useSessionStore.getState().userData).toBe(before);
    useSessionStore.setState({ userData: null });
    useSessionStore.getState().userPatched(7, { avatar: '/x.webp' });
    expect(useSessionStore.getState().userData).toBeNull();
  });
});
