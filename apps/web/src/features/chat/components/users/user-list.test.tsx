import { fireEvent, screen } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHAT_SETTINGS } from '@chat/shared';
import {
  makeRoomDetail,
  makeRoomUser,
} from '../../../../../../../packages/shared/src/test/chat-fixtures';
import { makeChatStore, renderChat, signInAs, VIEWER_ID } from '../../../../test/chat-kit';
import { useComposerStore } from '../../hooks/composer-store';
import { UserList } from './user-list';

const TROLL = 3;
const users = [
  makeRoomUser({ id: VIEWER_ID, nick: 'Me' }),
  makeRoomUser({ id: 1, nick: 'Anna' }),
  makeRoomUser({ id: 2, nick: 'Guesty', roles: ['guest'] }),
  makeRoomUser({ id: TROLL, nick: 'Trolly' }),
  makeRoomUser({ id: 4, nick: 'Ghost', invisible: true }),
];

function setup(settings: Partial<typeof DEFAULT_CHAT_SETTINGS> = {}) {
  const kit = makeChatStore({
    rooms: { rooms: [makeRoomDetail({ id: 1, users })], available: [], currentRoomId: 1 },
    trolls: new Set([TROLL]),
    settings: { ...DEFAULT_CHAT_SETTINGS, ...settings },
  });
  renderChat(<UserList roomId={1} />, { store: kit.store });
  return kit;
}

const shown = () =>
  screen
    .queryAllByTestId(/^room-user-/)
    .map((item) => Number(item.dataset.testid?.replace('room-user-', '')));

beforeEach(() => {
  signInAs();
});

describe('UserList', () => {
  it('hides guests, trolls and invisible users by default', () => {
    setup();
    expect(shown().sort()).toEqual([1, VIEWER_ID]);
  });

  it('shows guests and trolls as the settings say, and follows a change live', () => {
    const { store } = setup();
    act(() => store.setState({ settings: { ...DEFAULT_CHAT_SETTINGS, show_guests: true } }));
    expect(shown()).toContain(2);
    expect(shown()).not.toContain(TROLL);
    act(() =>
      store.setState({
        settings: { ...DEFAULT_CHAT_SETTINGS, show_guests: true, show_trolls: true },
      }),
    );
    expect(shown()).toContain(TROLL);
  });

  it('shows invisible users to an admin, marked, and trolls marked to moderators', () => {
    signInAs({ roles: ['user', 'moderator', 'admin'] });
    setup({ show_trolls: true });
    expect(shown()).toContain(4);
    expect(
      screen.getByTestId('room-user-4').querySelector('[data-testid="mark-invisible"]'),
    ).not.toBeNull();
    expect(
      screen.getByTestId(`room-user-${TROLL}`).querySelector('[data-testid="mark-troll"]'),
    ).not.toBeNull();
    expect(screen.getByTestId('my-visibility')).toBeTruthy();
  });

  it('gives ordinary users no troll mark and no visibility switch', () => {
    setup({ show_trolls: true });
    expect(screen.queryByTestId('mark-troll')).toBeNull();
    expect(screen.queryByTestId('my-visibility')).toBeNull();
  });

  it('finds people by part of the nick', () => {
    setup();
    fireEvent.change(screen.getByTestId('user-search'), { target: { value: 'ann' } });
    expect(shown()).toEqual([1]);
    fireEvent.change(screen.getByTestId('user-search'), { target: { value: 'zzz' } });
    expect(shown()).toEqual([]);
  });

  it('mentions and ignores someone from their menu, but offers neither for myself', async () => {
    const { actions } = setup();
    fireEvent.click(screen.getByRole('button', { name: /^Actions: Anna\b/ }));
    fireEvent.click(await screen.findByTestId('user-mention'));
    expect(useComposerStore.getState().drafts[1]?.text).toBe('Anna, ');
    fireEvent.click(screen.getByRole('button', { name: /^Actions: Anna\b/ }));
    fireEvent.click(await screen.findByTestId('user-ignore'));
    expect(actions.toggleIgnore).toHaveBeenCalledWith(1);

    const me = screen.getByTestId(`room-user-${VIEWER_ID}`);
    fireEvent.click(screen.getByRole('button', { name: /^Actions: Me\b/ }));
    expect(
      await screen.findByText('Profile card', {
        selector: `[data-testid="room-user-${VIEWER_ID}"] *`,
      }),
    ).toBeTruthy();
    expect(me.querySelector('[data-testid="user-ignore"]')).toBeNull();
    expect(me.querySelector('[data-testid="user-mention"]')).toBeNull();
  });

  it('sets my state in the room', async () => {
    const { actions } = setup();
    fireEvent.click(screen.getByTestId('my-state'));
    fireEvent.click(await screen.findByTestId('my-state-3'));
    expect(actions.setRoomState).toHaveBeenCalledWith(1, 3);
  });
});
