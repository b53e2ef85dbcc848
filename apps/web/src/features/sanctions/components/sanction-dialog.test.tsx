import type { SanctionSummary } from '@chat/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  makeRoomDetail,
  makeRoomUser,
} from '../../../../../../packages/shared/src/test/chat-fixtures';
import { i18n } from '../../../i18n/i18n';
import { fakeApi } from '../../../test/api-kit';
import { makeChatStore, renderChat, signInAs } from '../../../test/chat-kit';
import { UserList } from '../../chat/components/users/user-list';
import { useChatStore } from '../../chat/store';
import { renderAt } from '../../../test/profiles-render-kit';
import { makeBan, makeSummary } from '../../../test/sanctions-kit';
import { SanctionButton } from './sanction-button';

const server = {
  get: vi.fn<(path: string, options?: unknown) => Promise<{ data: unknown }>>(),
  post: vi.fn<(path: string, body?: unknown) => Promise<{ data: unknown }>>(),
  request: vi.fn<(path: string, options?: unknown) => Promise<{ data: unknown }>>(),
};
fakeApi(server);

function serve(summary: SanctionSummary) {
  server.get.mockImplementation(async (path) => {
    if (path === '/api/moderation/users/3') return { data: summary };
    throw new Error(`unexpected GET ${path}`);
  });
}

function openDialog(summary = makeSummary()) {
  serve(summary);
  renderAt('/en/chat', [
    {
      path: '/:locale/chat',
      element: (
        <SanctionButton
          userId={3}
          nick="Anna"
          messageId={44}
          messageText="spam spam"
          className="x"
          testId="shield"
        />
      ),
    },
  ]);
  fireEvent.click(screen.getByTestId('shield'));
  return screen.findByTestId('sanction-dialog');
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  server.get.mockReset();
  server.post.mockReset();
  server.request.mockReset();
  signInAs({ roles: ['moderator'] });
});

describe('the two-click sanction', () => {
  it('preselects a gag and the suggested period, and says why it is suggested', async () => {
    await openDialog();
    expect(await screen.findByTestId('sanction-violations')).toHaveProperty(
      'textContent',
      '2 violations in the last 180 days',
    );
    expect(screen.getByTestId<HTMLSelectElement>('sanction-period').value).toBe('1h');
    expect(screen.getByLabelText<HTMLInputElement>('Gag').checked).toBe(true);
  });

  it('asks to confirm a reason before giving the sanction, with the message as evidence', async () => {
    server.post.mockResolvedValue({
      data: makeBan({ id: 8, user_id: 3, type: 'gag', type_id: 1 }),
    });
    const removed = vi.spyOn(useChatStore.getState(), 'userBanned');
    await openDialog();
    fireEvent.change(await screen.findByTestId('sanction-comment'), {
      target: { value: ' calm down ' },
    });
    fireEvent.click(screen.getByTestId('sanction-reason-flood'));
    // A reason alone gives nothing: what would be given is said once more.
    expect(server.post).not.toHaveBeenCalled();
    expect(screen.getByTestId('sanction-confirm-step').textContent).toContain('Gag: Anna');
    expect(screen.getByTestId('sanction-confirm-details').textContent).toBe(
      '1 hour · reason: Flood',
    );
    // "Back" takes the choice back; the form keeps what was typed.
    fireEvent.click(screen.getByTestId('sanction-back'));
    expect(screen.getByTestId<HTMLTextAreaElement>('sanction-comment').value).toBe(' calm down ');
    fireEvent.click(screen.getByTestId('sanction-reason-flood'));
    fireEvent.click(screen.getByTestId('sanction-confirm'));
    await waitFor(() => expect(screen.queryByTestId('sanction-dialog')).toBeNull());
    expect(server.post).toHaveBeenCalledWith('/api/moderation/bans', {
      user_id: 3,
      type: 'gag',
      period: '1h',
      reason: 'flood',
      comment: 'calm down',
      message_id: 44,
    });
    expect(removed).toHaveBeenCalledWith(expect.objectContaining({ user_id: 3, type: 'gag' }));
  });

  it('lets the period be overridden, and asks the topic of a taboo', async () => {
    server.post.mockResolvedValue({ data: makeBan({ user_id: 3 }) });
    await openDialog();
    fireEvent.click(await screen.findByLabelText('Ban'));
    fireEvent.change(screen.getByTestId('sanction-period'), { target: { value: '7d' } });
    fireEvent.click(screen.getByTestId('sanction-reason-taboo'));
    expect(server.post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('sanction-taboo-drugs'));
    fireEvent.click(screen.getByTestId('sanction-confirm'));
    await waitFor(() => expect(server.post).toHaveBeenCalled());
    expect(server.post.mock.calls[0]).toEqual([
      '/api/moderation/bans',
      { user_id: 3, type: 'ban', period: '7d', reason: 'taboo', taboo: 'drugs', message_id: 44 },
    ]);
  });

  it('warns through its own call, without a period', async () => {
    server.post.mockResolvedValue({ data: {} });
    await openDialog();
    fireEvent.click(await screen.findByLabelText('Warning'));
    expect(screen.queryByTestId('sanction-period')).toBeNull();
    fireEvent.click(screen.getByTestId('sanction-reason-spam'));
    fireEvent.click(screen.getByTestId('sanction-confirm'));
    await waitFor(() =>
      expect(server.post).toHaveBeenCalledWith('/api/moderation/warnings', {
        user_id: 3,
        reason: 'spam',
        message_id: 44,
      }),
    );
  });

  it('marks a troll from the same dialog', async () => {
    server.request.mockResolvedValue({ data: null });
    await openDialog();
    fireEvent.click(await screen.findByTestId('sanction-troll'));
    await waitFor(() =>
      expect(server.request).toHaveBeenCalledWith('/api/moderation/trolls/3', { method: 'POST' }),
    );
    await waitFor(() => expect(useChatStore.getState().trolls.has(3)).toBe(true));
  });

  it('says why and offers nothing when this user may not be sanctioned', async () => {
    const dialog = await openDialog(makeSummary({ can_sanction: false }));
    expect(await within(dialog).findByTestId('sanction-cannot')).toBeTruthy();
    expect(within(dialog).queryByTestId('sanction-reason-flood')).toBeNull();
    expect(within(dialog).queryByTestId('sanction-troll')).toBeNull();
  });
});

describe('the shield', () => {
  const withList = () => {
    const kit = makeChatStore({
      rooms: {
        rooms: [
          makeRoomDetail({ id: 1, users: [makeRoomUser({ id: 100 }), makeRoomUser({ id: 3 })] }),
        ],
        available: [],
        currentRoomId: 1,
      },
    });
    renderChat(<UserList roomId={1} />, { store: kit.store });
  };

  it('is on other people’s rows for those who may sanction, never on mine', () => {
    withList();
    const shields = screen.getAllByTestId('user-sanction');
    expect(shields).toHaveLength(1);
    expect(shields[0]?.closest('[data-testid="room-user-3"]')).toBeTruthy();
  });

  it('is hidden without the permission, whatever the role is called', () => {
    signInAs({ roles: ['user'] });
    withList();
    expect(screen.queryByTestId('user-sanction')).toBeNull();
  });
});
