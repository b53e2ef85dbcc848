import { act, screen } from '@testing-library/react';
import { MESSAGE_TYPE } from '@chat/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  makeMessage,
  makeMessageUser,
  makeNick,
  makePublicUser,
  makeRoomDetail,
  makeRoomUser,
} from '../../../../../../../packages/shared/src/test/chat-fixtures';
import { makeChatStore, renderChat, signInAs } from '../../../../test/chat-kit';
import { patchUser } from '../../../../shared/users/user-cache';
import { MessageList } from './message-list';

beforeEach(() => {
  signInAs();
});

const anna = makeMessageUser({ id: 3, nick: { ...makeNick('Anna'), color: '#cc0000' } });

function renderRoom(messages: ReturnType<typeof makeMessage>[]) {
  const room = makeRoomDetail({ id: 1, messages, users: [makeRoomUser({ id: 3, nick: 'Anna' })] });
  const kit = makeChatStore({ rooms: { rooms: [room], available: [], currentRoomId: 1 } });
  renderChat(<MessageList roomId={1} roomName="Room 1" />, { store: kit.store });
  return kit;
}

describe('a /me action in the message list', () => {
  it('reads "* Nick waves" on one italic line with the styled nick, and no nick header', () => {
    renderRoom([makeMessage({ id: 4, user: anna, type_id: MESSAGE_TYPE.action, text: 'waves' })]);
    const item = screen.getByTestId('message-4');
    const line = item.querySelector('.chat-message-text.is-action');
    expect(line?.textContent).toBe('* Anna waves');
    expect(item.querySelector('.chat-message-head')).toBeNull();
    const nick = line?.querySelector('.chat-action-nick') as HTMLElement | null;
    expect(nick?.textContent).toBe('Anna');
    expect(nick?.getAttribute('style') ?? '').toContain('color');
  });

  it('restyles the nick on shown messages when the author changes their style', () => {
    renderRoom([
      makeMessage({ id: 4, user: anna, text: 'hello' }),
      makeMessage({ id: 5, user: anna, type_id: MESSAGE_TYPE.action, text: 'waves' }),
    ]);
    act(() => {
      // What UserUpdated does: one write to the user cache, which the messages read.
      const { id, ...patch } = makePublicUser({
        id: 3,
        nick: { ...makeNick('Anya'), color: '#0000cc' },
      });
      patchUser(id, patch);
    });
    expect(screen.getByTestId('message-5').textContent).toContain('* Anya waves');
    expect(screen.getByTestId('message-4').textContent).toContain('Anya');
    expect(screen.getByTestId('message-4').textContent).not.toContain('Anna');
  });
});
