import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-error';
import { signInAs } from '../../../test/chat-kit';
import { myApi } from '../api';
import { renderMy } from '../../../test/my-kit';
import { PasswordTab } from './password-tab';

beforeEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
  signInAs();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('PasswordTab', () => {
  it('checks the confirmation before sending', () => {
    const change = vi.spyOn(myApi, 'changePassword');
    renderMy(<PasswordTab />, '/en/my/password');
    type('Current password', 'old-secret');
    type('New password', 'new-secret');
    type('New password again', 'other');
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(screen.getByTestId('error-new_password_confirmation')).toBeTruthy();
    expect(change).not.toHaveBeenCalled();
  });

  it('shows a wrong current password under its field', async () => {
    vi.spyOn(myApi, 'changePassword').mockRejectedValue(
      new ApiError(422, 'Invalid', 'validation', { password: ['The password is wrong.'] }),
    );
    renderMy(<PasswordTab />, '/en/my/password');
    type('Current password', 'bad');
    type('New password', 'new-secret');
    type('New password again', 'new-secret');
    fireEvent.click(screen.getByTestId('password-submit'));
    expect((await screen.findByTestId('error-password')).textContent).toBe(
      'The password is wrong.',
    );
  });

  it('clears the form after a change', async () => {
    vi.spyOn(myApi, 'changePassword').mockResolvedValue(null);
    renderMy(<PasswordTab />, '/en/my/password');
    type('Current password', 'old-secret');
    type('New password', 'new-secret');
    type('New password again', 'new-secret');
    fireEvent.click(screen.getByTestId('password-submit'));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe(''),
    );
  });
});
