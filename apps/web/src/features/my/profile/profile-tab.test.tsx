import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-error';
import { signInAs } from '../../../test/chat-kit';
import { myApi } from '../api';
import { makeProfile, makeUser, renderMy } from '../../../test/my-kit';
import { ProfileTab } from './profile-tab';

beforeEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
  signInAs();
});

describe('ProfileTab', () => {
  it('shows the server 422 errors under their own fields', async () => {
    vi.spyOn(myApi, 'profile').mockResolvedValue(makeProfile());
    const save = vi.spyOn(myApi, 'saveProfile').mockRejectedValue(
      new ApiError(422, 'The given data was invalid.', 'validation', {
        birthdate: ['The birthdate is not a real date.'],
        phone: ['Enter the phone in international format.'],
      }),
    );
    renderMy(<ProfileTab />);
    fireEvent.change(await screen.findByLabelText('Date of birth'), {
      target: { value: '1850-01-01' },
    });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect((await screen.findByTestId('error-birthdate')).textContent).toBe(
      'The birthdate is not a real date.',
    );
    expect(screen.getByTestId('error-phone').textContent).toContain('international');
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ birthdate: '1850-01-01' }));
  });

  it('says whether the saved e-mail is confirmed, and where to confirm it', async () => {
    vi.spyOn(myApi, 'profile').mockResolvedValue(makeProfile({ email: 'me@example.com' }));
    renderMy(<ProfileTab />);
    const email = await screen.findByLabelText('E-mail');
    const state = screen.getByTestId('email-state');
    expect(state.textContent).toBe('Not confirmed yet: confirm it in the security settings.');
    expect(state.querySelector('a')?.getAttribute('href')).toBe('/en/my/security');
    expect(email.getAttribute('aria-describedby')).toContain(state.parentElement?.id);
    // A new address says nothing until it is saved.
    fireEvent.change(email, { target: { value: 'new@example.com' } });
    expect(screen.queryByTestId('email-state')).toBeNull();
  });

  it('marks a confirmed e-mail as such', async () => {
    vi.spyOn(myApi, 'profile').mockResolvedValue(
      makeProfile({ email: 'me@example.com', email_verified: true }),
    );
    renderMy(<ProfileTab />);
    expect((await screen.findByTestId('email-state')).textContent).toBe('Confirmed.');
  });

  it('keeps markup in "about me" as text and counts its characters', async () => {
    vi.spyOn(myApi, 'profile').mockResolvedValue(makeProfile({ about: '<b>bold</b>' }));
    renderMy(<ProfileTab />);
    const about = await screen.findByTestId<HTMLTextAreaElement>('about');
    expect(about.value).toBe('<b>bold</b>');
    expect(screen.getByTestId('about-counter').textContent).toMatch(/^11 \/ /);
    expect(document.querySelector('b')).toBeNull();
  });

  it('offers a partner only for statuses that take one, labelled by gender', async () => {
    vi.spyOn(myApi, 'profile').mockResolvedValue(makeProfile({ gender: 'female' }));
    await i18n.changeLanguage('ru');
    renderMy(<ProfileTab />, '/ru/my/profile');
    const marital = await screen.findByTestId<HTMLSelectElement>('marital');
    expect([...marital.options].map((o) => o.textContent)).toContain('Замужем');
    fireEvent.change(marital, { target: { value: 'not-married' } });
    expect(screen.queryByTestId('partner-group')).toBeNull();
    fireEvent.change(marital, { target: { value: 'married' } });
    expect(screen.getByTestId('partner-group')).toBeTruthy();
  });

  it('says whether the named partner confirmed, and answers a request from someone else', async () => {
    const anna = makeUser(5, 'Anna');
    const boris = makeUser(6, 'Boris');
    vi.spyOn(myApi, 'profile').mockResolvedValue(
      makeProfile({ marital_status: 'engaged', partner: anna, partner_request: boris }),
    );
    const confirm = vi
      .spyOn(myApi, 'confirmPartner')
      .mockResolvedValue(
        makeProfile({ marital_status: 'engaged', partner: boris, partner_confirmed: true }),
      );
    renderMy(<ProfileTab />);
    expect((await screen.findByTestId('partner-state')).textContent).toBe(
      'Waiting for Anna to confirm.',
    );
    expect(screen.getByTestId('partner-request').textContent).toContain('Boris');
    fireEvent.click(screen.getByTestId('partner-confirm'));
    await waitFor(() => expect(screen.queryByTestId('partner-request')).toBeNull());
    expect(confirm).toHaveBeenCalledWith(6);
    expect(screen.getByTestId('partner-state').textContent).toContain('Confirmed');
  });

  it('sends no partner with a status that takes none', async () => {
    vi.spyOn(myApi, 'profile').mockResolvedValue(
      makeProfile({ marital_status: 'married', partner: makeUser(5) }),
    );
    const save = vi.spyOn(myApi, 'saveProfile').mockResolvedValue(makeProfile());
    renderMy(<ProfileTab />);
    fireEvent.change(await screen.findByTestId('marital'), { target: { value: 'divorced' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls[0]![0]).toMatchObject({ marital_status: 'divorced', partner_id: null });
  });
});
