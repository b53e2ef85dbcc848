import type { AdminSettings } from '@chat/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { SettingsForm } from './settings-form';

const data: AdminSettings = {
  settings: {
    main_room_id: null,
    message_rate_limit: 10,
    upload_max_bytes: 10485760,
    premium_price_month: 199,
    premium_price_quarter: 499,
    premium_price_year: 1690,
    daily_bonus_coins: 10,
    guest_entry: true,
    registration_open: true,
    hide_moderator_names: false,
    video_cap: 6,
    video_watchers: false,
  },
  updated_at: '2026-01-01T00:00:00.000Z',
  rooms: [
    { id: 1, name: 'Lobby' },
    { id: 2, name: 'Music' },
  ],
};

function setup(serverErrors: Record<string, string[]> = {}) {
  const onSave = vi.fn();
  render(
    <SettingsForm
      data={data}
      locale="en"
      saving={false}
      serverErrors={serverErrors}
      onSave={onSave}
    />,
  );
  return onSave;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  await i18n.changeLanguage('ru');
});

describe('the settings form', () => {
  it('shows every setting, grouped, with a label and its explanation', () => {
    setup();
    for (const group of ['Chat', 'Coins and premium', 'Entering the site', 'Moderation'])
      expect(screen.getByRole('heading', { name: group })).toBeTruthy();
    const price = screen.getByLabelText('Premium for 30 days, coins');
    expect((price as HTMLInputElement).value).toBe('199');
    expect(price.getAttribute('aria-describedby')).toBe('setting-premium_price_month-help');
    expect(screen.getAllByText(/purchases already made keep their price/)).toHaveLength(3);
    expect(screen.getByLabelText('Guests may enter')).toBeTruthy();
    expect(screen.getByLabelText('Main room')).toBeTruthy();
  });

  it('sends only what changed, typed', () => {
    const onSave = setup();
    fireEvent.change(screen.getByLabelText('Premium for 30 days, coins'), {
      target: { value: '250' },
    });
    fireEvent.click(screen.getByLabelText('Registration open'));
    fireEvent.change(screen.getByLabelText('Main room'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(onSave).toHaveBeenCalledWith({
      premium_price_month: 250,
      registration_open: false,
      main_room_id: 2,
    });
  });

  it.each([
    ['-1', 'Enter a whole number from 1 to 1000000.'],
    ['1.5', 'Enter a whole number.'],
    ['1000000000000', 'Enter a whole number from 1 to 1000000.'],
  ])('refuses a price of %s on its field, sending nothing', (value, message) => {
    const onSave = setup();
    const price = screen.getByLabelText('Premium for 30 days, coins');
    fireEvent.change(price, { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(price.classList.contains('is-invalid')).toBe(true);
    expect(screen.getByText(message)).toBeTruthy();
  });

  it("shows the server's reasons on their fields", () => {
    setup({ main_room_id: ['Choose one of the public rooms.'] });
    expect(screen.getByLabelText('Main room').classList.contains('is-invalid')).toBe(true);
    expect(screen.getByText('Choose one of the public rooms.')).toBeTruthy();
  });
});
