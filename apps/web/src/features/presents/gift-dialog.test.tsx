import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makePublicUser } from '../../../../../packages/shared/src/test/chat-fixtures';
import { i18n } from '../../i18n/i18n';
import { fakeServer } from '../../test/complaints-kit';
import { makeGift, makeSentGift, signInRegistered } from '../../test/premium-kit';
import { renderAt } from '../../test/profiles-render-kit';
import { GiftDialog } from './components/gift-dialog';

const anna = makePublicUser({ id: 3, slug: 'anna' });

function open(onClose = vi.fn()) {
  renderAt('/en/x', [
    { path: '/:locale/x', element: <GiftDialog recipient={anna} onClose={onClose} /> },
  ]);
  return onClose;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the gift dialog', () => {
  it('sends the chosen gift with text, anonymous, private and one request id, once', async () => {
    signInRegistered({ balance: 500 });
    const server = fakeServer({
      'GET /api/gifts': { body: [makeGift(1, { name: 'Rose' }), makeGift(2)] },
      'POST /api/gifts/send': { status: 201, body: makeSentGift(9) },
      'GET /api/wallet': { body: { wallet: { balance: 490, bonus: 0, total: 490 } } },
    });
    const onClose = open();
    fireEvent.click(await screen.findByTestId('gift-1'));
    expect(screen.getByTestId('gift-1').getAttribute('aria-checked')).toBe('true');
    fireEvent.change(screen.getByTestId('gift-text'), { target: { value: '  <b>Hi</b>  ' } });
    fireEvent.click(screen.getByTestId('gift-anonymous'));
    fireEvent.click(screen.getByTestId('gift-private'));
    const send = screen.getByTestId('gift-send');
    expect(send.textContent).toBe('Send for 10\u00a0coins');
    fireEvent.click(send);
    fireEvent.click(send);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const posts = server.of('POST', '/api/gifts/send');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      gift_id: 1,
      user_id: 3,
      anonymous: true,
      private: true,
      text: '<b>Hi</b>',
      request_id: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) as unknown,
    });
  });

  it('locks premium-only gifts without premium, explains the switches', async () => {
    signInRegistered();
    fakeServer({
      'GET /api/gifts': { body: [makeGift(1), makeGift(2, { premium_only: true })] },
    });
    open();
    const locked = await screen.findByTestId<HTMLButtonElement>('gift-2');
    expect(locked.disabled).toBe(true);
    expect(within(locked).getByTestId('gift-premium-only')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('gift-1').disabled).toBe(false);
    expect(screen.getByTestId<HTMLButtonElement>('gift-send').disabled).toBe(true);
    expect(screen.getByText(/see the gift without your name/)).toBeTruthy();
    expect(screen.getByText(/Only User3 sees this gift/)).toBeTruthy();
  });

  it('says "not enough coins" with a link to the top-up, and keeps the dialog open', async () => {
    signInRegistered({ balance: 0 });
    const server = fakeServer({
      'GET /api/gifts': { body: [makeGift(5)] },
      'POST /api/gifts/send': {
        status: 422,
        body: {
          data: null,
          message: 'Not enough coins',
          errors: { balance: ['Not enough coins'] },
        },
      },
    });
    const onClose = open();
    fireEvent.click(await screen.findByTestId('gift-5'));
    fireEvent.click(screen.getByTestId('gift-send'));
    const link = await screen.findByTestId('top-up-link');
    expect(link.getAttribute('href')).toBe('/en/balance/topup');
    expect(onClose).not.toHaveBeenCalled();
    // Sent again (after topping up in another tab): the same request id, so still one gift.
    fireEvent.click(screen.getByTestId('gift-send'));
    await waitFor(() => expect(server.of('POST', '/api/gifts/send')).toHaveLength(2));
    const [first, second] = server.of('POST', '/api/gifts/send');
    expect((first!.body as { request_id: string }).request_id).toBe(
      (second!.body as { request_id: string }).request_id,
    );
    expect((first!.body as Record<string, unknown>).text).toBeUndefined();
  });
});
