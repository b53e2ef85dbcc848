import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  fakeServer,
  makeBan,
  makeComplaint,
  makeDetail,
  makeEvidence,
  page,
  signInWith,
} from '../../test/complaints-kit';
import { renderAt } from '../../test/profiles-render-kit';
import { i18n } from '../../i18n/i18n';
import { ComplaintPage } from './complaint-page';
import { ComplaintsPage } from './complaints-page';

const routes = [
  { path: '/:locale/complaints', element: <ComplaintsPage /> },
  { path: '/:locale/complaints/:complaintId', element: <ComplaintPage /> },
];
const open = (path: string) => renderAt(path, routes);

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the complaints list', () => {
  it('shows only "Mine" to a person without complaint.handle', async () => {
    signInWith(['complaint.create']);
    const server = fakeServer({
      'GET /api/complaints': { body: page([makeComplaint(3, { status: 'accepted' })]) },
    });
    open('/en/complaints?tab=open');
    const row = await screen.findByTestId('complaint-row-3');
    expect(screen.getByTestId('complaints-tab-mine')).toBeTruthy();
    expect(screen.queryByTestId('complaints-tab-open')).toBeNull();
    expect(screen.queryByTestId('complaints-tab-closed')).toBeNull();
    // Asking for another tab in the address does not get it.
    expect(server.calls[0]?.query).toEqual({ tab: 'mine', page: '1' });
    expect(within(row).getByTestId('complaint-status').textContent).toBe('Accepted');
    expect(within(row).getByTestId('complaint-target').textContent).toBe('Chat message');
    expect(within(row).queryByTestId('complaint-reports')).toBeNull();
  });

  it('gives staff the open and closed tabs, with how many reported each', async () => {
    signInWith(['complaint.create', 'complaint.handle']);
    const server = fakeServer({
      'GET /api/complaints': ({ query }) => ({
        body: page(query.tab === 'open' ? [makeComplaint(8, { reports_count: 4 })] : []),
      }),
    });
    open('/en/complaints');
    expect(await screen.findByTestId('complaints-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('complaints-tab-open'));
    const row = await screen.findByTestId('complaint-row-8');
    expect(within(row).getByTestId('complaint-reports').textContent).toBe('4');
    expect(screen.getByTestId('complaints-tab-closed')).toBeTruthy();
    expect(server.calls.map((c) => c.query.tab)).toEqual(['mine', 'open']);
  });
});

describe('a complaint', () => {
  it('shows the evidence as text: markup in it stays text', async () => {
    signInWith(['complaint.create']);
    const hostile = '<script>window.hacked = 1</script><b>bold</b>';
    fakeServer({
      'GET /api/complaints/5': {
        body: makeDetail(5, { evidence: makeEvidence({ text: hostile }), text: '<i>me</i>' }),
      },
    });
    const { container } = open('/en/complaints/5');
    const text = await screen.findByTestId('evidence-text');
    expect(text.textContent).toBe(hostile);
    expect(text.children).toHaveLength(0);
    expect(container.querySelector('script, b, i')).toBeNull();
    expect(screen.getByTestId('complaint-text').textContent).toBe('<i>me</i>');
    // The reporter has no staff buttons.
    expect(screen.queryByTestId('complaint-staff')).toBeNull();
    expect(screen.queryByTestId('complaint-take')).toBeNull();
    expect(screen.queryByTestId('complaint-accept')).toBeNull();
  });

  it('lets staff take it, then resolve it with a comment', async () => {
    signInWith(['complaint.create', 'complaint.handle']);
    let detail = makeDetail(6, { can: { take: true, resolve: false, comment: true } });
    const server = fakeServer({
      'GET /api/complaints/6': () => ({ body: detail }),
      'POST /api/complaints/6/take': () => {
        detail = { ...detail, status: 'taken', can: { take: false, resolve: true, comment: true } };
        return { body: makeComplaint(6, { status: 'taken' }) };
      },
      'POST /api/complaints/6/resolve': { body: makeComplaint(6, { status: 'accepted' }) },
    });
    open('/en/complaints/6');
    fireEvent.click(await screen.findByTestId('complaint-take'));
    const accept = await screen.findByTestId('complaint-accept');
    expect(screen.queryByTestId('complaint-take')).toBeNull();
    fireEvent.change(screen.getByTestId('complaint-resolution'), {
      target: { value: 'Gagged them, thanks' },
    });
    fireEvent.click(accept);
    await waitFor(() => expect(server.of('POST', '/api/complaints/6/resolve')).toHaveLength(1));
    expect(server.of('POST', '/api/complaints/6/resolve')[0]?.body).toEqual({
      status: 'accepted',
      comment: 'Gagged them, thanks',
    });
  });

  it('shows an appeal with the ban in words, and adds a comment to the thread', async () => {
    signInWith(['complaint.create']);
    const ban = makeBan(4, { comment: 'see the log' });
    const server = fakeServer({
      'GET /api/complaints/9': {
        body: makeDetail(9, { is_appeal: true, target_type: 'ban', reason: 'mistake', ban }),
      },
      'POST /api/complaints/9/comments': {
        status: 201,
        body: {
          id: 1,
          author: ban.user,
          staff: false,
          text: 'I did not',
          created_at: '2025-05-01T11:00:00.000Z',
        },
      },
    });
    open('/en/complaints/9');
    expect((await screen.findByTestId('ban-reason')).textContent).toBe('Taboo topics: Drugs');
    expect(screen.getByTestId('ban-type').textContent).toBe('Ban');
    expect(screen.getByTestId('ban-period').textContent).toBe('24 hours');
    expect(screen.getByTestId('complaint-reason').textContent).toBe('It was a mistake');
    fireEvent.change(screen.getByTestId('complaint-comment-text'), {
      target: { value: 'I did not' },
    });
    fireEvent.click(screen.getByTestId('complaint-comment-send'));
    expect((await screen.findByTestId('complaint-comment')).textContent).toContain('I did not');
    expect(server.of('POST', '/api/complaints/9/comments')[0]?.body).toEqual({ text: 'I did not' });
  });

  it('says so when the complaint is not the viewer’s to see', async () => {
    signInWith(['complaint.create']);
    fakeServer({});
    open('/en/complaints/77');
    expect((await screen.findByTestId('complaint-missing')).textContent).toContain(
      'There is no such complaint',
    );
  });
});
