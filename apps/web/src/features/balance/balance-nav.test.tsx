import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { signInWith, fakeServer } from '../../test/complaints-kit';
import { renderAt } from '../../test/profiles-render-kit';
import { createDispatcher, type DispatchTargets } from '../realtime/dispatcher';
import { useSessionStore } from '../session/store';
import { useToastsStore } from '../toasts/store';
import { createBalanceEvents } from './balance-events';
import { BalanceNav } from './components/balance-nav';
import { HOUR, makeEntry, walletAnswer } from '../../test/balance-kit';

const toasts = () => useToastsStore.getState().toasts.map((t) => t.text);

function open(locale = 'en') {
  return renderAt(`/${locale}`, [{ path: '/:locale', element: <BalanceNav /> }]);
}

/** The realtime dispatcher with only the balance wired: what the socket would call. */
function dispatcherFor(client: Parameters<typeof createBalanceEvents>[0]) {
  const balance = createBalanceEvents(client);
  const known: Partial<DispatchTargets> = { balance: () => balance };
  const targets = new Proxy(known, {
    get: (target, name: keyof DispatchTargets) =>
      target[name] ??
      (() => {
        throw new Error(`unexpected store ${String(name)}`);
      }),
  }) as DispatchTargets;
  return createDispatcher(targets);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  useToastsStore.setState({ toasts: [] });
  signInWith([]);
});

describe('the navbar wallet', () => {
  it('is not there for visitors or guests', () => {
    fakeServer({});
    useSessionStore.setState({ userData: null });
    const { unmount } = open();
    expect(screen.queryByTestId('nav-balance')).toBeNull();
    unmount();
    signInWith([], ['guest']);
    open();
    expect(screen.queryByTestId('nav-balance')).toBeNull();
  });

  it('shows the total abbreviated, and follows BalanceUpdated live', async () => {
    useSessionStore.setState({ balance: 40, bonus: 10 });
    fakeServer({
      'GET /api/wallet': { body: walletAnswer(12_000, 500, { daily_bonus_available: false }) },
    });
    const { client } = open();
    // Init's totals first, then the wallet's answer.
    await waitFor(() => expect(screen.getByTestId('nav-balance-total').textContent).toBe('12.5k'));
    expect(screen.getByTestId('nav-balance').textContent).toContain('Balance: 12,500\u00a0coins');
    expect(screen.getByTestId('nav-balance').getAttribute('href')).toBe('/en/balance/topup');
    expect(screen.queryByTestId('nav-daily-bonus')).toBeNull();

    const dispatcher = dispatcherFor(client);
    act(() => {
      expect(
        dispatcher.server('private-user.100', 'BalanceUpdated', {
          balance: 12_300,
          bonus: 500,
          total: 12_800,
        }),
      ).toBe(true);
    });
    expect(screen.getByTestId('nav-balance-total').textContent).toBe('12.8k');
    expect(useSessionStore.getState()).toMatchObject({ balance: 12_300, bonus: 500 });
  });

  it('claims the daily bonus: a toast with the amount and when the next one opens', async () => {
    const nextAt = new Date(Date.now() + 5 * HOUR).toISOString();
    const server = fakeServer({
      'GET /api/wallet': { body: walletAnswer(0, 0) },
      'POST /api/bonus/daily': {
        body: {
          entry: makeEntry(9, {
            amount: 10,
            part: 'bonus',
            reason: 'daily-bonus',
            bonus_after: 10,
          }),
          wallet: { balance: 0, bonus: 10, total: 10 },
          next_at: nextAt,
        },
      },
    });
    open();
    fireEvent.click(await screen.findByTestId('nav-daily-bonus'));
    await waitFor(() =>
      expect(toasts()).toEqual(['Daily bonus: +10\u00a0coins. The next bonus opens in 5 hours.']),
    );
    expect(server.of('POST', '/api/bonus/daily')).toHaveLength(1);
    expect(screen.getByTestId('nav-balance-total').textContent).toBe('10');
    expect(screen.queryByTestId('nav-daily-bonus')).toBeNull();
  });

  it('says when the next one opens after a 429 (another tab was first), in Russian', async () => {
    await i18n.changeLanguage('ru');
    const nextAt = new Date(Date.now() + 3 * HOUR).toISOString();
    let claimed = false;
    fakeServer({
      'GET /api/wallet': () => ({
        body: walletAnswer(0, 10, {
          daily_bonus_available: !claimed,
          daily_bonus_next_at: claimed ? nextAt : null,
        }),
      }),
      'POST /api/bonus/daily': () => {
        claimed = true;
        return { status: 429, body: { message: 'Too many', code: 'too_many_requests' } };
      },
    });
    open('ru');
    fireEvent.click(await screen.findByTestId('nav-daily-bonus'));
    await waitFor(() =>
      expect(toasts()).toEqual(['Сегодняшний бонус уже получен. Следующий бонус — через 3 часа.']),
    );
    await waitFor(() => expect(screen.queryByTestId('nav-daily-bonus')).toBeNull());
  });
});
