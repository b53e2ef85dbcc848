import { COINS_GIFT_DAILY_LIMIT } from '@chat/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeNick, makePublicUser } from '../../../../../packages/shared/src/test/chat-fixtures';
import { i18n } from '../../i18n/i18n';
import { ProfilePage } from '../../pages/profile/profile-page';
import { useChatStore } from '../chat/store';
import { signInAs } from '../../test/chat-kit';
import { fakeServer } from '../../test/complaints-kit';
import { renderAt } from '../../test/profiles-render-kit';
import { makeProfile } from '../../test/profiles-kit';
import { useSessionStore } from '../session/store';
import { useToastsStore } from '../toasts/store';

const anna = makePublicUser({ id: 3, slug: 'anna', nick: makeNick('Anna') });
const toasts = () => useToastsStore.getState().toasts.map((t) => t.text);

function openProfile() {
  return renderAt('/en/profile/anna', [
    { path: '/:locale/profile/:slug', element: <ProfilePage /> },
  ]);
}

function serve(
  coins: Parameters<typeof fakeServer>[0][string],
  profile = makeProfile({ user: anna }),
) {
  return fakeServer({
    'GET /api/profile/anna': { body: profile },
    'POST /api/coins/send': coins,
    'GET /api/wallet': {
      body: {
        wallet: { balance: 50, bonus: 40, total: 90 },
        daily_bonus_available: false,
        daily_bonus_next_at: null,
        providers: ['test'],
      },
    },
  });
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  useToastsStore.setState({ toasts: [] });
  signInAs();
  useSessionStore.setState({ balance: 50, bonus: 40 });
  useChatStore.getState().hydrate({ ignored_users: [] });
});

describe('sending coins from a profile', () => {
  it('is offered on someone else’s profile only, and not to guests', async () => {
    serve({ status: 500 }, makeProfile({ user: anna, is_self: true }));
    const { unmount } = openProfile();
    await screen.findByTestId('profile-edit');
    expect(screen.queryByTestId('profile-send-coins')).toBeNull();
    unmount();
    signInAs({ roles: ['guest'] });
    serve({ status: 500 });
    openProfile();
    await screen.findByTestId('profile-guest-note');
    expect(screen.queryByTestId('profile-send-coins')).toBeNull();
  });

  it('states the balance-only rule and the daily limit', async () => {
    serve({ status: 500 });
    openProfile();
    fireEvent.click(await screen.findByTestId('profile-send-coins'));
    expect(screen.getByTestId('send-coins-rule').textContent).toBe(
      'Coins are sent from your balance, not from the bonus.',
    );
    expect(screen.getByTestId('send-coins-limit').textContent).toBe(
      `You can give up to 1,000\u00a0coins a day. Your balance: 50\u00a0coins.`,
    );
    expect(COINS_GIFT_DAILY_LIMIT).toBe(1000);
  });

  it('sends the amount, the text and one request_id once, however fast the clicks', async () => {
    const server = serve({
      status: 201,
      body: {
        id: 1,
        amount: 25,
        recipient: anna,
        text: 'for you',
        wallet: { balance: 25, bonus: 40, total: 65 },
        created_at: '2025-05-01T10:00:00.000Z',
      },
    });
    openProfile();
    fireEvent.click(await screen.findByTestId('profile-send-coins'));
    fireEvent.change(screen.getByTestId('send-coins-amount'), { target: { value: '25' } });
    fireEvent.change(screen.getByTestId('send-coins-text'), { target: { value: ' for you ' } });
    const submit = screen.getByTestId('send-coins-submit');
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByTestId('send-coins-dialog')).toBeNull());
    const sent = server.of('POST', '/api/coins/send');
    expect(sent).toHaveLength(1);
    const { request_id: requestId, ...body } = sent[0]?.body as { request_id: string };
    expect(body).toEqual({ user_id: 3, amount: 25, text: 'for you' });
    expect(requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(toasts()).toEqual(['You sent 25\u00a0coins to Anna.']);
    expect(useSessionStore.getState()).toMatchObject({ balance: 25, bonus: 40 });

    // A new opening is a new gift: a new request_id.
    fireEvent.click(screen.getByTestId('profile-send-coins'));
    fireEvent.change(screen.getByTestId('send-coins-amount'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('send-coins-submit'));
    await waitFor(() => expect(server.of('POST', '/api/coins/send')).toHaveLength(2));
    const [first, second] = server
      .of('POST', '/api/coins/send')
      .map((c) => (c.body as { request_id: string }).request_id);
    expect(second).not.toBe(first);
  });

  it('shows 422 errors.balance in the dialog and keeps the request_id for a retry', async () => {
    const server = serve({
      status: 422,
      // The kit wraps a body without `data` in one; an error envelope has `data: null` here.
      body: {
        data: null,
        message: 'Not enough coins',
        code: 'validation',
        errors: { balance: ['Not enough coins'] },
      },
    });
    openProfile();
    fireEvent.click(await screen.findByTestId('profile-send-coins'));
    // Within the balance shown, but spent in another tab meanwhile: the server has the last word.
    fireEvent.change(screen.getByTestId('send-coins-amount'), { target: { value: '40' } });
    fireEvent.click(screen.getByTestId('send-coins-submit'));
    expect((await screen.findByTestId('send-coins-error')).textContent).toBe('Not enough coins');
    // Shown in place, not toasted.
    expect(toasts()).toEqual([]);
    expect(screen.getByTestId('send-coins-dialog')).toBeTruthy();
    fireEvent.click(screen.getByTestId('send-coins-submit'));
    await waitFor(() => expect(server.of('POST', '/api/coins/send')).toHaveLength(2));
    const ids = server
      .of('POST', '/api/coins/send')
      .map((c) => (c.body as { request_id: string }).request_id);
    expect(ids[1]).toBe(ids[0]);
  });

  it('refuses amounts that are not whole coins within the limit', async () => {
    serve({ status: 500 });
    openProfile();
    fireEvent.click(await screen.findByTestId('profile-send-coins'));
    const submit = screen.getByTestId<HTMLButtonElement>('send-coins-submit');
    for (const bad of ['', '0', '-1', '2.5', '1001', '1e3', 'abc']) {
      fireEvent.change(screen.getByTestId('send-coins-amount'), { target: { value: bad } });
      expect(submit.disabled).toBe(true);
    }
  });

  it('knows the balance before sending: more than it is refused with no request', async () => {
    const server = serve({ status: 500 });
    openProfile();
    fireEvent.click(await screen.findByTestId('profile-send-coins'));
    await waitFor(() => expect(server.of('GET', '/api/wallet')).toHaveLength(1));
    fireEvent.change(screen.getByTestId('send-coins-amount'), { target: { value: '51' } });
    expect(screen.getByTestId('send-coins-amount-error').textContent).toBe(
      'That is more than your balance: you can send up to 50\u00a0coins.',
    );
    const submit = screen.getByTestId<HTMLButtonElement>('send-coins-submit');
    expect(submit.disabled).toBe(true);
    fireEvent.submit(submit.closest('form')!);
    fireEvent.change(screen.getByTestId('send-coins-amount'), { target: { value: '50' } });
    expect(submit.disabled).toBe(false);
    expect(screen.queryByTestId('send-coins-amount-error')).toBeNull();
    expect(server.of('POST', '/api/coins/send')).toHaveLength(0);
  });

  it('says an empty balance at once and points to the top-up', async () => {
    fakeServer({
      'GET /api/profile/anna': { body: makeProfile({ user: anna }) },
      'GET /api/wallet': {
        body: { wallet: { balance: 0, bonus: 40, total: 40 }, daily_bonus_available: false },
      },
    });
    openProfile();
    fireEvent.click(await screen.findByTestId('profile-send-coins'));
    expect((await screen.findByTestId('send-coins-empty')).textContent).toBe(
      'Your balance is empty: top it up to send coins. Top up',
    );
    expect(screen.getByTestId<HTMLInputElement>('send-coins-amount').disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('send-coins-submit').disabled).toBe(true);
  });
});
