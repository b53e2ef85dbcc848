import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  makeRoomDetail,
  makeRoomUser,
} from '../../../../../../../packages/shared/src/test/chat-fixtures';
import { makeChatStore, renderChat, signInAs, VIEWER_ID } from '../../../../test/chat-kit';
import { useComposerStore } from '../../hooks/composer-store';
import { Composer } from './composer';

/** An option's nick as shown (its letter avatar aside). */
const nickOf = (option: HTMLElement) => option.querySelector('.chat-mention-nick')?.textContent;

const USERS = [
  makeRoomUser({ id: VIEWER_ID, nick: 'Annie Me' }),
  makeRoomUser({ id: 5, nick: 'Ann Marie' }),
  makeRoomUser({ id: 6, nick: 'Annabel' }),
  makeRoomUser({ id: 7, nick: 'Bob' }),
  // Hidden from the user list (show_guests is off), so not offered either.
  makeRoomUser({ id: 8, nick: 'Anna Guest', roles: ['guest'] }),
];

function setup() {
  const kit = makeChatStore({
    rooms: {
      rooms: [makeRoomDetail({ id: 1, users: USERS })],
      available: [],
      currentRoomId: 1,
    },
  });
  renderChat(<Composer roomId={1} roomName="Room 1" />, { store: kit.store });
  const input = screen.getByTestId<HTMLTextAreaElement>('composer');
  act(() => input.focus());
  // Typing as a browser does it: the value changes and the caret moves to its end.
  const type = (text: string) => {
    fireEvent.change(input, { target: { value: text } });
    input.setSelectionRange(text.length, text.length);
    fireEvent.select(input);
  };
  const options = () =>
    within(screen.getByRole('listbox', { name: 'People in the room' }))
      .getAllByRole('option')
      .map(nickOf);
  const active = () => {
    const id = input.getAttribute('aria-activedescendant');
    const option = id ? document.getElementById(id) : null;
    return option ? nickOf(option) : undefined;
  };
  return { ...kit, input, type, options, active };
}

beforeEach(() => {
  signInAs();
});
afterEach(() => useComposerStore.setState({ drafts: {} }));

describe('the @ list', () => {
  it('offers the people of the room the viewer sees, not the viewer, narrowed as they type', () => {
    const { type, options, input } = setup();
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    type('Hi @');
    expect(options()).toEqual(['Ann Marie', 'Annabel', 'Bob']);
    expect(input.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    type('Hi @ann');
    expect(options()).toEqual(['Ann Marie', 'Annabel']);
    type('Hi @mar');
    expect(options()).toEqual(['Ann Marie']);
    type('Hi @zed');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-controls')).toBeNull();
    // An address, not a mention.
    type('mail@an');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('moves with the arrows and picks with Enter instead of sending; the pick is a mention', () => {
    const { type, input, active, actions } = setup();
    type('Hi @an');
    expect(active()).toBe('Ann Marie');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(active()).toBe('Annabel');
    expect(screen.getByRole('option', { name: 'Annabel' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(active()).toBe('Ann Marie');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(active()).toBe('Annabel');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(actions.sendMessage).not.toHaveBeenCalled();
    expect(input.value).toBe('Hi @Ann Marie ');
    expect(screen.queryByRole('listbox')).toBeNull();
    type('Hi @Ann Marie welcome');
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(actions.sendMessage).toHaveBeenCalledWith(1, 'Hi @Ann Marie welcome', [5]);
  });

  it('picks with Tab, and with a click or tap', () => {
    const { type, input } = setup();
    type('@b');
    fireEvent.keyDown(input, { key: 'Tab' });
    expect(input.value).toBe('@Bob ');
    type('@Bob and @annab');
    fireEvent.click(screen.getByRole('option', { name: 'Annabel' }));
    expect(input.value).toBe('@Bob and @Annabel ');
  });

  it('closes on Escape, keeping the text, and opens again for the next @', () => {
    const { type, input } = setup();
    type('@an');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.value).toBe('@an');
    type('@ann');
    expect(screen.queryByRole('listbox')).toBeNull();
    type('@ann @');
    expect(screen.getByRole('listbox')).toBeTruthy();
    // With the list closed, Enter sends as always.
    type('');
    fireEvent.keyDown(input, { key: 'Escape' });
  });

  it('follows the user list: guests shown once the viewer shows them', () => {
    const kit = makeChatStore({
      rooms: {
        rooms: [makeRoomDetail({ id: 1, users: USERS })],
        available: [],
        currentRoomId: 1,
      },
    });
    kit.store.setState({ settings: { ...kit.store.getState().settings, show_guests: true } });
    renderChat(<Composer roomId={1} roomName="Room 1" />, { store: kit.store });
    const input = screen.getByTestId<HTMLTextAreaElement>('composer');
    act(() => input.focus());
    fireEvent.change(input, { target: { value: '@anna' } });
    input.setSelectionRange(5, 5);
    fireEvent.select(input);
    expect(screen.getAllByRole('option').map(nickOf)).toEqual(['Annabel', 'Anna Guest']);
  });
});
