import type { BanWire, MyBan } from '@chat/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/api-kit';
import { makeBan } from '../../test/sanctions-kit';
import { useSessionStore } from '../../features/session/store';
import { renderAt } from '../../test/profiles-render-kit';
import { i18n } from '../../i18n/i18n';
import { makeUserData } from '../../test/chat-kit';
import { BannedPage } from './banned-page';

const server = {
  get: vi.fn<(path: string, options?: unknown) => Promise<{ data: unknown }>>(),
  post: vi.fn(),
  request: vi.fn<(path: string, options?: unknown) => Promise<{ data: unknown; status: number }>>(),
};
fakeApi(server);

function serveMyBan(answer: MyBan) {
  server.get.mockImplementation(async (path) => {
    if (path === '/api/my/ban') return { data: answer };
    throw new Error(`unexpected GET ${path}`);
  });
}

function open() {
  return renderAt('/en/banned', [
    { path: '/:locale/banned', element: <BannedPage /> },
    { path: '/:locale/chat', element: <p>the chat</p> },
  ]);
}

const inAnHour = () => new Date(Date.now() + 3_600_000 + 30_000).toISOString();

function tabooBan(overrides: Partial<BanWire> = {}): BanWire {
  return makeBan({
    reason: 'taboo',
    taboo: 'drugs',
    comment: 'Read the rules, please.',
    moderator: null,
    evidence: {
      kind: 'message',
      id: 44,
      author: null,
      text: '<b>buy</b> here',
      attachments: [],
      room_id: 1,
      channel_id: null,
      created_at: null,
    },
    expires_at: inAnHour(),
    ...overrides,
  });
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  server.get.mockReset();
  server.request.mockReset();
  useSessionStore.setState({ userData: makeUserData({ id: 100 }), initialized: true });
});

describe('/banned', () => {
  it('says what, why in words, by whom, the comment, the message, and the time left', async () => {
    serveMyBan({ gag: null, ban: tabooBan() });
    const { container } = open();
    expect(await screen.findByTestId('sanction-card-ban')).toBeTruthy();
    expect(screen.getByTestId('sanction-type').textContent).toBe('Ban');
    expect(screen.getByTestId('sanction-reason').textContent).toBe('Taboo topics: Drugs');
    expect(screen.getByTestId('sanction-moderator').textContent).toBe('a moderator');
    expect(screen.getByTestId('sanction-comment').textContent).toBe('Read the rules, please.');
    // The evidence is text, never markup.
    expect(screen.getByTestId('sanction-evidence').textContent).toBe('<b>buy</b> here');
    expect(container.querySelector('dd b')).toBeNull();
    expect(screen.getByTestId('sanction-countdown').textContent).toMatch(/^1:00:\d\d left$/);
  });

  it('says "Forever" for a ban without an end, and names the moderator when the site does', async () => {
    serveMyBan({ gag: null, ban: makeBan({ expires_at: null, type: 'full_ban', type_id: 3 }) });
    open();
    expect((await screen.findByTestId('sanction-ends')).textContent).toBe('Forever');
    expect(screen.getByTestId('sanction-moderator').textContent).toBe('Moder');
    expect(screen.getByTestId('sanction-type').textContent).toBe('Full ban from the chat');
  });

  it('files an appeal against the ban and then links to it', async () => {
    const ban = tabooBan();
    serveMyBan({ gag: null, ban });
    server.request.mockResolvedValue({ data: { id: 77, status: 'open' }, status: 201 });
    open();
    fireEvent.click(await screen.findByTestId('appeal-open'));
    fireEvent.click(screen.getByLabelText('It is too harsh'));
    fireEvent.change(screen.getByTestId('appeal-text'), { target: { value: ' I was quoting ' } });
    fireEvent.click(screen.getByTestId('appeal-send'));
    const link = await screen.findByTestId('appeal-link');
    expect(server.request).toHaveBeenCalledWith('/api/complaints', {
      method: 'POST',
      body: { target_type: 'ban', target_id: ban.id, reason: 'too_harsh', text: 'I was quoting' },
      handlesValidation: true,
    });
    expect(link.getAttribute('href')).toBe('/en/complaints/77');
  });

  it('shows an existing appeal with its status instead of the button', async () => {
    serveMyBan({ gag: null, ban: tabooBan({ appeal: { id: 12, status: 'taken' } }) });
    open();
    expect((await screen.findByTestId('appeal-status')).textContent).toContain(
      'a moderator is on it',
    );
    expect(screen.getByTestId('appeal-link').getAttribute('href')).toBe('/en/complaints/12');
    expect(screen.queryByTestId('appeal-open')).toBeNull();
  });

  it('tells a visitor who is not banned so, with the way to the chat', async () => {
    serveMyBan({ gag: null, ban: null });
    open();
    expect((await screen.findByTestId('not-banned')).textContent).toContain('You are not banned');
  });

  it('sends the person back to the chat when the ban is over', async () => {
    serveMyBan({ gag: null, ban: tabooBan() });
    open();
    await screen.findByTestId('sanction-card-ban');
    serveMyBan({ gag: null, ban: null });
    useSessionStore.getState().setSanctions({ gag: null, ban: null });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/en/chat'));
  });
});
