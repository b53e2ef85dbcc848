import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Dropdown } from 'react-bootstrap';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { useToastsStore } from '../toasts/store';
import { ComplaintDialog, ComplaintDialogHost } from './components/complaint-dialog';
import { ReportButton, ReportMenuItem } from './components/report-item';
import { openComplaintDialog, useComplaintDialog } from './dialog-store';
import { fakeServer, makeComplaint, signInWith, VIEWER } from '../../test/complaints-kit';

const toasts = () => useToastsStore.getState().toasts.map((t) => t.text);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  useToastsStore.setState({ toasts: [] });
  useComplaintDialog.setState({ subject: null });
  signInWith(['complaint.create']);
});

const host = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <ComplaintDialogHost />
    </I18nextProvider>,
  );

describe('the complaint dialog', () => {
  it('posts the target, the chosen reason and the text, and says "sent" on a 201', async () => {
    const server = fakeServer({ 'POST /api/complaints': { status: 201, body: makeComplaint(1) } });
    host();
    openComplaintDialog({ type: 'message', id: 55 });
    const submit = await screen.findByTestId<HTMLButtonElement>('complaint-submit');
    // No reason yet: nothing to send.
    expect(submit.disabled).toBe(true);
    expect(screen.queryByTestId('complaint-reason-mistake')).toBeNull();
    fireEvent.click(screen.getByTestId('complaint-reason-spam'));
    fireEvent.change(screen.getByTestId('complaint-text'), { target: { value: '  ads again  ' } });
    fireEvent.click(submit);
    await waitFor(() => expect(useComplaintDialog.getState().subject).toBeNull());
    expect(server.of('POST', '/api/complaints').map((c) => c.body)).toEqual([
      { target_type: 'message', target_id: 55, reason: 'spam', text: 'ads again' },
    ]);
    expect(toasts()).toContain(
      'Sent. A moderator will look at it; you will see the answer in Complaints.',
    );
  });

  it('leaves the text out when empty, and says "merged" on a 200', async () => {
    const server = fakeServer({ 'POST /api/complaints': { status: 200, body: makeComplaint(1) } });
    host();
    openComplaintDialog({ type: 'photo', id: 12 });
    fireEvent.click(await screen.findByTestId('complaint-reason-adult'));
    fireEvent.click(screen.getByTestId('complaint-submit'));
    await waitFor(() =>
      expect(toasts()).toContain('This was already reported; we added your report to it.'),
    );
    expect(server.calls[0]?.body).toEqual({ target_type: 'photo', target_id: 12, reason: 'adult' });
  });

  it('offers the appeal reasons for a ban', async () => {
    const server = fakeServer({ 'POST /api/complaints': { status: 201, body: makeComplaint(2) } });
    render(
      <I18nextProvider i18n={i18n}>
        <ComplaintDialog targetType="ban" targetId={4} onClose={() => undefined} />
      </I18nextProvider>,
    );
    expect(screen.queryByTestId('complaint-reason-spam')).toBeNull();
    fireEvent.click(screen.getByTestId('complaint-reason-too_harsh'));
    fireEvent.click(screen.getByTestId('complaint-submit'));
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]?.body).toEqual({
      target_type: 'ban',
      target_id: 4,
      reason: 'too_harsh',
    });
  });
});

describe('report entries', () => {
  const renderEntries = (ownerId: number) =>
    render(
      <I18nextProvider i18n={i18n}>
        <Dropdown show>
          <Dropdown.Menu>
            <ReportMenuItem subject={{ type: 'message', id: 3 }} ownerId={ownerId} />
          </Dropdown.Menu>
        </Dropdown>
        <ReportButton subject={{ type: 'user', id: ownerId }} ownerId={ownerId} />
      </I18nextProvider>,
    );

  it('open the dialog about someone else', () => {
    renderEntries(7);
    fireEvent.click(screen.getByTestId('report-message-3'));
    expect(useComplaintDialog.getState().subject).toEqual({ type: 'message', id: 3 });
    expect(screen.getByTestId('report-user-7')).toBeTruthy();
  });

  it('are not offered on one’s own content', () => {
    renderEntries(VIEWER);
    expect(screen.queryByTestId('report-message-3')).toBeNull();
    expect(screen.queryByTestId(`report-user-${VIEWER}`)).toBeNull();
  });

  it('are not offered without the permission', () => {
    signInWith([]);
    renderEntries(7);
    expect(screen.queryByTestId('report-message-3')).toBeNull();
  });
});
