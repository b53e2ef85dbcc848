import { GUEST_MESSAGE_MAX_LENGTH, MESSAGE_MAX_LENGTH } from '@chat/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeRoomDetail } from '../../../../../../../packages/shared/src/test/chat-fixtures';
import { makeChatStore, renderChat, signInAs } from '../../../../test/chat-kit';
import { useComposerStore } from '../../hooks/composer-store';
import { Composer } from './composer';

function setup() {
  const kit = makeChatStore({
    rooms: { rooms: [makeRoomDetail({ id: 1 })], available: [], currentRoomId: 1 },
  });
  renderChat(<Composer roomId={1} roomName="Room 1" />, { store: kit.store });
  const input = screen.getByTestId<HTMLTextAreaElement>('composer');
  const type = (text: string) => fireEvent.change(input, { target: { value: text } });
  return { ...kit, input, type };
}

beforeEach(() => {
  signInAs();
});
afterEach(() => useComposerStore.setState({ drafts: {} }));

describe('Composer', () => {
  it('sends on Enter, trims the text and empties the box', () => {
    const { actions, input, type } = setup();
    type('  hello there ');
    expect(actions.notifyTyping).toHaveBeenCalledWith(1);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(actions.sendMessage).toHaveBeenCalledWith(1, 'hello there', []);
    expect(input.value).toBe('');
  });

  it('starts a new line on Shift+Enter instead of sending', () => {
    const { actions, input, type } = setup();
    type('first line');
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    type('first line\nsecond');
    expect(actions.sendMessage).not.toHaveBeenCalled();
    expect(input.value).toBe('first line\nsecond');
    fireEvent.click(screen.getByTestId('send'));
    expect(actions.sendMessage).toHaveBeenCalledWith(1, 'first line\nsecond', []);
  });

  it('sends nothing blank', () => {
    const { actions, input, type } = setup();
    type('   ');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(actions.sendMessage).not.toHaveBeenCalled();
    expect(screen.getByTestId<HTMLButtonElement>('send').disabled).toBe(true);
  });

  it('counts the characters left and blocks sending over the limit', () => {
    const { actions, input, type } = setup();
    const counter = screen.getByTestId('composer-counter');
    expect(counter.dataset.remaining).toBe(String(MESSAGE_MAX_LENGTH));
    type('😀ab');
    // Code points, as the server counts: the emoji is one character.
    expect(counter.dataset.remaining).toBe(String(MESSAGE_MAX_LENGTH - 3));
    type('x'.repeat(MESSAGE_MAX_LENGTH + 2));
    expect(counter.dataset.remaining).toBe('-2');
    expect(counter.className).toContain('is-over');
    expect(screen.getByTestId<HTMLButtonElement>('send').disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(actions.sendMessage).not.toHaveBeenCalled();
  });

  it('gives guests the shorter limit', () => {
    signInAs({ roles: ['guest'] });
    setup();
    expect(screen.getByTestId('composer-counter').dataset.remaining).toBe(
      String(GUEST_MESSAGE_MAX_LENGTH),
    );
  });

  it('sends the ids of users mentioned by a click while their nick is still in the text', () => {
    const { actions, input } = setup();
    act(() => {
      useComposerStore.getState().mention(1, { userId: 5, nick: 'Anna' });
      useComposerStore.getState().mention(1, { userId: 6, nick: 'Bob' });
    });
    expect(input.value).toBe('Anna, Bob ');
    fireEvent.change(input, { target: { value: 'Anna, hi' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(actions.sendMessage).toHaveBeenCalledWith(1, 'Anna, hi', [5]);
  });

  it('keeps a draft per room', () => {
    const { type } = setup();
    type('draft for room 1');
    expect(useComposerStore.getState().drafts[1]?.text).toBe('draft for room 1');
    expect(useComposerStore.getState().drafts[2]).toBeUndefined();
  });

  it('puts a smiley tag from the picker into the text', async () => {
    const { input } = setup();
    fireEvent.click(screen.getByTestId('smiley-button'));
    fireEvent.click(await screen.findByTestId('smiley-tab-1'));
    fireEvent.click(await screen.findByTestId('smiley-smile'));
    expect(input.value).toBe('-smile-');
  });
});
