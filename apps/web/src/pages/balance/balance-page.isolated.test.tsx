import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeNick, makePublicUser } from '../../../../../packages/shared/src/test/chat-fixtures';
import { fakeServer, page, signInWith } from '../../test/complaints-kit';
import { HOUR, makeEntry, makeInvoice, walletAnswer } from '../../test/balance-kit';
import { renderAt } from '../../test/profiles-render-kit';
import { useSessionStore } from '../../features/session/store';
import { useToastsStore } from '../../features/toasts/store';
import { i18n } from '../../i18n/i18n';
import { BalancePage } from './balance-page';
import type * as LeaveForModule from '../../features/balance/leave-for';

const leaveFor = vi.hoisted(() => vi.fn((_url: string) => true));
vi.mock('../../features/balance/leave-for', async (original) => ({
  ...(await original<typeof LeaveForModule>()),
  leaveFor,
}));

const open = (path: string) =>
  renderAt(path, [{ path: '/:locale/balance/:tab?', element: <BalancePage /> }]);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  useToastsStore.setState({ toasts: [] });
  leaveFor.mockClear();
  signInWith([]);
  useSessionStore.setState({ balance: 0, bonus: 0 });
});

describe('the balance page', () => {
  it('opens the top-up tab by default and shows the totals apart', async () => {
    fakeServer({
      'GET /api/wallet': { body: walletAnswer(1200, 21, { daily_bonus_available: false }) },
    });
    open('/en/balance');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/en/balance/topup'));
    await waitFor(() =>
      expect(screen.getByTestId('balance-balance').textContent).toBe('1,200\u00a0coins'),
    );
    expect(screen.getByTestId('balance-bonus').textContent).toBe('21\u00a0coins');
    expect(screen.getByTestId('balance-total').textContent).toBe('1,221\u00a0coins');
    expect(screen.getByTestId('balance-tab-topup').className).toContain('active');
    expect(screen.getByTestId('balance-tab-history').getAttribute('href')).toBe(
      '/en/balance/history',
    );
  });

  it('tells a guest and a visitor that a wallet comes with an account', () => {
    fakeServer({});
    signInWith([], ['guest']);
    const { unmount } = open('/en/balance/history');
    expect(screen.getByTestId('balance-no-wallet').textContent).toContain('A guest has no balance');
    unmount();
    useSessionStore.setState({ userData: null });
    open('/en/balance/history');
    expect(screen.getByTestId('balance-no-wallet').textContent).toContain('Sign in');
  });

  it('claims the daily bonus here too, then shows when the next opens', async () => {
    const nextAt = new Date(Date.now() + 2 * HOUR).toISOString();
    fakeServer({
      'GET /api/wallet': { body: walletAnswer(0, 0) },
      'POST /api/bonus/daily': {
        body: {
          entry: makeEntry(1, { amount: 10, part: 'bonus', reason: 'daily-bonus' }),
          wallet: { balance: 0, bonus: 10, total: 10 },
          next_at: nextAt,
        },
      },
    });
    open('/en/balance/topup');
    fireEvent.click(await screen.findByTestId('daily-bonus-claim'));
    expect((await screen.findByTestId('daily-bonus-next')).textContent).toBe(
      'The next bonus opens in 2 hours.',
    );
    expect(screen.getByTestId('balance-bonus').textContent).toBe('10\u00a0coins');
  });

  it('tops up: posts the amount and the provider, then goes to the pay_url', async () => {
    const server = fakeServer({
      'GET /api/wallet': { body: walletAnswer(0, 0, { daily_bonus_available: false }) },
      'POST /api/invoices': {
        status: 201,
        body: makeInvoice(7, { amount: 500, pay_url: '/pay/test/abc' }),
      },
    });
    open('/en/balance/topup');
    // Without `providers` from the server, only the test provider is offered.
    await screen.findByTestId('topup-provider-test');
    expect(screen.queryByTestId('topup-provider-yookassa')).toBeNull();
    fireEvent.click(screen.getByTestId('topup-preset-500'));
    fireEvent.click(screen.getByTestId('topup-submit'));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/pay/test/abc'));
    expect(server.of('POST', '/api/invoices').map((c) => c.body)).toEqual([
      { amount: 500, provider: 'test' },
    ]);
  });

  it('offers YooKassa when the server says so, and refuses amounts out of range', async () => {
    const server = fakeServer({
      'GET /api/wallet': {
        body: walletAnswer(0, 0, { daily_bonus_available: false, providers: ['test', 'yookassa'] }),
      },
      'POST /api/invoices': {
        status: 201,
        body: makeInvoice(8, { amount: 250, provider: 'yookassa' }),
      },
    });
    open('/en/balance/topup');
    fireEvent.click(await screen.findByTestId('topup-provider-yookassa'));
    const amount = screen.getByTestId('topup-amount');
    const submit = screen.getByTestId<HTMLButtonElement>('topup-submit');
    for (const bad of ['5', '100001', '1.5', '-10', 'ten']) {
      fireEvent.change(amount, { target: { value: bad } });
      expect(submit.disabled).toBe(true);
    }
    fireEvent.change(amount, { target: { value: '250' } });
    fireEvent.click(submit);
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/pay/test/8'));
    expect(server.of('POST', '/api/invoices')[0]?.body).toEqual({
      amount: 250,
      provider: 'yookassa',
    });
  });

  it('lists the ledger in words, markup in nicks as text, amounts signed and coloured', async () => {
    const hostile = makePublicUser({ id: 5, slug: 'eve', nick: makeNick('<b>Eve</b>') });
    const server = fakeServer({
      'GET /api/wallet': { body: walletAnswer(90, 10, { daily_bonus_available: false }) },
      'GET /api/balance/history': {
        body: page(
          [
            makeEntry(3, {
              amount: -10,
              reason: 'coins-sent',
              counterpart: hostile,
              balance_after: 90,
              bonus_after: 10,
            }),
            makeEntry(2, {
              amount: 10,
              part: 'bonus',
              reason: 'daily-bonus',
              balance_after: 100,
              bonus_after: 10,
            }),
            makeEntry(1, { amount: 100, reason: 'topup', balance_after: 100 }),
          ],
          1,
          2,
        ),
      },
    });
    const { container } = open('/en/balance/history');
    const sent = await screen.findByTestId('history-row-3');
    expect(within(sent).getByTestId('history-reason').textContent).toBe('Coins given');
    expect(within(sent).getByTestId('history-counterpart').textContent).toBe('→ <b>Eve</b>');
    expect(container.querySelector('tbody b')).toBeNull();
    const amount = within(sent).getByTestId('history-amount');
    expect(amount.textContent).toBe('\u221210\u00a0coins');
    expect(amount.className).toContain('text-danger');
    expect(within(sent).getByTestId('history-part').textContent).toBe('balance');
    expect(within(sent).getByTestId('history-after').textContent).toBe(
      '100\u00a0coinsbalance 90\u00a0coins, bonus 10\u00a0coins',
    );
    const bonus = screen.getByTestId('history-row-2');
    expect(within(bonus).getByTestId('history-reason').textContent).toBe('Daily bonus');
    expect(within(bonus).getByTestId('history-amount').className).toContain('text-success');
    expect(within(bonus).getByTestId('history-part').textContent).toBe('bonus');
    expect(server.of('GET', '/api/balance/history')[0]?.query).toEqual({ page: '1' });
    // The second page, from the pager.
    fireEvent.click(screen.getByTestId('history-pager-2'));
    await waitFor(() =>
      expect(server.of('GET', '/api/balance/history').at(-1)?.query).toEqual({ page: '2' }),
    );
  });

  it('shows the ledger in Russian with its plurals', async () => {
    await i18n.changeLanguage('ru');
    fakeServer({
      'GET /api/wallet': { body: walletAnswer(21, 0, { daily_bonus_available: false }) },
      'GET /api/balance/history': {
        body: page([makeEntry(1, { amount: 21, reason: 'topup', balance_after: 21 })]),
      },
    });
    open('/ru/balance/history');
    const row = await screen.findByTestId('history-row-1');
    expect(within(row).getByTestId('history-reason').textContent).toBe('Пополнение');
    expect(within(row).getByTestId('history-amount').textContent).toBe('+21\u00a0монета');
    expect(screen.getByTestId('balance-total').textContent).toBe('21\u00a0монета');
  });

  it('badges invoices by status and offers Pay only for unpaid ones still in time', async () => {
    fakeServer({
      'GET /api/wallet': { body: walletAnswer(0, 0, { daily_bonus_available: false }) },
      'GET /api/balance/invoices': {
        body: page([
          makeInvoice(4, { pay_url: '/pay/test/four' }),
          makeInvoice(3, { status: 'paid', pay_url: null, paid_at: '2025-05-01T10:00:00.000Z' }),
          makeInvoice(2, { status: 'expired', pay_url: null }),
          // Past its time, the expiry job not run yet: expired already for the reader.
          makeInvoice(1, { expires_at: new Date(Date.now() - 1000).toISOString() }),
          makeInvoice(0, { pay_url: 'javascript:alert(1)' }),
        ]),
      },
    });
    open('/en/balance/invoices');
    await screen.findByTestId('invoice-row-4');
    const status = (id: number) =>
      within(screen.getByTestId(`invoice-row-${id}`)).getByTestId('invoice-status').textContent;
    const pay = (id: number) =>
      within(screen.getByTestId(`invoice-row-${id}`)).queryByTestId('invoice-pay');
    expect([4, 3, 2, 1].map(status)).toEqual(['unpaid', 'paid', 'expired', 'expired']);
    expect(pay(4)?.getAttribute('href')).toBe('http://localhost:3000/pay/test/four');
    expect([3, 2, 1, 0].map(pay)).toEqual([null, null, null, null]);
    expect(screen.getByTestId('invoice-row-4').textContent).toContain('300\u00a0coins');
  });
});
