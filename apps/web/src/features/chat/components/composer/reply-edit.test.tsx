import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  makeMessage,
  makeMessageUser,
  makeRoomDetail,
} from '../../../../../../../packages/shared/src/test/chat-fixtures';
import { makeChatStore, renderChat, signInAs, VIEWER_ID } from '../../../../test/chat-kit';
import { useComposerStore } from '../../hooks/composer-store';
import { useReplyEditStore } from '../../hooks/reply-edit-store';
import { MessageList } from '../messages/message-list';
import { Composer } from './composer';

const anna = makeMessageUser({ id: 3 });
const me = makeMessageUser({ id: VIEWER_ID });

function setup(messages = [makeMessage({ id: 10, user: anna, text: 'a question?' })]) {
  const kit = makeChatStore({
    rooms: {
      rooms: [makeRoomDetail({ id: 1, messages })],
      available: [],
      currentRoomId: 1,
    },
  });
  renderChat(
    <>
      <MessageList roomId={1} roomName="Room 1" />
      <Composer roomId={1} roomName="Room 1" />
    </>,
    { store: kit.store },
  );
  const input = screen.getByTestId<HTMLTextAreaElement>('composer');
  const type = (text: string) => fireEvent.change(input, { target: { value: text } });
  return { ...kit, input, type };
}

beforeEach(() => {
  signInAs();
});
afterEach(() => {
  useComposerStore.setState({ drafts: {} });
  useReplyEditStore.setState({ replyTo: {}, editing: {} });
});

describe('replying in the composer', () => {
  it('puts a quote bar above the box; Enter sends the reply with it, Escape lets it go', () => {
    const { actions, input, type } = setup();
    fireEvent.click(screen.getByTestId('message-reply-10'));
    const bar = screen.getByTestId('reply-bar');
    expect(bar.textContent).toContain(anna.nick.nick);
    expect(bar.textContent).toContain('a question?');
    type('an answer');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(actions.sendMessage).toHaveBeenCalledWith(1, 'an answer', [], {
      replyTo: expect.objectContaining({ id: 10, text: 'a question?' }) as unknown,
    });
    expect(screen.queryByTestId('reply-bar')).toBeNull();

    fireEvent.click(screen.getByTestId('message-reply-10'));
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByTestId('reply-bar')).toBeNull();
    fireEvent.click(screen.getByTestId('message-reply-10'));
    fireEvent.click(screen.getByTestId('reply-bar-cancel'));
    expect(screen.queryByTestId('reply-bar')).toBeNull();
  });

  it('shows a reply’s quote, and "message unavailable" for one that is gone', () => {
    setup([
      makeMessage({ id: 10, user: anna, text: 'a question?' }),
      makeMessage({
        id: 11,
        user: anna,
        text: 'yes',
        reply_to: { id: 10, user: { id: 3, slug: anna.slug, nick: 'Anna' }, text: 'a question?' },
      }),
      makeMessage({
        id: 12,
        user: anna,
        text: 'no',
        reply_to: { id: 9, user: null, text: '', deleted: true },
      }),
    ]);
    const [quote, gone] = screen.getAllByTestId('reply-quote');
    expect(quote!.tagName).toBe('BUTTON');
    expect(quote!.textContent).toContain('Anna');
    expect(quote!.querySelectorAll('bdi')).toHaveLength(2);
    expect(gone!.textContent).toBe('Message unavailable');
  });

  it('keeps the words of someone I ignore out of a quote, as the list keeps their messages out', () => {
    const bob = makeMessageUser({ id: 4 });
    const { store } = setup([
      makeMessage({
        id: 11,
        user: anna,
        text: 'agreed',
        reply_to: { id: 9, user: { id: 4, slug: bob.slug, nick: 'Bob' }, text: 'rude words' },
      }),
    ]);
    expect(screen.getByTestId('reply-quote').textContent).toContain('rude words');
    act(() => store.setState({ ignoredUsers: new Set([4]) }));
    expect(screen.getByTestId('reply-quote').textContent).toBe('Message unavailable');
  });
});

describe('replying to a troll', () => {
  it('offers no reply to a message heard live from someone on the troll list staff are sent', () => {
    const { store } = setup([makeMessage({ id: 10, user: anna, text: 'bait' })]);
    expect(screen.queryByTestId('message-reply-10')).not.toBeNull();
    act(() => store.setState({ trolls: new Set([anna.id]) }));
    expect(screen.queryByTestId('message-reply-10')).toBeNull();
  });
});

describe('editing in the composer', () => {
  it('ArrowUp in an empty box edits my last message; Enter saves, the draft comes back', async () => {
    const mine = makeMessage({
      id: 20,
      user: me,
      text: 'my typo',
      created_at: new Date().toISOString(),
    });
    const { actions, input, type } = setup([mine]);
    type('half a thought');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    // Not empty: ArrowUp moves the caret as usual.
    expect(screen.queryByTestId('reply-bar')).toBeNull();
    type('');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(screen.getByTestId('reply-bar').textContent).toContain('Editing the message');
    expect(input.value).toBe('my typo');
    type('my fix');
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(actions.editMessage).toHaveBeenCalledWith(mine, 'my fix', []);
    expect(actions.sendMessage).not.toHaveBeenCalled();
    expect(screen.queryByTestId('reply-bar')).toBeNull();
    expect(input.value).toBe('');
  });

  it('Escape cancels an edit and gives the draft back; an old message is not offered', () => {
    const old = makeMessage({ id: 21, user: me, text: 'long ago' });
    const fresh = makeMessage({
      id: 22,
      user: me,
      text: 'just now',
      created_at: new Date().toISOString(),
    });
    const { input, type } = setup([old]);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(screen.queryByTestId('reply-bar')).toBeNull();
    act(() => useReplyEditStore.getState().edit(fresh));
    expect(input.value).toBe('just now');
    type('just now!');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByTestId('reply-bar')).toBeNull();
    expect(input.value).toBe('');
  });

  it('marks an edited message with its time in the title', () => {
    setup([
      makeMessage({ id: 30, user: anna, text: 'fixed', edited_at: '2024-05-01T12:03:00.000Z' }),
    ]);
    const mark = screen.getByTestId('message-edited-30');
    expect(mark.textContent).toBe('edited');
    expect(mark.getAttribute('title')).toMatch(/^Edited /);
  });
});
