import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  makeMessage,
  makeMessageUser,
  makeRoomDetail,
} from '../../../../../../../packages/shared/src/test/chat-fixtures';
import { makeChatStore, renderChat, signInAs } from '../../../../test/chat-kit';
import { MessageList } from './message-list';

beforeEach(() => {
  signInAs();
});

function renderRoom(quoted: number[]) {
  const messages = [
    makeMessage({ id: 21, user: makeMessageUser({ id: 2 }), text: 'kept already' }),
    makeMessage({ id: 22, user: makeMessageUser({ id: 2 }), text: 'not kept' }),
  ];
  const room = makeRoomDetail({ id: 1, messages });
  const kit = makeChatStore({
    rooms: { rooms: [room], available: [], currentRoomId: 1 },
    quotedMessageIds: new Set(quoted),
  });
  renderChat(<MessageList roomId={1} roomName="Room 1" />, { store: kit.store });
  return kit;
}

describe("the message menu's quote item", () => {
  it('says whether I keep the message, and toggles it', async () => {
    const { actions } = renderRoom([21]);
    fireEvent.click(screen.getByTestId('message-more-21'));
    const kept = await screen.findByTestId('message-quote-21');
    expect(kept.textContent).toBe('Remove from quotes');
    expect(kept.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(kept);
    expect(actions.toggleQuote).toHaveBeenCalledWith(expect.objectContaining({ id: 21 }));

    fireEvent.click(screen.getByTestId('message-more-22'));
    const free = await screen.findByTestId('message-quote-22');
    expect(free.textContent).toBe('Add to quotes');
    expect(free.getAttribute('aria-pressed')).toBe('false');
  });
});
