import type { Profile } from '@chat/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeNick, makePublicUser } from '../../../../../packages/shared/src/test/chat-fixtures';
import { i18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-error';
import { ProfilePage } from '../../pages/profile/profile-page';
import { fakeApi } from '../../test/api-kit';
import { makeUserData } from '../../test/chat-kit';
import { useChatStore } from '../chat/store';
import { useSessionStore } from '../session/store';
import { renderAt } from '../../test/profiles-render-kit';
import { makeProfile } from '../../test/profiles-kit';

const server = {
  get: vi.fn<(path: string, options?: unknown) => Promise<{ data: unknown; meta?: unknown }>>(),
  post: vi.fn<(path: string, body?: unknown) => Promise<{ data: unknown }>>(),
  request: vi.fn<(path: string, options?: unknown) => Promise<{ data: unknown }>>(),
};
fakeApi(server);

let profile: Profile;

function serve(p: Profile | 'missing') {
  server.get.mockImplementation(async (path) => {
    if (path.startsWith('/api/profile/')) {
      if (p === 'missing') throw new ApiError(404, 'Not found');
      return { data: profile };
    }
    throw new Error(`unexpected GET ${path}`);
  });
  if (p !== 'missing') profile = p;
}

function open(slug = 'anna', locale = 'en') {
  return renderAt(`/${locale}/profile/${slug}`, [
    { path: '/:locale/profile/:slug', element: <ProfilePage /> },
  ]);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  server.get.mockReset();
  server.post.mockReset();
  server.request.mockReset();
  useSessionStore.setState({ userData: makeUserData({ id: 100 }) });
  useChatStore.getState().hydrate({ ignored_users: [] });
});

describe('profile page', () => {
  it('shows the fields, with about me and the nick as typed (markup stays text)', async () => {
    serve(
      makeProfile({
        user: makePublicUser({
          id: 3,
          slug: 'anna',
          nick: { ...makeNick('<b>Anna</b>'), color: '#ff0066' },
          roles: ['user', 'moderator'],
          premium: true,
          frame: '/assets/frames/gold.png',
        }),
        about: '<script>alert(1)</script> I like <i>cats</i>',
        gender: 'female',
        age: 25,
        marital_status: 'married',
        partner: makePublicUser({ id: 4, slug: 'bob', nick: makeNick('Bob') }),
        friends: [makePublicUser({ id: 5, slug: 'carl', nick: makeNick('Carl') })],
        friends_count: 7,
        statistics: { ...makeProfile().statistics, last_online: null, stealth_percent: 12.6 },
      }),
    );
    const { container } = open();
    const nick = await screen.findByTestId('profile-nick');
    expect(nick.textContent).toBe('<b>Anna</b>');
    expect(screen.getByTestId('profile-about').textContent).toBe(
      '<script>alert(1)</script> I like <i>cats</i>',
    );
    expect(container.querySelector('script, b, i')).toBeNull();
    expect(screen.getByTestId('profile-premium')).toBeTruthy();
    expect(screen.getAllByTestId('profile-role').map((b) => b.textContent)).toEqual([
      'user',
      'moderator',
    ]);
    expect(screen.getByTestId('avatar-frame').getAttribute('src')).toBe('/assets/frames/gold.png');
    expect(screen.getByTestId('profile-gender').textContent).toBe('Female');
    expect(screen.getByTestId('profile-age').textContent).toBe('25 years');
    expect(screen.getByTestId('profile-marital').textContent).toBe('Married with Bob');
    expect(screen.getByTestId('profile-partner').getAttribute('href')).toBe('/en/profile/bob');
    expect(screen.getByTestId('profile-friend-5').getAttribute('href')).toBe('/en/profile/carl');
    expect(screen.getByTestId('profile-friends').textContent).toContain('and 6 more');
    expect(screen.getByTestId('profile-no-gifts').textContent).toBe('No gifts yet');
    expect(screen.getByTestId('stat-last-online').textContent).toBe('hidden');
    expect(screen.getByTestId('stat-public').textContent).toBe('12');
    expect(screen.getByTestId('stat-stealth').textContent).toBe('13% of the time');
    expect(screen.getByTestId('stat-registered').textContent).toBe('15 January 2023');
    // Complaints do not exist yet: no button pretends they do.
    expect(screen.queryByText(/complain/i)).toBeNull();
  });

  it('labels marital status by gender in Russian and drops a partner the status does not take', async () => {
    await i18n.changeLanguage('ru');
    serve(
      makeProfile({
        gender: 'female',
        age: 22,
        marital_status: 'not-married',
        partner: makePublicUser({ id: 4, slug: 'bob' }),
      }),
    );
    open('anna', 'ru');
    expect((await screen.findByTestId('profile-marital')).textContent).toBe('Не замужем');
    expect(screen.getByTestId('profile-age').textContent).toBe('22 года');
    expect(screen.queryByTestId('profile-partner')).toBeNull();
  });

  it('opens the photos in the full-screen viewer', async () => {
    const attachment = (id: number) => ({
      id,
      kind: 'image',
      status: 'complete',
      url: `/storage/p${id}.webp`,
      thumb_url: `/storage/p${id}-t.webp`,
      width: 100,
      height: 100,
      adult: 0,
    });
    serve(
      makeProfile({
        photos: [1, 2].map((id) => ({
          id,
          attachment: attachment(id) as never,
          status: 'accepted' as const,
          moderation: null,
          created_at: '2024-01-01T00:00:00Z',
        })),
      }),
    );
    open();
    const thumbs = await screen.findAllByTestId('profile-photo');
    expect(thumbs).toHaveLength(2);
    fireEvent.click(thumbs[1]!);
    expect(await screen.findByText('2 / 2')).toBeTruthy();
  });

  it.each([
    [null, 'friend-add', '/api/friends/3', undefined],
    ['outgoing', 'friend-cancel', '/api/friends/3', { _method: 'DELETE' }],
    ['incoming', 'friend-accept', '/api/friends/3', undefined],
    ['incoming', 'friend-decline', '/api/friends/3', { _method: 'DELETE' }],
    ['friend', 'friend-remove', '/api/friends/3', { _method: 'DELETE' }],
  ] as const)(
    'friendship %s: %s posts %s and reads the profile again',
    async (state, button, path, body) => {
      serve(makeProfile({ friendship: state, is_friend: state === 'friend' }));
      server.post.mockResolvedValue({ data: null });
      open();
      fireEvent.click(await screen.findByTestId(button));
      await waitFor(() => expect(server.post).toHaveBeenCalledWith(path, ...(body ? [body] : [])));
      // The profile read twice (the person's art, under it, is a read of its own).
      const profileReads = () =>
        server.get.mock.calls.filter(([path]) => String(path).startsWith('/api/profile/')).length;
      await waitFor(() => expect(profileReads()).toBe(2));
      if (state) {
        expect(screen.getByTestId('profile-friendship').textContent).toBe(
          i18n.t(`profiles:actions.status.${state}`),
        );
      }
    },
  );

  it('ignores through the chat (its lists follow), and unignores', async () => {
    serve(makeProfile({ ignoring: false }));
    // The server's word after each: the profile read again says whether I ignore them.
    server.post.mockImplementation(async () => {
      profile = { ...profile, ignoring: true };
      return { data: [3] };
    });
    server.request.mockImplementation(async () => {
      profile = { ...profile, ignoring: false };
      return { data: [] };
    });
    open();
    fireEvent.click(await screen.findByTestId('profile-ignore'));
    await waitFor(() => expect(useChatStore.getState().ignoredUsers.has(3)).toBe(true));
    expect(server.post.mock.calls[0]?.[0]).toBe('/api/ignore/3');
    await waitFor(() =>
      expect(screen.getByTestId('profile-ignore').textContent).toBe('Stop ignoring'),
    );
    expect(screen.getByTestId('profile-ignoring')).toBeTruthy();
    fireEvent.click(screen.getByTestId('profile-ignore'));
    await waitFor(() => expect(useChatStore.getState().ignoredUsers.has(3)).toBe(false));
    expect(server.request.mock.calls[0]?.[0]).toBe('/api/ignore/3');
  });

  it('writes a private message: opens the conversation in the messenger', async () => {
    serve(makeProfile());
    server.post.mockImplementation(async (path) => {
      if (path === '/api/im/channels')
        return {
          data: {
            id: 42,
            user: makeProfile().user,
            last_message: null,
            new_messages: 0,
            updated_at: '',
            blocked: null,
          },
        };
      throw new Error(path);
    });
    open();
    fireEvent.click(await screen.findByTestId('profile-write'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/en/im/42'));
  });

  it('tells a guest that actions are for registered users, and shows a guest profile plainly', async () => {
    useSessionStore.setState({ userData: makeUserData({ id: 101, roles: ['guest'] }) });
    serve(makeProfile({ user: makePublicUser({ id: 3, slug: 'guest-3', roles: ['guest'] }) }));
    open('guest-3');
    expect((await screen.findByTestId('profile-guest-note')).textContent).toBe(
      'This action is only available for registered users.',
    );
    expect(screen.queryByTestId('profile-actions')).toBeNull();
    expect(screen.getByTestId('profile-stats')).toBeTruthy();
    expect(screen.queryByTestId('profile-section-about')).toBeNull();
    expect(screen.queryByTestId('profile-section-friends')).toBeNull();
  });

  it('a visitor without a session is told the same', async () => {
    useSessionStore.setState({ userData: null });
    serve(makeProfile());
    open();
    expect(await screen.findByTestId('profile-guest-note')).toBeTruthy();
    expect(screen.queryByTestId('friend-add')).toBeNull();
  });

  it('my own profile links to the edit form instead of actions', async () => {
    serve(makeProfile({ is_self: true }));
    open();
    const actions = await screen.findByTestId('profile-actions');
    expect(within(actions).getByTestId('profile-edit').getAttribute('href')).toBe('/en/my/profile');
    expect(screen.queryByTestId('friend-add')).toBeNull();
    expect(screen.queryByTestId('profile-write')).toBeNull();
  });

  it('an unknown slug shows the not-found state', async () => {
    serve('missing');
    open('nobody');
    expect(await screen.findByTestId('profile-not-found')).toBeTruthy();
    expect(screen.queryByTestId('profile-page')).toBeNull();
  });
});
