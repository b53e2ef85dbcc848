import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthDialogStore } from '../../features/auth/auth-store';
import { myApi } from '../../features/my/api';
import { makeProfile, makeSocial, renderMy } from '../../test/my-kit';
import { useSessionStore } from '../../features/session/store';
import { i18n } from '../../i18n/i18n';
import { signInAs } from '../../test/chat-kit';
import { MyPage } from './my-page';

beforeEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('MyPage', () => {
  it('gives a guest the chat settings, and only a notice with a register button elsewhere', async () => {
    signInAs({ roles: ['guest'] });
    renderMy(<MyPage />, '/en/my');
    expect(await screen.findByTestId('chat-settings-tab')).toBeTruthy();
    fireEvent.click(screen.getByTestId('my-tab-security'));
    const notice = await screen.findByTestId('my-guest-notice');
    expect(notice.textContent).toContain('This action is only available for registered users.');
    fireEvent.click(screen.getByTestId('my-register'));
    expect(useAuthDialogStore.getState().dialog).toBe('register');
  });

  it('opens the profile tab for a registered user and switches tabs from the select', async () => {
    signInAs();
    vi.spyOn(myApi, 'profile').mockResolvedValue(makeProfile());
    // The password tab asks whether the account has a password.
    vi.spyOn(myApi, 'social').mockResolvedValue(makeSocial());
    renderMy(<MyPage />, '/en/my');
    expect(await screen.findByTestId('profile-form')).toBeTruthy();
    fireEvent.change(screen.getByTestId('my-tab-select'), { target: { value: 'password' } });
    expect(await screen.findByTestId('password-form')).toBeTruthy();
    expect(screen.getByText(/every other device/)).toBeTruthy();
  });

  it('asks a signed-out visitor to sign in', () => {
    useSessionStore.setState({ userData: null });
    renderMy(<MyPage />, '/en/my/profile');
    expect(screen.getByTestId('my-signed-out')).toBeTruthy();
  });
});
