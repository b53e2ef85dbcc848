import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CHAT_SETTINGS } from '@chat/shared';
import {
  makeRoomDetail,
  makeRoomUser,
} from '../../../../../../../packages/shared/src/test/chat-fixtures';
import { makeChatStore, renderChat, signInAs, VIEWER_ID } from '../../../../test/chat-kit';
import { fakeServer } from '../../../../test/complaints-kit';
import { makeGift } from '../../../../test/premium-kit';
import { UserList } from './user-list';

const users = [
  makeRoomUser({ id: VIEWER_ID, nick: 'Me' }),
  makeRoomUser({ id: 1, nick: 'Anna', premium: true }),
  makeRoomUser({ id: 2, nick: 'Boris' }),
  makeRoomUser({ id: 5, nick: 'Guesty', roles: ['guest'] }),
];

function setup() {
  const kit = makeChatStore({
    rooms: { rooms: [makeRoomDetail({ id: 1, users })], available: [], currentRoomId: 1 },
    settings: { ...DEFAULT_CHAT_SETTINGS, show_guests: true },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderChat(
    <QueryClientProvider client={client}>
      <UserList roomId={1} />
    </QueryClientProvider>,
    { store: kit.store },
  );
}

beforeEach(() => {
  signInAs();
});

describe('the user list and premium and gifts', () => {
  it('crowns premium users only', () => {
    setup();
    expect(within(screen.getByTestId('room-user-1')).getByTestId('premium-mark')).toBeTruthy();
    expect(within(screen.getByTestId('room-user-2')).queryByTestId('premium-mark')).toBeNull();
  });

  it("opens the gift dialog from someone's menu; none for me or for a guest", async () => {
    fakeServer({ 'GET /api/gifts': { body: [makeGift(1)] } });
    setup();
    fireEvent.click(screen.getByRole('button', { name: /^Actions: Me\b/ }));
    expect(
      within(screen.getByTestId(`room-user-${VIEWER_ID}`)).queryByTestId('user-gift'),
    ).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Actions: Guesty\b/ }));
    expect(within(screen.getByTestId('room-user-5')).queryByTestId('user-gift')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Actions: Boris\b/ }));
    fireEvent.click(await screen.findByTestId('user-gift'));
    const dialog = await screen.findByTestId('gift-dialog');
    expect(within(dialog).getByText('A gift for Boris')).toBeTruthy();
    expect(await within(dialog).findByTestId('gift-1')).toBeTruthy();
  });
});
