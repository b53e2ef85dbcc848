import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { makeNotification, makeNotificationsHarness, NOW } from '../../../test/notifications-kit';
import { NotificationsList } from './notifications-list';
import { NotificationsProvider } from './store-context';

function renderList(prepare: (h: ReturnType<typeof makeNotificationsHarness>) => void) {
  const h = makeNotificationsHarness();
  h.store.getState().hydrate(100, [makeNotification(30)], 1);
  prepare(h);
  void i18n.changeLanguage('en');
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/en/my/notifications']}>
        <NotificationsProvider store={h.store}>
          <NotificationsList />
        </NotificationsProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return h;
}

const shown = () =>
  screen.getAllByTestId('notification').map((n) => Number(n.dataset.notificationId));

describe('full notifications list', () => {
  it('reads page after page with "show earlier", marks read on click and all at once', async () => {
    const list = renderList((h) =>
      h.api.page
        .mockResolvedValueOnce({
          data: [makeNotification(30), makeNotification(29, { kind: 'gift', data: {} })],
          hasMore: true,
          unread: 2,
        })
        .mockResolvedValueOnce({ data: [makeNotification(3)], hasMore: false, unread: 3 }),
    );
    await act(async () => undefined);
    expect(list.api.page).toHaveBeenCalledWith(1);
    expect(shown()).toEqual([30, 29]);
    await act(async () => {
      fireEvent.click(screen.getByTestId('notifications-load-more'));
    });
    expect(list.api.page).toHaveBeenLastCalledWith(2);
    expect(shown()).toEqual([30, 29, 3]);
    expect(screen.queryByTestId('notifications-load-more')).toBeNull();
    expect(screen.getByText('3 unread notifications')).toBeTruthy();

    list.api.read.mockResolvedValueOnce({
      notification: makeNotification(29, { kind: 'gift', data: {}, read_at: NOW }),
      unread: 2,
    });
    await act(async () => {
      fireEvent.click(screen.getAllByTestId('notification-open')[1]!);
    });
    expect(list.api.read).toHaveBeenCalledWith(29);
    expect(screen.getByText('2 unread notifications')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByTestId('notifications-list-read-all'));
    });
    expect(list.api.readAll).toHaveBeenCalledTimes(1);
    expect(screen.getAllByTestId('notification').every((n) => n.dataset.unread === 'false')).toBe(
      true,
    );
  });

  it('says when there is nothing, and offers a retry when the first page fails', async () => {
    const h = makeNotificationsHarness();
    h.store.getState().hydrate(100, [], 0);
    h.api.page.mockRejectedValueOnce(new Error('offline'));
    void i18n.changeLanguage('en');
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <NotificationsProvider store={h.store}>
            <NotificationsList />
          </NotificationsProvider>
        </MemoryRouter>
      </I18nextProvider>,
    );
    await act(async () => undefined);
    expect(screen.getByRole('alert').textContent).toContain('Could not load the notifications.');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    expect(screen.getByText('No notifications yet.')).toBeTruthy();
  });
});
