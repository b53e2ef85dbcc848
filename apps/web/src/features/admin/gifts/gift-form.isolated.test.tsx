import type { AdminGift, Attachment } from '@chat/shared';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-error';
import { useUploadsStore } from '../../uploads';
import { createGift, updateGift } from './api';
import { GiftForm, parsePrice } from './gift-form';

vi.mock('./api', () => ({ createGift: vi.fn(), updateGift: vi.fn() }));

const gift: AdminGift = {
  id: 7,
  name_ru: 'Роза',
  name_en: 'Rose',
  image: '/assets/static/gifts/rose.svg',
  price: 5,
  premium_only: false,
  active: true,
  position: 1,
  sent: 3,
  updated_at: '2026-01-01T00:00:00.000Z',
};

function setup(edit?: AdminGift) {
  const onSaved = vi.fn();
  render(<GiftForm {...(edit ? { gift: edit } : {})} onSaved={onSaved} onCancel={() => {}} />);
  return onSaved;
}

const price = () => screen.getByLabelText('Price, coins');
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  vi.mocked(createGift).mockReset();
  vi.mocked(updateGift).mockReset();
});
afterEach(async () => {
  useUploadsStore.getState().reset();
  await i18n.changeLanguage('ru');
});

describe('the gift form', () => {
  it('labels every field and shows the gift being edited', () => {
    setup(gift);
    expect(screen.getByLabelText<HTMLInputElement>('Name in Russian').value).toBe('Роза');
    expect(screen.getByLabelText<HTMLInputElement>('Name in English').value).toBe('Rose');
    expect((price() as HTMLInputElement).value).toBe('5');
    expect(screen.getByLabelText('Picture (PNG, JPEG, GIF or WebP)')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Premium users only').checked).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>('On sale').checked).toBe(true);
  });

  it.each(['-1', '1.5', '1000000000000', '0', 'ten'])(
    'refuses a price of %s before sending',
    (value) => {
      setup(gift);
      fireEvent.change(price(), { target: { value } });
      save();
      expect(screen.getByText('A whole number of coins from 1 to 1000000.')).toBeTruthy();
      expect(updateGift).not.toHaveBeenCalled();
    },
  );

  it('sends a change with the version it read', async () => {
    vi.mocked(updateGift).mockResolvedValue({ ...gift, price: 25, premium_only: true });
    const onSaved = setup(gift);
    fireEvent.change(price(), { target: { value: '25' } });
    fireEvent.click(screen.getByLabelText('Premium users only'));
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(updateGift).toHaveBeenCalledWith(7, {
      name_ru: 'Роза',
      name_en: 'Rose',
      price: 25,
      premium_only: true,
      active: true,
      position: 1,
      updated_at: gift.updated_at,
    });
  });

  it('shows the server’s reason under the field it refused', async () => {
    vi.mocked(updateGift).mockRejectedValue(
      new ApiError(422, 'The given data was invalid.', 'validation', { price: ['Too much.'] }),
    );
    const onSaved = setup(gift);
    save();
    expect(await screen.findByText('Too much.')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('needs an uploaded picture for a new gift, then sends its id', async () => {
    vi.mocked(createGift).mockResolvedValue({ ...gift, id: 8 });
    const onSaved = setup();
    fireEvent.change(screen.getByLabelText('Name in Russian'), { target: { value: 'Ёлка' } });
    fireEvent.change(screen.getByLabelText('Name in English'), { target: { value: 'Fir tree' } });
    fireEvent.change(price(), { target: { value: '40' } });
    save();
    expect(screen.getByText('Choose a picture and wait until it is uploaded.')).toBeTruthy();
    expect(createGift).not.toHaveBeenCalled();

    const attachment = { id: 77, status: 'complete', url: '/storage/files/x.png' } as Attachment;
    act(() =>
      useUploadsStore.setState({
        items: {
          'admin-gift:new': [
            {
              id: 'u1',
              owner: 'admin-gift:new',
              name: 'tree.png',
              previewUrl: '',
              adult: false,
              state: 'ready',
              progress: 1,
              attachment,
              error: null,
              retryable: false,
            },
          ],
        },
      }),
    );
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(createGift).toHaveBeenCalledWith({
      name_ru: 'Ёлка',
      name_en: 'Fir tree',
      price: 40,
      premium_only: false,
      active: true,
      image_id: 77,
    });
  });

  it('reads prices as whole coins in range', () => {
    expect(parsePrice('1')).toBe(1);
    expect(parsePrice('1000000')).toBe(1_000_000);
    expect(parsePrice('1000001')).toBeNull();
    expect(parsePrice('1e3')).toBeNull();
  });
});
