import type { NotificationWire } from '@chat/shared';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { signInAs } from '../../test/chat-kit';
import { NotificationsProvider } from '../notifications/components/store-context';
import { makeNotification, makeNotificationsHarness, NOW } from '../../test/notifications-kit';
import { useSessionStore } from '../session/store';
import { NotificationBell } from './notification-bell';

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderBell(items: NotificationWire[], unread: number, locale: 'en' | 'ru' = 'en') {
  const h = makeNotificationsHarness();
  h.store.getState().hydrate(100, items, unread);
  // Opening the dropdown reads the first page again: the server says the same.
  h.api.page.mockResolvedValue({ data: items, hasMore: false, unread });
  void i18n.changeLanguage(locale);
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[`/${locale}`]}>
        <NotificationsProvider store={h.store}>
          <Routes>
            <Route
              path="/:locale/*"
              element={
                <>
                  <NotificationBell />
                  <Where />
                </>
              }
            />
          </Routes>
        </NotificationsProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return h;
}

const user = (id: number, nick: string) => ({ id, slug: `s${id}`, nick: { nick } });

async function openBell() {
  await act(async () => {
    fireEvent.click(screen.getByTestId('bell'));
  });
  return screen.getByTestId('bell-menu');
}

const texts = () => screen.getAllByTestId('notification-open').map((b) => b.textContent);

beforeEach(() => {
  signInAs({ id: 100 });
});

describe('notification bell', () => {
  it('is not there for guests or visitors', () => {
    signInAs({ id: 100, roles: ['guest'] });
    renderBell([makeNotification(1)], 1);
    expect(screen.queryByTestId('bell')).toBeNull();
    act(() => useSessionStore.setState({ userData: null }));
    expect(screen.queryByTestId('bell')).toBeNull();
  });

  it('shows the unread count, abbreviated when big, and none at 0', () => {
    const h = renderBell([], 1534);
    expect(screen.getByTestId('bell-count').textContent).toContain('1.5k');
    expect(screen.getByTestId('bell').getAttribute('aria-label')).toContain(
      '1534 unread notifications',
    );
    act(() => h.store.getState().countUpdated({ unread: 0 }));
    expect(screen.queryByTestId('bell-count')).toBeNull();
  });

  it('renders each kind in its words, unread ones highlighted', async () => {
    renderBell(
      [
        makeNotification(9, { data: { type: 'friend_request', user: user(2, 'Bob') } }),
        makeNotification(8, { data: { type: 'friend_accepted', user: user(3, 'Ann') } }),
        makeNotification(7, { data: { type: 'partner_request', user: user(4, 'Kim') } }),
        makeNotification(10, { data: { type: 'partner_confirmed', user: user(4, 'Kim') } }),
        makeNotification(6, {
          data: {
            type: 'mention',
            user: user(5, 'Cy'),
            room: { id: 3, name: { ru: 'Холл', en: 'Lobby' } },
          },
        }),
        makeNotification(5, {
          data: { type: 'new_device', name: 'Chrome on Windows', ip: '10.0.0.1' },
          read_at: NOW,
        }),
        makeNotification(4, { kind: 'bonus-every-day', data: { amount: 25 } }),
        makeNotification(3, { kind: 'gift', data: { user: user(6, 'Zoe'), gift: 'Rose' } }),
        makeNotification(2, { kind: 'gift-coins', data: { user: user(6, 'Zoe'), amount: 1 } }),
      ],
      8,
    );
    const menu = await openBell();
    expect(texts()).toEqual([
      'Kim confirmed you as their partner',
      'Bob wants to be your friend',
      'Ann accepted your friend request',
      'Kim named you as their partner',
      'Cy mentioned you in the room “Lobby”',
      'New sign-in: Chrome on Windows, 10.0.0.1',
      'Daily bonus: 25 coins',
      'Zoe sent you a gift: Rose',
      // The ninth waits in the full list: the dropdown shows the newest eight.
    ]);
    const rows = within(menu).getAllByTestId('notification');
    expect(rows.map((r) => r.dataset.unread)).toEqual([
      'true',
      'true',
      'true',
      'true',
      'true',
      'false',
      'true',
      'true',
    ]);
    expect(rows[0]?.className).toContain('is-unread');
    const confirm = within(menu).getByRole('link', { name: 'Confirm in my profile' });
    expect(confirm.getAttribute('href')).toBe('/en/my/profile');
    expect(within(menu).getByTestId('bell-all').getAttribute('href')).toBe('/en/my/notifications');
  });

  it('renders later and unknown kinds generically, in Russian with its plurals', async () => {
    renderBell(
      [
        makeNotification(4, { kind: 'gift-coins', data: { user: user(6, 'Zoe'), amount: 1 } }),
        makeNotification(3, { kind: 'invoice-has-paid', data: { amount: 22 } }),
        makeNotification(2, { kind: 'something-new', data: { text: 'Forum reply' } }),
        makeNotification(1, { kind: 'something-else', data: { whatever: { deep: 1 } } }),
      ],
      3,
      'ru',
    );
    await openBell();
    expect(texts()).toEqual([
      'Пользователь Zoe подарил вам 1 монету',
      'Счёт оплачен: 22 монеты',
      'Forum reply',
      'Новое уведомление',
    ]);
    expect(screen.getByTestId('bell').getAttribute('aria-label')).toContain(
      '3 непрочитанных уведомления',
    );
  });

  it('shows markup and scripts in the data as text', async () => {
    const hostile = '<img src=x onerror=alert(1)><b>Eve</b>';
    renderBell(
      [
        makeNotification(2, { data: { type: 'friend_request', user: user(2, hostile) } }),
        makeNotification(1, { kind: 'x', data: { text: '<script>alert(1)</script>' } }),
      ],
      2,
    );
    const menu = await openBell();
    expect(texts()).toEqual([`${hostile} wants to be your friend`, '<script>alert(1)</script>']);
    expect(menu.querySelector('img, b, script')).toBeNull();
  });

  it('marks one read on click and follows it: a mention opens the room', async () => {
    const h = renderBell(
      [
        makeNotification(2, {
          data: { type: 'mention', user: user(5, 'Cy'), room_id: 3, room_name: 'Lobby' },
        }),
      ],
      1,
    );
    h.api.read.mockResolvedValueOnce({
      notification: makeNotification(2, {
        read_at: NOW,
        data: { type: 'mention', user: user(5, 'Cy'), room_id: 3 },
      }),
      unread: 0,
    });
    await openBell();
    await act(async () => {
      fireEvent.click(screen.getByTestId('notification-open'));
    });
    expect(h.api.read).toHaveBeenCalledWith(2);
    // The room's own address: the chat page opens (or enters) it.
    expect(screen.getByTestId('where').textContent).toBe('/en/chat/3');
    expect(screen.queryByTestId('bell-count')).toBeNull();
    expect(screen.queryByTestId('bell-menu')?.classList.contains('show') ?? false).toBe(false);
  });

  it('marks all read from the dropdown', async () => {
    const h = renderBell([makeNotification(2), makeNotification(1)], 2);
    const menu = await openBell();
    expect(h.api.page).toHaveBeenCalledWith(1);
    await act(async () => {
      fireEvent.click(within(menu).getByTestId('bell-read-all'));
    });
    expect(h.api.readAll).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('bell-count')).toBeNull();
    expect(
      within(menu)
        .getAllByTestId('notification')
        .map((r) => r.dataset.unread),
    ).toEqual(['false', 'false']);
    expect(within(menu).getByTestId<HTMLButtonElement>('bell-read-all').disabled).toBe(true);
  });

  it('accepts a friend request from the dropdown', async () => {
    const h = renderBell(
      [makeNotification(5, { data: { type: 'friend_request', user: user(42, 'Bob') } })],
      1,
    );
    const menu = await openBell();
    await act(async () => {
      fireEvent.click(within(menu).getByTestId('friend-accept'));
    });
    expect(h.api.answerFriendRequest).toHaveBeenCalledWith(42, true);
    expect(within(menu).getByTestId('friend-answer').textContent).toBe('You are now friends');
    expect(within(menu).queryByTestId('friend-accept')).toBeNull();
    expect(screen.queryByTestId('bell-count')).toBeNull();
    // The dropdown stays open for the next one.
    expect(screen.getByTestId('bell-menu').classList.contains('show')).toBe(true);
  });

  it('offers no answer to a request from someone who is a friend already', async () => {
    const me = signInAs({ id: 100 });
    useSessionStore.setState({
      userData: { ...me, friends: [{ ...me.user, id: 42, slug: 's42' }] },
    });
    renderBell(
      [makeNotification(5, { data: { type: 'friend_request', user: user(42, 'Bob') } })],
      0,
    );
    const menu = await openBell();
    expect(within(menu).getByTestId('friend-answer').textContent).toBe('You are now friends');
    expect(within(menu).queryByTestId('friend-accept')).toBeNull();
  });
});
