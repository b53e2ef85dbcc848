import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { signInAs } from '../../../test/chat-kit';
import { myApi } from '../api';
import { makeDevice, renderMy } from '../../../test/my-kit';
import { SecurityTab } from './security-tab';

beforeEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
  signInAs();
  // The sign-in methods' sections (their own tests: linked-accounts, email-section).
  vi.spyOn(myApi, 'social').mockResolvedValue({
    links: [],
    has_password: true,
    can_unlink: true,
    available: [],
  });
  vi.spyOn(myApi, 'email').mockResolvedValue({
    email: 'me@example.com',
    verified: true,
    code_pending: false,
  });
});

const parts = (browser: string | null, browser_version: string | null, os: string | null) => ({
  browser,
  browser_version,
  os,
});
const devices = () => [
  makeDevice(1, { current: true, ...parts('Firefox', '133', 'Windows') }),
  makeDevice(2, { ...parts('Chrome', '131', 'Android'), ip: '203.0.113.9' }),
  makeDevice(3, { ...parts('Safari', '18', 'iOS') }),
];

describe('SecurityTab', () => {
  it('shows how the account signs in, then where it is signed in', async () => {
    vi.spyOn(myApi, 'sessions').mockResolvedValue(devices());
    renderMy(<SecurityTab />, '/en/my/security');
    await screen.findAllByTestId('device');
    const headings = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(headings).toEqual(['Linked accounts', 'E-mail', 'Devices']);
    expect((await screen.findByTestId('email-badge')).textContent).toBe('Confirmed');
  });

  it('lists every device, marks this one, and has no sign-out button for it', async () => {
    vi.spyOn(myApi, 'sessions').mockResolvedValue(devices());
    renderMy(<SecurityTab />, '/en/my/security');
    const rows = await screen.findAllByTestId('device');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Firefox 133 on Windows')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('this-device').textContent).toBe('This device');
    expect(within(rows[0]!).queryByTestId('device-sign-out')).toBeNull();
    expect(within(rows[1]!).getByText(/203\.0\.113\.9/)).toBeTruthy();
    expect(within(rows[1]!).getByText(/last seen/)).toBeTruthy();
  });

  it('names devices in Russian, with no English left from the server', async () => {
    await i18n.changeLanguage('ru');
    vi.spyOn(myApi, 'sessions').mockResolvedValue([
      makeDevice(1, { current: true, ...parts('Chrome', '131', 'Linux') }),
      makeDevice(2, { ...parts(null, null, 'Linux'), name: 'Unknown browser on Linux' }),
      makeDevice(3, { ...parts('Yandex Browser', '24', 'Windows') }),
      makeDevice(4, { ...parts(null, null, null), name: 'Unknown browser' }),
    ]);
    renderMy(<SecurityTab />, '/ru/my/security');
    const rows = await screen.findAllByTestId('device');
    const names = rows.map((row) => row.querySelector('.fw-medium span')?.textContent);
    expect(names).toEqual([
      'Chrome 131 на Linux',
      'Неизвестный браузер на Linux',
      'Яндекс Браузер 24 на Windows',
      'Неизвестный браузер',
    ]);
    const page = rows.map((row) => row.textContent).join(' ');
    expect(page).not.toMatch(/Unknown| on /);
  });

  it('signs one device out and drops it from the list', async () => {
    vi.spyOn(myApi, 'sessions')
      .mockResolvedValueOnce(devices())
      .mockResolvedValue(devices().filter((d) => d.id !== 2));
    const end = vi.spyOn(myApi, 'endSession').mockResolvedValue(null);
    renderMy(<SecurityTab />, '/en/my/security');
    const rows = await screen.findAllByTestId('device');
    fireEvent.click(within(rows[1]!).getByTestId('device-sign-out'));
    await waitFor(() => expect(screen.getAllByTestId('device')).toHaveLength(2));
    expect(end).toHaveBeenCalledWith(2);
  });

  it('signs all other devices out, and disables the button when there are none', async () => {
    vi.spyOn(myApi, 'sessions')
      .mockResolvedValueOnce(devices())
      .mockResolvedValue(devices().filter((d) => d.current));
    const endOthers = vi.spyOn(myApi, 'endOtherSessions').mockResolvedValue(null);
    renderMy(<SecurityTab />, '/en/my/security');
    await screen.findAllByTestId('device');
    fireEvent.click(screen.getByTestId('sign-out-others'));
    await waitFor(() => expect(screen.getAllByTestId('device')).toHaveLength(1));
    expect(endOthers).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId<HTMLButtonElement>('sign-out-others').disabled).toBe(true);
  });
});
