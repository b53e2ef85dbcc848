import { render, screen, within, fireEvent, act } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { signInAs } from '../../../test/chat-kit';
import { flushPromises } from '../../../test/chat-store-kit';
import {
  makeImChannel,
  makeImHarness,
  makeImMessage,
  makeImUser,
  ME,
  type ImHarness,
} from '../../../test/im-kit';
import { ImProvider } from './im-context';
import { Messenger } from './messenger';

function renderMessenger(h: ImHarness, channelId: number | null, single = false) {
  void i18n.changeLanguage('en');
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/en/im']}>
        <ImProvider store={h.store}>
          <Messenger channelId={channelId} onSelect={() => undefined} single={single} />
        </ImProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

beforeEach(() => {
  signInAs({ id: ME });
});

describe('messenger', () => {
  it('lists conversations newest first with preview, unread count and my ticks', async () => {
    const h = makeImHarness();
    h.api.channels.mockResolvedValue({
      data: [
        makeImChannel({
          id: 1,
          user: makeImUser(201, 'Alice'),
          updated_at: '2024-05-01T10:00:00.000Z',
          last_message: makeImMessage({
            id: 3,
            channel_id: 1,
            user: makeImUser(ME),
            text: 'see you',
            read_at: 'x',
          }),
        }),
        makeImChannel({
          id: 2,
          user: makeImUser(202, 'Bob'),
          updated_at: '2024-05-01T11:00:00.000Z',
          new_messages: 4,
          last_message: makeImMessage({
            id: 4,
            channel_id: 2,
            user: makeImUser(202),
            text: 'ping',
          }),
        }),
      ],
      hasMore: false,
    });
    renderMessenger(h, null);
    await act(flushPromises);
    const items = within(screen.getByTestId('im-channels')).getAllByRole('button');
    expect(items.map((i) => i.dataset.testid)).toEqual(['im-channel-202', 'im-channel-201']);
    expect(within(items[0]!).getByTestId('im-channel-unread').textContent).toContain('4');
    expect(items[1]!.textContent).toContain('You: see you');
    expect(within(items[1]!).getByTestId('im-read')).toBeTruthy();
  });

  it('loads the next page of conversations from the button at the end of the list', async () => {
    const h = makeImHarness();
    h.api.channels.mockResolvedValueOnce({
      data: [
        makeImChannel({ id: 1, user: makeImUser(201), updated_at: '2024-05-01T11:00:00.000Z' }),
      ],
      hasMore: true,
    });
    renderMessenger(h, null);
    await act(flushPromises);
    h.api.channels.mockResolvedValueOnce({
      data: [
        makeImChannel({ id: 2, user: makeImUser(202), updated_at: '2024-05-01T10:00:00.000Z' }),
      ],
      hasMore: false,
    });
    const more = screen.getByTestId('im-channels-more');
    expect(more.textContent).toBe('Show earlier conversations');
    fireEvent.click(more);
    expect(more.getAttribute('aria-busy')).toBe('true');
    await act(flushPromises);
    expect(h.api.channels).toHaveBeenLastCalledWith(2);
    const items = within(screen.getByTestId('im-channels')).getAllByRole('button');
    expect(items.map((i) => i.dataset.testid)).toEqual(['im-channel-201', 'im-channel-202']);
    expect(screen.queryByTestId('im-channels-more')).toBeNull();
  });

  it('shows text as text, deleted messages as a note, and Restore only to the author', async () => {
    const h = makeImHarness();
    h.api.messages.mockResolvedValueOnce({
      data: [
        makeImMessage({ id: 1, text: '<script>alert(1)</script><b>bold</b>' }),
        makeImMessage({ id: 2, deleted: 1, text: '' }),
        makeImMessage({ id: 3, deleted: 1, text: '', user: makeImUser(ME) }),
        makeImMessage({ id: 4, text: 'mine', user: makeImUser(ME) }),
      ],
      hasMore: false,
    });
    const { container } = renderMessenger(h, 1);
    await act(flushPromises);
    const texts = screen.getAllByTestId('im-message-text').map((t) => t.textContent);
    expect(texts).toEqual(['<script>alert(1)</script><b>bold</b>', 'mine']);
    expect(container.querySelector('.im-messages script, .im-messages b')).toBeNull();
    expect(screen.getAllByTestId('im-message-deleted')).toHaveLength(2);
    const restore = screen.getAllByTestId('im-restore');
    expect(restore).toHaveLength(1);
    fireEvent.click(restore[0]!);
    await act(flushPromises);
    expect(h.api.restore).toHaveBeenCalledWith(3);
  });

  it('sends with Enter, keeps Shift+Enter as a new line, and counts characters', async () => {
    const h = makeImHarness();
    h.api.send.mockReturnValue(new Promise(() => undefined));
    renderMessenger(h, 1);
    await act(flushPromises);
    const box = screen.getByTestId('im-composer');
    fireEvent.change(box, { target: { value: 'line one' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(h.api.send).not.toHaveBeenCalled();
    expect(Number(screen.getByTestId('composer-counter').dataset.remaining)).toBeGreaterThan(0);
    fireEvent.keyDown(box, { key: 'Enter' });
    await act(flushPromises);
    expect(h.api.send).toHaveBeenCalledWith(1, expect.objectContaining({ text: 'line one' }));
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByTestId('im-pending').dataset.state).toBe('sending');
  });

  it('says why one cannot write, without a message box', async () => {
    const h = makeImHarness();
    h.store.getState().channelStored(makeImChannel({ id: 1, blocked: 'ignored' }));
    renderMessenger(h, 1);
    await act(flushPromises);
    expect(screen.getByTestId('im-blocked').textContent).toMatch(/ignores/);
    expect(screen.queryByTestId('im-composer')).toBeNull();
  });

  it('shows a conversation that is not mine as not found, with a way back on phones', async () => {
    const h = makeImHarness();
    const { ApiError } = await import('../../../lib/api-error');
    h.api.messages.mockRejectedValueOnce(new ApiError(404, 'Not found'));
    renderMessenger(h, 9, true);
    await act(flushPromises);
    expect(screen.getByTestId('im-not-found')).toBeTruthy();
    expect(screen.getByTestId('im-back')).toBeTruthy();
    expect(screen.queryByTestId('im-list')).toBeNull();
  });
});
