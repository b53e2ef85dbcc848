import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHAT_SETTINGS } from '@chat/shared';
import {
  makeMessage,
  makeMessageUser,
  makeRoomDetail,
  makeRoomUser,
} from '../../../../../../../packages/shared/src/test/chat-fixtures';
import { makeChatStore, renderChat, signInAs, VIEWER_ID } from '../../../../test/chat-kit';
import { useAuthDialogStore } from '../../../auth/auth-store';
import { ChatHeader } from '../layout/chat-header';
import { HiddenGuestsBar } from '../messages/hidden-guests-bar';
import { UserList } from '../users/user-list';
import { GUEST_NOTICE_KEY, GuestChatNotice } from './guest-chat-notice';

const users = [
  makeRoomUser({ id: VIEWER_ID, nick: 'Me' }),
  makeRoomUser({ id: 2, nick: 'GuestA', roles: ['guest'] }),
  makeRoomUser({ id: 3, nick: 'GuestB', roles: ['guest'] }),
];
const guestSays = (id: number, from: number, nicks: { nick: string; user_id: number }[] = []) =>
  makeMessage({
    id,
    room_id: 1,
    user: makeMessageUser({ id: from, roles: ['guest'] }),
    nicks,
  });
const messages = [
  guestSays(1, 2),
  guestSays(2, 3),
  guestSays(3, 3),
  // Addressed to me: shown, so not counted as hidden.
  guestSays(4, 2, [{ nick: 'Me', user_id: VIEWER_ID }]),
];

function store(showGuests = false) {
  return makeChatStore({
    rooms: { rooms: [makeRoomDetail({ id: 1, users, messages })], available: [], currentRoomId: 1 },
    settings: { ...DEFAULT_CHAT_SETTINGS, show_guests: showGuests },
  });
}

beforeEach(() => {
  signInAs();
  window.localStorage.clear();
});

describe('the user list’s honest counter', () => {
  it('says how many are shown and how many guests are hidden, and shows them on a click', () => {
    const kit = store();
    renderChat(<UserList roomId={1} />, { store: kit.store });
    expect(screen.getByTestId('guests-line').textContent).toBe('1 shown · 2 guests hidden');
    fireEvent.click(screen.getByTestId('show-guests'));
    expect(kit.actions.updateSettings).toHaveBeenCalledWith({ show_guests: true });
  });

  it('offers to hide the guests again once they are shown', () => {
    const kit = store(true);
    renderChat(<UserList roomId={1} />, { store: kit.store });
    expect(screen.getByTestId('guests-line').textContent).toBe('3 shown · Hide guests');
    fireEvent.click(screen.getByTestId('hide-guests'));
    expect(kit.actions.updateSettings).toHaveBeenCalledWith({ show_guests: false });
  });

  it('speaks Russian with its plurals', () => {
    renderChat(<UserList roomId={1} />, { store: store().store, locale: 'ru' });
    expect(screen.getByTestId('guests-line').textContent).toBe('В списке: 1 · скрыто 2 гостя');
  });

  it('says it in the header too', () => {
    const kit = store();
    const room = makeRoomDetail({ id: 1, users, messages });
    renderChat(
      <ChatHeader
        room={room}
        desktop
        onUsers={() => undefined}
        onSettings={() => undefined}
        onProperties={() => undefined}
        onLeaveChat={() => undefined}
      />,
      { store: kit.store, locale: 'ru' },
    );
    expect(screen.getByTestId('room-people').textContent).toBe('1 человек · скрыто 2 гостя');
  });
});

describe('the hidden guests’ messages bar', () => {
  it('counts what show_guests hides (not a mention of me) and shows it on a click', () => {
    const kit = store();
    renderChat(<HiddenGuestsBar messages={messages} />, { store: kit.store });
    expect(screen.getByTestId('hidden-guest-messages').textContent).toBe(
      '3 messages from guests are hidden · Show',
    );
    fireEvent.click(screen.getByTestId('show-guest-messages'));
    expect(kit.actions.updateSettings).toHaveBeenCalledWith({ show_guests: true });
  });

  it('in Russian', () => {
    renderChat(<HiddenGuestsBar messages={messages.slice(0, 1)} />, {
      store: store().store,
      locale: 'ru',
    });
    expect(screen.getByTestId('hidden-guest-messages').textContent).toBe(
      'Скрыто 1 сообщение гостей · Показать',
    );
  });

  it('is not there when nothing is hidden', () => {
    renderChat(<HiddenGuestsBar messages={messages} />, { store: store(true).store });
    expect(screen.queryByTestId('hidden-guest-messages')).toBeNull();
  });
});

describe('the guest’s notice', () => {
  it('tells a guest once, offers registering under the nick, and stays dismissed', () => {
    signInAs({ roles: ['guest'], nick: 'Gosha' });
    const first = renderChat(<GuestChatNotice />, { store: store().store });
    expect(screen.getByTestId('guest-chat-notice').textContent).toContain(
      'Registered people do not see guests unless they choose to',
    );
    fireEvent.click(screen.getByTestId('guest-notice-register'));
    expect(useAuthDialogStore.getState()).toMatchObject({
      visible: true,
      dialog: 'register',
      nick: 'Gosha',
    });
    fireEvent.click(screen.getByTestId('guest-notice-dismiss'));
    expect(screen.queryByTestId('guest-chat-notice')).toBeNull();
    expect(window.localStorage.getItem(GUEST_NOTICE_KEY)).toBe('1');
    first.unmount();
    renderChat(<GuestChatNotice />, { store: store().store });
    expect(screen.queryByTestId('guest-chat-notice')).toBeNull();
  });

  it('is not shown to registered people', () => {
    renderChat(<GuestChatNotice />, { store: store().store });
    expect(screen.queryByTestId('guest-chat-notice')).toBeNull();
  });
});
