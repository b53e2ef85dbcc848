import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makePublicUser } from '../../../../../../packages/shared/src/test/chat-fixtures';
import { i18n } from '../../../i18n/i18n';
import { fakeApi } from '../../../test/api-kit';
import { useSessionStore } from '../../session/store';
import { signInAs } from '../../../test/chat-kit';
import { renderAt } from '../../../test/profiles-render-kit';
import { makeProfile } from '../../../test/profiles-kit';
import { ProfileRoleActions } from './profile-role-actions';

const server = {
  get: vi.fn(),
  post: vi.fn<(path: string, body?: unknown) => Promise<{ data: unknown }>>(),
  request: vi.fn(),
};
fakeApi(server);

const profile = (roles: string[]) =>
  makeProfile({ user: makePublicUser({ id: 3, slug: 'anna', roles }), is_self: false });

function open(roles = ['user']) {
  renderAt('/en/profile/anna', [
    { path: '/:locale/profile/:slug', element: <ProfileRoleActions profile={profile(roles)} /> },
  ]);
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  server.post.mockReset();
});

describe('role buttons on a profile', () => {
  it('are shown only to those who may manage roles (a moderator may not)', () => {
    signInAs({ roles: ['moderator'] });
    open();
    expect(screen.queryByTestId('profile-role-actions')).toBeNull();
  });

  it('offer the other roles, and change one after a confirmation', async () => {
    signInAs({ roles: ['admin'] });
    server.post.mockResolvedValue({ data: makePublicUser({ id: 3, roles: ['moderator'] }) });
    open(['user']);
    expect(screen.queryByTestId('make-user')).toBeNull();
    fireEvent.click(screen.getByTestId('make-moderator'));
    expect(server.post).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('role-confirm'));
    await waitFor(() =>
      expect(server.post).toHaveBeenCalledWith('/api/admin/users/3/role', { role: 'moderator' }),
    );
  });

  it('offer nothing on another admin’s profile until the permission table gives that right', async () => {
    const data = signInAs({ roles: ['admin'] });
    open(['user', 'moderator', 'admin']);
    expect(screen.queryByTestId('profile-role-actions')).toBeNull();
    act(() =>
      useSessionStore.setState({
        userData: { ...data, permissions: [...data.permissions, 'roles.manage_admins'] },
      }),
    );
    expect(await screen.findByTestId('make-moderator')).toBeTruthy();
  });

  it('offer nothing on a guest’s profile', () => {
    signInAs({ roles: ['admin'] });
    open(['guest']);
    expect(screen.queryByTestId('profile-role-actions')).toBeNull();
  });
});
