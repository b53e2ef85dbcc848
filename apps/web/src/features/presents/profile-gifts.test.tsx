import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makePublicUser } from '../../../../../packages/shared/src/test/chat-fixtures';
import { i18n } from '../../i18n/i18n';
import { makeUserData } from '../../test/chat-kit';
import { fakeServer } from '../../test/complaints-kit';
import { makeGift, makeSentGift, signInRegistered } from '../../test/premium-kit';
import { ProfileView } from '../profiles/components/profile-view';
import { renderAt } from '../../test/profiles-render-kit';
import { makeProfile } from '../../test/profiles-kit';
import { useSessionStore } from '../session/store';

const hostile = '<img src=x onerror="window.hacked=1"><b>love</b>';

function show(profile = makeProfile()) {
  return renderAt('/en/profile/anna', [
    {
      path: '/:locale/profile/:slug',
      element: <ProfileView profile={profile} viewerIsGuest={false} />,
    },
  ]);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe("a profile's gifts", () => {
  it('shows picture, sender or "Anonymous", the words as text and the date', () => {
    signInRegistered();
    const { container } = show(
      makeProfile({
        gifts: [
          makeSentGift(1, { text: hostile }),
          makeSentGift(2, { sender: null, anonymous: true, gift: makeGift(4, { name: 'Cake' }) }),
        ],
      }),
    );
    const section = screen.getByTestId('profile-gifts');
    const first = within(section).getByTestId('profile-gift-1');
    expect(within(first).getByTestId('gift-sender').textContent).toBe('from User7');
    const words = within(first).getByTestId('gift-text');
    expect(words.textContent).toBe(hostile);
    expect(words.children).toHaveLength(0);
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/assets/gifts/gift-1.svg');
    expect(within(first).getByText('1 May 2025')).toBeTruthy();
    const second = within(section).getByTestId('profile-gift-2');
    expect(within(second).getByTestId('gift-sender').textContent).toBe('from an anonymous sender');
    expect(container.querySelector('b, img[src="x"]')).toBeNull();
  });

  it('marks a private gift "only you see this" for its recipient', () => {
    const me = makeUserData({ id: 3 });
    useSessionStore.setState({ userData: me, initialized: true });
    show(
      makeProfile({
        user: makePublicUser({ id: 3, slug: 'anna' }),
        is_self: true,
        gifts: [makeSentGift(1, { private: true })],
      }),
    );
    expect(screen.getByTestId('gift-private-mark').textContent).toBe('Only you see this');
    // Not to oneself.
    expect(screen.queryByTestId('gift-open')).toBeNull();
  });

  it('lets the recipient hide a gift, others report it, staff remove its text (abilities)', async () => {
    const me = makeUserData({ id: 3 });
    useSessionStore.setState({ userData: me, initialized: true });
    const server = fakeServer({
      'POST /api/gifts/1/hide': { body: makeSentGift(1, { hidden: true }) },
    });
    const mine = show(
      makeProfile({
        user: makePublicUser({ id: 3, slug: 'anna' }),
        is_self: true,
        gifts: [
          makeSentGift(1, {
            text: 'rude',
            abilities: { hide: true, report: false, remove_text: false },
          }),
          makeSentGift(2, {
            hidden: true,
            abilities: { hide: true, report: false, remove_text: false },
          }),
        ],
      }),
    );
    expect(screen.getByTestId('gift-hide-1').textContent).toBe('Hide from my profile');
    expect(screen.getByTestId('gift-hide-2').textContent).toBe('Show on my profile');
    expect(screen.getByTestId('gift-hidden-mark').textContent).toBe('Hidden from others');
    expect(screen.queryByTestId('report-gift-1')).toBeNull();
    fireEvent.click(screen.getByTestId('gift-hide-1'));
    await vi.waitFor(() =>
      expect(server.of('POST', '/api/gifts/1/hide').map((c) => c.body)).toEqual([{ hidden: true }]),
    );
    mine.unmount();

    signInRegistered();
    show(
      makeProfile({
        gifts: [
          makeSentGift(1, {
            text: 'rude',
            abilities: { hide: false, report: true, remove_text: true },
          }),
          makeSentGift(3, {
            text_removed: true,
            abilities: { hide: false, report: false, remove_text: false },
          }),
        ],
      }),
    );
    expect(screen.queryByTestId('gift-hide-1')).toBeNull();
    expect(screen.getByTestId('report-gift-1')).toBeTruthy();
    expect(screen.getByTestId('gift-remove-text-1')).toBeTruthy();
    expect(screen.queryByTestId('gift-actions-3')).toBeNull();
    expect(screen.getByTestId('gift-text-removed').textContent).toBe(
      'The text was removed by a moderator.',
    );
  });

  it('offers "Send a gift" to a registered viewer and opens the catalogue', async () => {
    signInRegistered();
    fakeServer({ 'GET /api/gifts': { body: [makeGift(1)] } });
    show(makeProfile({ user: makePublicUser({ id: 3, slug: 'anna', premium: true }) }));
    expect(screen.getByTestId('profile-premium')).toBeTruthy();
    expect(screen.getByTestId('profile-no-gifts').textContent).toBe('No gifts yet');
    fireEvent.click(screen.getByTestId('gift-open'));
    expect(await screen.findByTestId('gift-1')).toBeTruthy();
  });

  it('does not offer gifts to a guest, nor from a guest', () => {
    const guest = makeUserData({ id: 5, roles: ['guest'] });
    useSessionStore.setState({ userData: guest, initialized: true });
    const first = show();
    expect(screen.queryByTestId('gift-open')).toBeNull();
    first.unmount();
    signInRegistered();
    show(makeProfile({ user: makePublicUser({ id: 4, slug: 'g', roles: ['guest'] }) }));
    expect(screen.queryByTestId('gift-open')).toBeNull();
    expect(screen.queryByTestId('premium-give')).toBeNull();
  });
});
