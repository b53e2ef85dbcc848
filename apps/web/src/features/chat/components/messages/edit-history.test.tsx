import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MessageEdit } from '@chat/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  makeMessage,
  makeRoomDetail,
} from '../../../../../../../packages/shared/src/test/chat-fixtures';
import { makeChatStore, renderChat, signInAs } from '../../../../test/chat-kit';
import { ApiError } from '../../../../lib/api-error';
import { MessageList } from './message-list';

const EDITED = makeMessage({
  id: 5,
  text: 'third and last',
  created_at: '2024-05-01T12:00:00.000Z',
  edited_at: '2024-05-01T12:03:00.000Z',
});

const HISTORY: MessageEdit[] = [
  {
    text: 'first',
    written_at: '2024-05-01T12:00:00.000Z',
    replaced_at: '2024-05-01T12:01:00.000Z',
  },
  {
    text: 'second',
    written_at: '2024-05-01T12:01:00.000Z',
    replaced_at: '2024-05-01T12:03:00.000Z',
  },
];

function renderRoom(messages: ReturnType<typeof makeMessage>[], locale: 'en' | 'ru' = 'en') {
  const room = makeRoomDetail({ id: 1, messages });
  const kit = makeChatStore({ rooms: { rooms: [room], available: [], currentRoomId: 1 } });
  renderChat(<MessageList roomId={1} roomName="Room 1" />, { store: kit.store, locale });
  return kit;
}

async function openMenu(id: number) {
  fireEvent.click(screen.getByTestId(`message-more-${id}`));
  await waitFor(() => expect(document.querySelector('.chat-menu.show')).not.toBeNull());
}

describe('the "Edit history" item of a message', () => {
  it('shows for an edited message to a viewer with message.edits', async () => {
    signInAs({ roles: ['moderator'] });
    renderRoom([EDITED]);
    await openMenu(5);
    expect(screen.getByTestId('message-edits-5').textContent).toBe('Edit history');
  });

  it('reads «История правок» in Russian', async () => {
    signInAs({ roles: ['moderator'] });
    renderRoom([EDITED], 'ru');
    await openMenu(5);
    expect(screen.getByTestId('message-edits-5').textContent).toBe('История правок');
  });

  it('is not there for a message never edited', async () => {
    signInAs({ roles: ['moderator'] });
    renderRoom([makeMessage({ id: 6 })]);
    await openMenu(6);
    expect(screen.queryByTestId('message-edits-6')).toBeNull();
  });

  it('is not there for a viewer without message.edits', async () => {
    signInAs({ roles: ['user'] });
    renderRoom([EDITED]);
    await openMenu(5);
    expect(screen.queryByTestId('message-edits-5')).toBeNull();
  });
});

describe('the edit history dialog', () => {
  beforeEach(() => {
    signInAs({ roles: ['moderator'] });
  });

  async function openHistory(kit: ReturnType<typeof makeChatStore>, history: MessageEdit[]) {
    kit.actions.messageEdits.mockResolvedValue(history);
    await openMenu(5);
    fireEvent.click(screen.getByTestId('message-edits-5'));
    return screen.findByTestId('edit-history-list');
  }

  it('lists the earlier texts, the first first, then the current one', async () => {
    const kit = renderRoom([EDITED]);
    const list = await openHistory(kit, HISTORY);
    expect(kit.actions.messageEdits).toHaveBeenCalledWith(expect.objectContaining({ id: 5 }));
    expect(screen.getByRole('dialog', { name: 'Edit history' })).toBeTruthy();
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('bdi')?.textContent)).toEqual([
      'first',
      'second',
      'third and last',
    ]);
    expect(rows[0]?.textContent).toMatch(/^Written .+ at \d\d:\d\d, replaced at \d\d:\d\d/);
    expect(rows[2]?.textContent).toMatch(/^Current text, edited .+ at \d\d:\d\d/);
  });

  it('keeps a hostile earlier text as text', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const kit = renderRoom([EDITED]);
    const list = await openHistory(kit, [
      { text: hostile, written_at: EDITED.created_at, replaced_at: EDITED.edited_at ?? '' },
    ]);
    const earlier = within(list).getByTestId('edit-history-earlier');
    expect(earlier.querySelector('bdi')?.textContent).toBe(hostile);
    expect(list.querySelector('img')).toBeNull();
  });

  it("shows the failure's own message from the envelope", async () => {
    const kit = renderRoom([EDITED]);
    kit.actions.messageEdits.mockRejectedValue(
      new ApiError(403, 'You may not read earlier texts.', 'forbidden'),
    );
    await openMenu(5);
    fireEvent.click(screen.getByTestId('message-edits-5'));
    const error = await screen.findByTestId('edit-history-error');
    expect(error.textContent).toContain('You may not read earlier texts.');
  });

  it('closes with Escape and gives the focus back to the menu button', async () => {
    const kit = renderRoom([EDITED]);
    await openHistory(kit, HISTORY);
    const dialog = screen.getByRole('dialog');
    act(() => {
      fireEvent.keyDown(dialog, { key: 'Escape', keyCode: 27 });
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('message-more-5')));
  });
});
