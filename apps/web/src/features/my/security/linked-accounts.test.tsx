import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n';
import { fakeApi } from '../../../test/api-kit';
import { signInAs } from '../../../test/chat-kit';
import {
  apiFailure,
  fakeServer,
  renderSignInPage,
  TELEGRAM,
  YANDEX,
} from '../../../test/sign-in-kit';
import type { MySocial } from '../api';
import { LinkedAccounts, LinkResultAlerts } from './linked-accounts';

const server = fakeServer();
fakeApi(server.api);

const social = (overrides: Partial<MySocial> = {}): MySocial => ({
  links: [
    {
      provider: 'vk',
      provider_name: 'VK ID',
      name: '<script>alert(1)</script> Вася',
      created_at: '2025-01-01T10:00:00.000Z',
    },
    {
      provider: 'google',
      provider_name: 'Google',
      name: null,
      created_at: '2025-01-02T10:00:00.000Z',
    },
  ],
  has_password: true,
  can_unlink: true,
  available: [YANDEX, TELEGRAM],
  ...overrides,
});

const open = (path = '/en/my/security') =>
  renderSignInPage(path, [
    {
      path: '/:locale/my/:tab?',
      element: (
        <>
          <LinkResultAlerts />
          <LinkedAccounts />
        </>
      ),
    },
  ]);
const rows = () => screen.findAllByTestId('social-link');

beforeEach(async () => {
  await i18n.changeLanguage('en');
  signInAs();
  server.reset();
  server.on('GET /api/my/social', social());
});

describe('linked accounts', () => {
  it("lists each link with the person's name there as text and since when", async () => {
    const { container } = open();
    const [vk, google] = await rows();
    expect(within(vk!).getByText('VK ID')).toBeTruthy();
    expect(within(vk!).getByTestId('social-link-name').textContent).toBe(
      '<script>alert(1)</script> Вася',
    );
    expect(container.querySelector('script')).toBeNull();
    expect(within(vk!).getByText(/^linked /)).toBeTruthy();
    expect(within(google!).queryByTestId('social-link-name')).toBeNull();
    expect(screen.queryByTestId('last-method')).toBeNull();
  });

  it('unlinks a provider and reads the list again', async () => {
    server.on('DELETE /api/my/social/vk', null);
    open();
    const [vk] = await rows();
    const unlink = within(vk!).getByTestId('unlink');
    expect(unlink.getAttribute('aria-label')).toBe('Unlink VK ID');
    server.on('GET /api/my/social', social({ links: social().links.slice(1) }));
    fireEvent.click(unlink);
    await waitFor(() => expect(screen.getAllByTestId('social-link')).toHaveLength(1));
    expect(server.api.request).toHaveBeenCalledWith(
      '/api/my/social/vk',
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it('disables unlinking, with the reason, when a link is the last way to sign in', async () => {
    server.on(
      'GET /api/my/social',
      social({ links: social().links.slice(0, 1), has_password: false, can_unlink: false }),
    );
    open();
    const [vk] = await rows();
    const unlink = within(vk!).getByTestId<HTMLButtonElement>('unlink');
    expect(unlink.disabled).toBe(true);
    const note = screen.getByTestId('last-method');
    expect(note.textContent).toContain('This is the only way to sign in to your account');
    expect(unlink.getAttribute('aria-describedby')).toBe(note.id);
  });

  it("shows the server's refusal of the last way to sign in", async () => {
    server.on('DELETE /api/my/social/vk', () => {
      throw apiFailure(422, 'The given data was invalid.', {
        provider: ['This is your only way to sign in. Set a password or link another site first.'],
      });
    });
    open();
    const [vk] = await rows();
    fireEvent.click(within(vk!).getByTestId('unlink'));
    expect((await screen.findByTestId('unlink-refused')).textContent).toBe(
      'This is your only way to sign in. Set a password or link another site first.',
    );
  });

  it('offers a link per available provider, each coming back to this page', async () => {
    open();
    await rows();
    const yandex = screen.getByTestId('link-yandex');
    expect(yandex.tagName).toBe('A');
    expect(yandex.textContent).toBe('Link Yandex');
    expect(yandex.getAttribute('href')).toBe(
      '/api/auth/social/yandex/redirect?intent=link&return_to=%2Fen%2Fmy%2Fsecurity',
    );
    const telegram = new URL(screen.getByTestId('link-telegram').getAttribute('href') ?? '');
    expect(telegram.origin + telegram.pathname).toBe('https://oauth.telegram.org/auth');
    expect(telegram.searchParams.get('bot_id')).toBe('123456');
    expect(telegram.searchParams.get('return_to')).toBe(
      `${window.location.origin}/en/auth/telegram?intent=link&return_to=%2Fen%2Fmy%2Fsecurity`,
    );
  });

  it('says when nothing is linked and there is nothing to link', async () => {
    server.on('GET /api/my/social', social({ links: [], available: [] }));
    open();
    expect((await screen.findByTestId('no-links')).textContent).toBe(
      'No account of another site is linked yet.',
    );
    expect(screen.queryByTestId('link-yandex')).toBeNull();
  });

  it('says which provider was linked by its own name, then closes and cleans the address', async () => {
    open('/en/my/security?linked=vk');
    await waitFor(() =>
      expect(screen.getByTestId('social-linked').textContent).toBe(
        'VK ID is linked: you can now sign in with it.',
      ),
    );
    fireEvent.click(within(screen.getByTestId('social-linked')).getByRole('button'));
    expect(screen.queryByTestId('social-linked')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/en/my/security');
  });

  it('never prints a provider the list does not know', async () => {
    open(`/en/my/security?linked=${encodeURIComponent('<b>evil</b>')}`);
    await rows();
    const alert = screen.getByTestId('social-linked');
    expect(alert.textContent).toBe('The account is linked: you can now sign in with it.');
    expect(alert.querySelector('b')).toBeNull();
  });

  it('says why linking failed', async () => {
    open('/en/my/security?social_error=social.linked_elsewhere');
    expect((await screen.findByTestId('social-error')).textContent).toBe(
      'That account of the other site is already linked to another account here.',
    );
  });
});
