import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer, makeBan, makeComplaint, page, signInWith } from '../../test/complaints-kit';
import { renderAt } from '../../test/profiles-render-kit';
import { useSessionStore } from '../../features/session/store';
import { i18n } from '../../i18n/i18n';
import { makePublicUser } from '../../../../../packages/shared/src/test/chat-fixtures';
import { ModerationPage } from './moderation-page';

const open = (path: string) =>
  renderAt(path, [{ path: '/:locale/moderation/:tab?', element: <ModerationPage /> }]);

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the moderation page', () => {
  it('shows only the tabs the viewer’s permissions allow, starting at the first', async () => {
    signInWith(['content.moderate', 'moderation.log']);
    fakeServer({
      'GET /api/moderation/queue': { body: page([]) },
      'GET /api/moderation/log': { body: page([]) },
    });
    open('/en/moderation');
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/en/moderation/queue'),
    );
    expect(await screen.findByTestId('queue-empty')).toBeTruthy();
    expect(screen.getByTestId('moderation-tab-queue')).toBeTruthy();
    expect(screen.getByTestId('moderation-tab-log')).toBeTruthy();
    expect(screen.queryByTestId('moderation-tab-bans')).toBeNull();
    expect(screen.queryByTestId('moderation-tab-complaints')).toBeNull();
  });

  it('sends a tab without its permission to a permitted one', async () => {
    signInWith(['moderation.log']);
    fakeServer({ 'GET /api/moderation/log': { body: page([]) } });
    open('/en/moderation/bans');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/en/moderation/log'));
  });

  it('turns away a person with no moderation permission, and a signed-out visitor', () => {
    signInWith(['complaint.create']);
    const { unmount } = open('/en/moderation/bans');
    expect(screen.getByTestId('moderation-forbidden')).toBeTruthy();
    unmount();
    useSessionStore.setState({ userData: null });
    open('/en/moderation');
    expect(screen.getByTestId('moderation-forbidden')).toBeTruthy();
  });

  it('lifts a ban early after a confirmation, with DELETE', async () => {
    signInWith(['banlist.view', 'user.ban', 'user.gag']);
    const server = fakeServer({
      'GET /api/moderation/bans': {
        body: page([
          makeBan(7),
          makeBan(8, { lifted_at: '2025-05-01T12:00:00.000Z', lift_reason: 'early' }),
        ]),
      },
      'DELETE /api/moderation/bans/7': { status: 204 },
    });
    open('/en/moderation/bans');
    const row = await screen.findByTestId('ban-row-7');
    expect(row.textContent).toContain('Taboo topics: Drugs');
    expect(server.calls[0]?.query).toEqual({ page: '1', status: 'active' });
    // A lifted one cannot be lifted again.
    expect(screen.queryByTestId('ban-lift-8')).toBeNull();
    fireEvent.click(within(row).getByTestId('ban-lift-7'));
    expect(server.of('DELETE', '/api/moderation/bans/7')).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('lift-confirm'));
    await waitFor(() => expect(server.of('DELETE', '/api/moderation/bans/7')).toHaveLength(1));
    // The list is read again.
    await waitFor(() => expect(server.of('GET', '/api/moderation/bans')).toHaveLength(2));
  });

  it('filters the banlist by status, reason and moderator', async () => {
    signInWith(['banlist.view']);
    const mod = makePublicUser({ id: 9, slug: 'mod' });
    const server = fakeServer({
      'GET /api/moderation/bans': { body: page([makeBan(7, { moderator: mod })]) },
    });
    open('/en/moderation/bans');
    await screen.findByTestId('ban-row-7');
    // Without user.ban nobody is offered a lift.
    expect(screen.queryByTestId('ban-lift-7')).toBeNull();
    fireEvent.click(screen.getByTestId('bans-status-past'));
    fireEvent.change(screen.getByTestId('bans-reason'), { target: { value: 'spam' } });
    fireEvent.click(await screen.findByTestId('filter-nick-9'));
    await waitFor(() =>
      expect(server.calls.at(-1)?.query).toEqual({
        page: '1',
        status: 'past',
        reason: 'spam',
        moderator_id: '9',
      }),
    );
    expect(screen.getByTestId('filter-chip').textContent).toContain('User9');
  });

  it('takes an open complaint from the complaints tab and opens it', async () => {
    signInWith(['complaint.handle']);
    const server = fakeServer({
      'GET /api/complaints': { body: page([makeComplaint(12)]) },
      'POST /api/complaints/12/take': { body: makeComplaint(12, { status: 'taken' }) },
    });
    open('/en/moderation/complaints');
    fireEvent.click(await screen.findByTestId('complaint-take-12'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/en/complaints/12'));
    expect(server.calls[0]?.query).toEqual({ tab: 'open', page: '1' });
  });

  it('refuses queued content only with a reason', async () => {
    signInWith(['content.moderate']);
    const review = {
      id: 3,
      subject_type: 'about',
      subject_id: 100,
      owner: makePublicUser({ id: 7 }),
      status: 'new',
      reason: null,
      moderator: null,
      text: '<img src=x onerror=alert(1)>',
      attachment: null,
      created_at: '2025-05-01T10:00:00.000Z',
      updated_at: '2025-05-01T10:00:00.000Z',
    };
    const server = fakeServer({
      'GET /api/moderation/queue': { body: page([review]) },
      'POST /api/moderation/queue/3': { body: { ...review, status: 'refused' } },
    });
    const { container } = open('/en/moderation/queue');
    expect((await screen.findByTestId('queue-text')).textContent).toBe(review.text);
    expect(container.querySelector('img[onerror]')).toBeNull();
    fireEvent.click(screen.getByTestId('queue-refuse'));
    fireEvent.click(screen.getByTestId('queue-refuse-confirm'));
    expect(server.of('POST', '/api/moderation/queue/3')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('queue-reason'), { target: { value: 'Ads' } });
    fireEvent.click(screen.getByTestId('queue-refuse-confirm'));
    await waitFor(() =>
      expect(server.of('POST', '/api/moderation/queue/3')[0]?.body).toEqual({
        status: 'refused',
        comment: 'Ads',
      }),
    );
  });
});
