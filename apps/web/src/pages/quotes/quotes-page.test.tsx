import type { Quote } from '@chat/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  makeMessage,
  makeMessageUser,
} from '../../../../../packages/shared/src/test/chat-fixtures';
import { useChatStore } from '../../features/chat/store';
import { useSessionStore } from '../../features/session/store';
import { i18n } from '../../i18n/i18n';
import { fakeServer, page, signInWith } from '../../test/complaints-kit';
import { renderAt } from '../../test/profiles-render-kit';
import { QuotesPage } from './quotes-page';

const routes = [{ path: '/:locale/quote/:tab?', element: <QuotesPage /> }];
const open = (path: string) => renderAt(path, routes);

function makeQuote(id: number, overrides: Partial<Quote> = {}): Quote {
  return {
    message: makeMessage({
      id,
      text: `line ${id} -smile-`,
      user: makeMessageUser({ id: 40 + id }),
    }),
    room: { id: 1, name: 'Lobby' },
    quoted_count: 1,
    quoted: false,
    quoted_at: '2025-05-01T10:00:00.000Z',
    ...overrides,
  };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  useChatStore.getState().reset();
});

describe('the quotes page', () => {
  it('lists the best tab with who said it, where, and how many keep it', async () => {
    signInWith(['quote.add']);
    const server = fakeServer({
      'GET /api/quotes': { body: page([makeQuote(1, { quoted_count: 3, quoted: true })]) },
    });
    open('/en/quote');
    const quote = await screen.findByTestId('quote');
    expect(server.calls[0]?.query).toEqual({ tab: 'best' });
    expect(within(quote).getByTestId('quote-text').textContent).toContain('line 1');
    expect(within(quote).getByTestId('quote-room').textContent).toBe('in Lobby');
    expect(within(quote).getByTestId('quote-author').textContent).toBe('User41');
    expect(within(quote).getByTestId('quote-count').textContent).toBe('kept by 3 people');
    const keep = within(quote).getByTestId('quote-keep');
    expect(keep.getAttribute('aria-pressed')).toBe('true');
    expect(keep.textContent).toContain('Kept');
    expect(keep.getAttribute('title')).toBe('Remove from my quotes');
    expect(screen.getByTestId('quotes-tab-best').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('quotes-tab-mine')).toBeTruthy();
  });

  it('says the count in Russian plural forms', async () => {
    await i18n.changeLanguage('ru');
    signInWith(['quote.add']);
    fakeServer({
      'GET /api/quotes': {
        body: page([
          makeQuote(1, { quoted_count: 1 }),
          makeQuote(2, { quoted_count: 3 }),
          makeQuote(3, { quoted_count: 5 }),
          makeQuote(4, { quoted_count: 21 }),
        ]),
      },
    });
    open('/ru/quote/new');
    await screen.findAllByTestId('quote');
    expect(screen.getAllByTestId('quote-count').map((n) => n.textContent)).toEqual([
      'сохранил 1 человек',
      'сохранили 3 человека',
      'сохранили 5 человек',
      'сохранил 21 человек',
    ]);
  });

  it('keeps a quote at once, and puts it back when the server refuses', async () => {
    signInWith(['quote.add']);
    let refuse = false;
    const server = fakeServer({
      'GET /api/quotes': { body: page([makeQuote(7, { quoted_count: 2 })]) },
      'POST /api/quote/7': () =>
        refuse ? { status: 404, body: { message: 'gone' } } : { status: 204 },
      'DELETE /api/quote/7': { status: 204 },
    });
    open('/en/quote');
    const keep = await screen.findByTestId('quote-keep');
    fireEvent.click(keep);
    // Shown before the server answers (the answer changes nothing on the page).
    await waitFor(() =>
      expect(screen.getByTestId('quote-count').textContent).toBe('kept by 3 people'),
    );
    await waitFor(() => expect(server.of('POST', '/api/quote/7')).toHaveLength(1));
    await waitFor(() => expect(useChatStore.getState().quotedMessageIds.has(7)).toBe(true));
    expect(screen.getByTestId('quote-keep').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByTestId('quote-keep'));
    await waitFor(() => expect(useChatStore.getState().quotedMessageIds.has(7)).toBe(false));
    expect(screen.getByTestId('quote-count').textContent).toBe('kept by 2 people');

    refuse = true;
    fireEvent.click(screen.getByTestId('quote-keep'));
    await waitFor(() => expect(server.of('POST', '/api/quote/7')).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByTestId<HTMLButtonElement>('quote-keep').disabled).toBe(false),
    );
    expect(screen.getByTestId('quote-keep').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('quote-count').textContent).toBe('kept by 2 people');
    expect(useChatStore.getState().quotedMessageIds.has(7)).toBe(false);
  });

  it('shows guests the quotes with the keep button disabled and why, and no "mine" tab', async () => {
    signInWith([], ['guest']);
    const server = fakeServer({ 'GET /api/quotes': { body: page([makeQuote(1)]) } });
    open('/en/quote/mine');
    const keep = await screen.findByTestId('quote-keep');
    expect((keep as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('quote-guest-hint').textContent).toBe('Register to keep quotes');
    expect(screen.queryByTestId('quotes-tab-mine')).toBeNull();
    // Asking for "mine" in the address reads the best instead.
    expect(server.calls[0]?.query).toEqual({ tab: 'best' });
  });

  it('tells an empty tab and pages a long one', async () => {
    signInWith(['quote.add']);
    const server = fakeServer({
      'GET /api/quotes': ({ query }) =>
        query.tab === 'mine'
          ? { body: page([]) }
          : { body: page([makeQuote(query.page === '2' ? 22 : 1)], Number(query.page ?? 1), 2) },
    });
    open('/en/quote/mine');
    expect((await screen.findByTestId('quotes-empty')).textContent).toContain(
      'You have not kept anything yet',
    );
    fireEvent.click(screen.getByTestId('quotes-tab-new'));
    await screen.findByTestId('quote');
    fireEvent.click(screen.getByTestId('quotes-pager-2'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/en/quote/new?page=2'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('quote').getAttribute('data-message-id')).toBe('22'),
    );
    expect(server.calls.map((c) => c.query)).toEqual([
      { tab: 'mine' },
      { tab: 'new' },
      { tab: 'new', page: '2' },
    ]);
  });

  it('shows one quote where a search hit leads, and says so when it is gone', async () => {
    signInWith(['quote.add']);
    fakeServer({
      'GET /api/quote/7': { body: makeQuote(7, { quoted_count: 2 }) },
      'GET /api/quote/2147483000': { body: makeQuote(2147483000) },
      'GET /api/quote/8': { status: 404, body: { message: 'Not found' } },
    });
    const { unmount } = open('/en/quote?message=7');
    const quote = await screen.findByTestId('quote');
    expect(quote.getAttribute('data-message-id')).toBe('7');
    expect(screen.getByTestId('quotes-all').getAttribute('href')).toBe('/en/quote');
    unmount();
    // Ids of a busy chat run past a page number's six digits.
    const big = open('/en/quote?message=2147483000');
    expect((await screen.findByTestId('quote')).getAttribute('data-message-id')).toBe('2147483000');
    big.unmount();
    open('/en/quote?message=8');
    expect((await screen.findByTestId('quote-missing')).textContent).toContain('not here');
  });

  it('asks visitors without a session to sign in', () => {
    useSessionStore.setState({ userData: null, initialized: true });
    open('/en/quote');
    expect(screen.getByTestId('quotes-signed-out')).toBeTruthy();
    expect(screen.getByTestId('quotes-sign-in').getAttribute('href')).toMatch(/^\/en\/login/);
  });
});
