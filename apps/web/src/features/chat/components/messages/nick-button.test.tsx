import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  makeMessageUser,
  makeNick,
  makeRoomDetail,
  makeRoomUser,
} from '../../../../../../../packages/shared/src/test/chat-fixtures';
import { makeChatStore, renderChat, signInAs, VIEWER_ID } from '../../../../test/chat-kit';
import { useComposerStore } from '../../hooks/composer-store';
import { CHAT_PERSON_SLOTS } from '../../../../pages/chat/person-slots';
import { PersonSlotsProvider } from '../users/person-slots';
import { NickButton } from './nick-button';

const anna = makeMessageUser({ id: 3, nick: makeNick('Anna') });

function renderNick(user = anna, locale: 'en' | 'ru' = 'en') {
  const kit = makeChatStore({
    rooms: {
      rooms: [
        makeRoomDetail({
          id: 1,
          users: [
            makeRoomUser({ id: 3, nick: 'Anna' }),
            makeRoomUser({ id: VIEWER_ID, nick: 'Me' }),
          ],
        }),
      ],
      available: [],
      currentRoomId: 1,
    },
  });
  // The sanction dialog asks the server for the person's record (left pending here).
  const queries = new QueryClient({
    defaultOptions: { queries: { retry: false, enabled: false } },
  });
  renderChat(
    <QueryClientProvider client={queries}>
      <PersonSlotsProvider value={CHAT_PERSON_SLOTS}>
        <NickButton user={user} roomId={1} className="chat-message-nick" />
      </PersonSlotsProvider>
    </QueryClientProvider>,
    {
      store: kit.store,
      locale,
    },
  );
  return kit;
}

function openCard(nick = 'Anna') {
  fireEvent.click(screen.getByRole('button', { name: nick }));
  return screen.getByTestId('nick-card');
}

afterEach(() => useComposerStore.setState({ drafts: {} }));

describe('the nick card', () => {
  it("opens on a click as a dialog with the author's avatar, nick, profile and actions", () => {
    signInAs();
    renderNick();
    const button = screen.getByRole('button', { name: 'Anna' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const card = openCard();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(card.getAttribute('role')).toBe('dialog');
    expect(card.getAttribute('aria-label')).toBe('About Anna');
    const link = within(card).getByRole('link', { name: 'Open profile' });
    expect(link.getAttribute('href')).toBe('/en/profile/user-3');
    const actions = within(card).getByTestId('nick-card-actions');
    expect(within(actions).getByRole('button', { name: 'Mention' })).toBeTruthy();
    expect(
      within(actions)
        .getByRole('button', { name: /Write a private message/ })
        .getAttribute('aria-disabled'),
    ).toBeNull();
    expect(within(actions).getByRole('button', { name: 'Ignore' })).toBeTruthy();
    // An ordinary user may not sanction.
    expect(within(card).queryByTestId('nick-card-sanction')).toBeNull();
  });

  it('mentions the author in the room box and closes', async () => {
    signInAs();
    renderNick();
    fireEvent.click(within(openCard()).getByTestId('nick-card-mention'));
    expect(useComposerStore.getState().drafts[1]).toEqual({
      text: 'Anna, ',
      mentions: [{ userId: 3, nick: 'Anna' }],
    });
    await waitFor(() => expect(screen.queryByTestId('nick-card')).toBeNull());
  });

  it('ignores the author through the chat actions', () => {
    signInAs();
    const { actions } = renderNick();
    fireEvent.click(within(openCard()).getByTestId('nick-card-ignore'));
    expect(actions.toggleIgnore).toHaveBeenCalledWith(3);
  });

  it('offers sanctions to those whose permissions allow them, and opens the sanction dialog', async () => {
    signInAs({ roles: ['moderator'] });
    renderNick();
    const sanction = within(openCard()).getByTestId('nick-card-sanction');
    expect(sanction.textContent).toMatch(/^Moderate\W+Anna$/);
    fireEvent.click(sanction);
    expect(screen.getByTestId('sanction-dialog')).toBeTruthy();
    // The card made way for the dialog.
    await waitFor(() => expect(screen.queryByTestId('nick-card')).toBeNull());
  });

  it('gives a guest what a guest may do: the private message disabled with its reason', () => {
    signInAs({ roles: ['guest'] });
    renderNick(anna, 'ru');
    const card = openCard();
    const write = within(card).getByTestId('user-write-private');
    expect(write.getAttribute('aria-disabled')).toBe('true');
    expect(write.textContent).toContain('Написать личное сообщение');
    expect(write.textContent).toContain(
      'Это действие доступно только зарегистрированным пользователям.',
    );
    expect(within(card).getByTestId('nick-card-mention')).toBeTruthy();
    expect(within(card).getByTestId('nick-card-ignore')).toBeTruthy();
    expect(within(card).queryByTestId('nick-card-sanction')).toBeNull();
  });

  it('offers nothing but the profile about oneself', () => {
    signInAs();
    renderNick(makeMessageUser({ id: VIEWER_ID, nick: makeNick('Me') }));
    const card = openCard('Me');
    expect(within(card).getByRole('link', { name: 'Open profile' })).toBeTruthy();
    expect(within(card).queryByTestId('nick-card-actions')).toBeNull();
  });
});
