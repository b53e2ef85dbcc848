import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  makeMessage,
  makeMessageUser,
  makeReaction,
  makeRoomDetail,
} from '../../../../../../../packages/shared/src/test/chat-fixtures';
import { makeChatStore, renderChat, signInAs, VIEWER_ID } from '../../../../test/chat-kit';
import type { ChatData, PendingMessage } from '../../types';
import { MessageList } from './message-list';
import { i18n } from '../../../../i18n/i18n';

function renderRoom(messages: ReturnType<typeof makeMessage>[], data: Partial<ChatData> = {}) {
  const room = makeRoomDetail({ id: 1, messages });
  const kit = makeChatStore({
    rooms: { rooms: [room], available: [], currentRoomId: 1 },
    ...data,
  });
  renderChat(<MessageList roomId={1} roomName="Room 1" />, { store: kit.store });
  return kit;
}

beforeEach(() => {
  signInAs();
});

describe('MessageList', () => {
  it('is a polite live log', () => {
    renderRoom([makeMessage()]);
    const log = screen.getByRole('log');
    expect(log.getAttribute('aria-live')).toBe('polite');
  });

  it('shows markup typed by a user as text, never as an element', () => {
    const text = '<img src=x onerror=alert(1)><b>bold</b>';
    renderRoom([makeMessage({ id: 5, text })]);
    const item = screen.getByTestId('message-5');
    expect(item.textContent).toContain(text);
    expect(item.querySelector('img')).toBeNull();
    expect(item.querySelector('b')).toBeNull();
  });

  it('turns only known smiley tags into images', () => {
    renderRoom([makeMessage({ id: 6, text: 'hi -smile- and -nope- -onerror-' })]);
    const item = screen.getByTestId('message-6');
    const images = item.querySelectorAll('img');
    expect(images).toHaveLength(1);
    // Named in the interface's language, not by its tag.
    expect(images[0]?.getAttribute('alt')).toBe(i18n.t('common:smileys.smile'));
    expect(images[0]?.getAttribute('alt')).not.toContain('-');
    expect(images[0]?.getAttribute('src')).toBe('/assets/static/smileys/smile.svg');
    expect(item.textContent).toContain('-nope- -onerror-');
  });

  it('highlights a message that mentions me, and only that one', () => {
    renderRoom([
      makeMessage({ id: 1, text: 'Me, hi', nicks: [{ nick: 'Me', user_id: VIEWER_ID }] }),
      makeMessage({ id: 2, text: 'hi all', user: makeMessageUser({ id: 2 }) }),
    ]);
    expect(screen.getByTestId('message-1').className).toContain('is-mention');
    expect(screen.getByTestId('message-2').className).not.toContain('is-mention');
  });

  it('shows reaction counts with mine pressed, and a click toggles mine', () => {
    const message = makeMessage({
      id: 3,
      reactions: [
        makeReaction('like', VIEWER_ID),
        makeReaction('like', 7),
        makeReaction('fire', 7),
      ],
    });
    const { actions } = renderRoom([message]);
    const like = screen.getByTestId('reaction-3-like');
    expect(like.textContent).toContain('2');
    expect(like.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('reaction-3-fire').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByTestId('reaction-3-fire'));
    expect(actions.toggleReaction).toHaveBeenCalledWith(message, 'fire');
  });

  it('picks a new reaction from the message menu', async () => {
    const message = makeMessage({ id: 4 });
    const { actions } = renderRoom([message]);
    fireEvent.click(screen.getByTestId('message-react-4'));
    fireEvent.click(await screen.findByTestId('pick-reaction-4-laugh'));
    expect(actions.toggleReaction).toHaveBeenCalledWith(message, 'laugh');
  });

  it('hides messages of guests until show_guests is on', () => {
    const guest = makeMessageUser({ id: 9, roles: ['guest'] });
    renderRoom([makeMessage({ id: 8, user: guest })]);
    expect(screen.queryByTestId('message-8')).toBeNull();
  });

  it('shows my pending messages greyed, and a failed one offers retry and discard', () => {
    const pending: PendingMessage[] = [
      {
        client_id: 'aaaaaaaa1',
        room_id: 1,
        text: 'queued one',
        mentions: [],
        state: 'queued',
        error: null,
        created_at: '',
      },
      {
        client_id: 'aaaaaaaa2',
        room_id: 1,
        text: 'broken',
        mentions: [],
        state: 'failed',
        error: null,
        created_at: '',
      },
    ];
    const { actions } = renderRoom([makeMessage()], { pending: { 1: pending } });
    expect(screen.getByTestId('pending-aaaaaaaa1').dataset.state).toBe('queued');
    const failed = screen.getByTestId('pending-aaaaaaaa2');
    fireEvent.click(within(failed).getByTestId('pending-retry-aaaaaaaa2'));
    expect(actions.retryMessage).toHaveBeenCalledWith('aaaaaaaa2');
    fireEvent.click(within(failed).getByTestId('pending-discard-aaaaaaaa2'));
    expect(actions.discardMessage).toHaveBeenCalledWith('aaaaaaaa2');
  });

  it('offers delete for everyone on my own message and asks before doing it', async () => {
    const mine = makeMessage({ id: 11, user: makeMessageUser({ id: VIEWER_ID }) });
    const { actions } = renderRoom([mine]);
    fireEvent.click(screen.getByTestId('message-more-11'));
    fireEvent.click(await screen.findByTestId('message-delete-all-11'));
    fireEvent.click(await screen.findByTestId('delete-everyone-confirm'));
    expect(actions.deleteForEveryone).toHaveBeenCalledWith(mine);
  });

  it('gives no delete on someone else’s message to an ordinary user', () => {
    renderRoom([makeMessage({ id: 12, user: makeMessageUser({ id: 2 }) })]);
    // A guest-free, non-moderator viewer may still quote, so the menu is there without deletes.
    fireEvent.click(screen.getByTestId('message-more-12'));
    expect(screen.queryByTestId('message-delete-all-12')).toBeNull();
    expect(screen.queryByTestId('message-delete-me-12')).toBeNull();
  });
});
