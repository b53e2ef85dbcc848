import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/complaints-kit';
import { makePlans, signInRegistered } from '../../test/premium-kit';
import { renderAt } from '../../test/profiles-render-kit';
import { useSessionStore } from '../../features/session/store';
import { makeUserData } from '../../test/chat-kit';
import { i18n } from '../../i18n/i18n';
import { PremiumPage } from './premium-page';

const open = () =>
  renderAt('/en/premium', [{ path: '/:locale/premium', element: <PremiumPage /> }]);
const LATER = '2999-01-31T10:00:00.000Z';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the premium page', () => {
  it('lists the perks and the plans with their prices in coins', async () => {
    signInRegistered();
    fakeServer({
      'GET /api/premium': { body: { plans: makePlans(), premium: { active: false, until: null } } },
    });
    open();
    const year = await screen.findByTestId('premium-plan-year');
    expect(within(year).getByTestId('premium-plan-price').textContent).toBe('1,690\u00a0coins');
    expect(within(year).getByText('365 days')).toBeTruthy();
    expect(screen.getByTestId('premium-perks').querySelectorAll('li').length).toBeGreaterThan(5);
    expect(screen.getByTestId('premium-status-text').textContent).toBe('You have no premium.');
    expect(screen.getByTestId('premium-buy-month').textContent).toBe('Buy');
  });

  it('buys a plan once with its request id, and shows the new end at once', async () => {
    signInRegistered({ balance: 500 });
    const server = fakeServer({
      'GET /api/premium': { body: { plans: makePlans(), premium: { active: false, until: null } } },
      'POST /api/premium': {
        body: {
          user_id: 100,
          premium: { active: true, until: LATER },
          wallet: { balance: 301, bonus: 0, total: 301 },
        },
      },
      'GET /api/init': {
        body: {
          user: {
            ...makeUserData({ id: 100 }),
            premium: { active: true, until: LATER },
            permissions: ['profile.edit', 'nick.gradient'],
            balance: 301,
          },
        },
      },
    });
    open();
    fireEvent.click(await screen.findByTestId('premium-buy-month'));
    const dialog = await screen.findByTestId('premium-dialog');
    expect(within(dialog).getByTestId('premium-confirm-price').textContent).toBe('199\u00a0coins');
    expect(within(dialog).getByTestId('premium-confirm-until').textContent).toMatch(
      /^Premium will last until /,
    );
    const pay = within(dialog).getByTestId('premium-confirm');
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect(screen.queryByTestId('premium-dialog')).toBeNull());
    const posts = server.of('POST', '/api/premium');
    expect(posts).toHaveLength(1);
    const body = posts[0]!.body as Record<string, unknown>;
    expect(body.plan).toBe('month');
    expect(body.request_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(body).not.toHaveProperty('user_id');
    expect(useSessionStore.getState().premium).toEqual({ active: true, until: LATER });
    expect(screen.getByTestId('premium-status-text').textContent).toMatch(/^Active until .*2999/);
    // The perks are the server's permissions: read again after the purchase.
    await waitFor(() =>
      expect(useSessionStore.getState().userData?.permissions).toContain('nick.gradient'),
    );
    await waitFor(() => expect(useSessionStore.getState().balance).toBe(301));
  });

  it('says an active premium is extended, and not enough coins links to the top-up', async () => {
    signInRegistered({ premium: { active: true, until: LATER } });
    fakeServer({
      'GET /api/premium': { body: { plans: makePlans(), premium: { active: true, until: LATER } } },
      'POST /api/premium': {
        status: 422,
        // `data` in the body: the fake server sends it as the whole envelope.
        body: {
          data: null,
          message: 'Not enough coins',
          code: 'validation',
          errors: { balance: ['Not enough coins'] },
        },
      },
    });
    open();
    fireEvent.click(await screen.findByTestId('premium-buy-year'));
    const dialog = await screen.findByTestId('premium-dialog');
    expect(screen.getByTestId('premium-buy-year').textContent).toBe('Extend');
    expect(within(dialog).getByTestId('premium-confirm-until').textContent).toMatch(
      /extended until .*3000/,
    );
    fireEvent.click(within(dialog).getByTestId('premium-confirm'));
    const link = await within(dialog).findByTestId('top-up-link');
    expect(link.getAttribute('href')).toBe('/en/balance/topup');
    expect(within(dialog).getByTestId('not-enough-coins').textContent).toMatch(/Not enough coins/);
  });

  it('tells a guest to register instead of offering plans', () => {
    const guest = makeUserData({ id: 5, roles: ['guest'] });
    useSessionStore.setState({ userData: guest, initialized: true });
    const server = fakeServer({});
    open();
    expect(screen.getByTestId('premium-guest')).toBeTruthy();
    expect(screen.queryByTestId('premium-plans')).toBeNull();
    expect(server.calls).toEqual([]);
  });
});
