import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makePublicUser } from '../../../../../packages/shared/src/test/chat-fixtures';
import { i18n } from '../../i18n/i18n';
import { fakeServer } from '../../test/complaints-kit';
import { GivePremiumButton } from './components/give-premium-button';
import { makePlans, signInRegistered } from '../../test/premium-kit';
import { renderAt } from '../../test/profiles-render-kit';
import { useSessionStore } from '../session/store';

const anna = makePublicUser({ id: 3, slug: 'anna' });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('giving premium', () => {
  it('picks a plan and buys it for the other person', async () => {
    signInRegistered({ balance: 1000 });
    const server = fakeServer({
      'GET /api/premium': { body: { plans: makePlans(), premium: { active: false, until: null } } },
      'POST /api/premium': {
        body: {
          user_id: 3,
          premium: { active: true, until: '2999-01-01T00:00:00.000Z' },
          wallet: { balance: 501, bonus: 0, total: 501 },
        },
      },
    });
    renderAt('/en/x', [{ path: '/:locale/x', element: <GivePremiumButton recipient={anna} /> }]);
    fireEvent.click(screen.getByTestId('premium-give'));
    const dialog = await screen.findByTestId('premium-dialog');
    expect(within(dialog).getByText('Give premium to User3')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('premium-pick-quarter'));
    fireEvent.click(within(dialog).getByTestId('premium-confirm'));
    await waitFor(() => expect(screen.queryByTestId('premium-dialog')).toBeNull());
    const [post] = server.of('POST', '/api/premium');
    expect(post?.body).toMatchObject({ plan: 'quarter', user_id: 3 });
    expect(useSessionStore.getState().balance).toBe(501);
    // Not mine: my own premium is untouched.
    expect(useSessionStore.getState().premium?.active).toBe(false);
  });
});
