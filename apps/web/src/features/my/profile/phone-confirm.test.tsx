import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-error';
import { signInAs } from '../../../test/chat-kit';
import { makeProfile, renderMy } from '../../../test/my-kit';
import { myApi } from '../api';
import { ProfileTab } from './profile-tab';

beforeEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
  signInAs();
});

/** Issue 19, point 10: a new phone waits for its code in the profile form. */
describe('the phone’s confirmation step', () => {
  it('asks for the code of a waiting phone and shows the confirmed one after', async () => {
    vi.spyOn(myApi, 'profile').mockResolvedValue(makeProfile({ phone_pending: '+79123456789' }));
    const confirm = vi
      .spyOn(myApi, 'confirmPhone')
      .mockResolvedValue(makeProfile({ phone: '+79123456789' }));
    renderMy(<ProfileTab />);
    expect((await screen.findByTestId('phone-confirm')).textContent).toContain('+79123456789');
    fireEvent.change(screen.getByTestId('phone-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('phone-code-confirm'));
    await waitFor(() => expect(screen.queryByTestId('phone-confirm')).toBeNull());
    expect(confirm).toHaveBeenCalledWith('123456');
  });

  it('shows a wrong code’s error in Russian, and sends the phone with the form only when changed', async () => {
    await i18n.changeLanguage('ru');
    vi.spyOn(myApi, 'profile').mockResolvedValue(makeProfile({ phone_pending: '+79123456789' }));
    vi.spyOn(myApi, 'confirmPhone').mockRejectedValue(
      new ApiError(422, 'Переданные данные некорректны.', 'validation', {
        code: ['Код неверен или устарел. Запросите новый.'],
      }),
    );
    const save = vi.spyOn(myApi, 'saveProfile').mockResolvedValue(makeProfile());
    renderMy(<ProfileTab />, '/ru/my/profile');
    expect((await screen.findByTestId('phone-confirm')).textContent).toContain('Мы отправили код');
    fireEvent.change(screen.getByTestId('phone-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('phone-code-confirm'));
    // The error's place may be drawn before the refusal comes back: wait for its words.
    await waitFor(() =>
      expect(screen.getByTestId('error-code').textContent).toBe(
        'Код неверен или устарел. Запросите новый.',
      ),
    );
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls[0]![0]).not.toHaveProperty('phone');
  });
});
