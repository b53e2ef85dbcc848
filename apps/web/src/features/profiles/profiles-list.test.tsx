import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeNick, makePublicUser } from '../../../../../packages/shared/src/test/chat-fixtures';
import { i18n } from '../../i18n/i18n';
import { ProfilesPage } from '../../pages/profiles/profiles-page';
import { fakeApi } from '../../test/api-kit';
import { useSessionStore } from '../session/store';
import { renderAt } from '../../test/profiles-render-kit';

const server = {
  get: vi.fn<(path: string, options?: { query?: Record<string, string> }) => Promise<unknown>>(),
  post: vi.fn(),
  request: vi.fn(),
};
fakeApi(server);

const NOW = Date.now();

/** A fake server: 120 people, pages by per_page, search by prefix ignoring case. */
function serve() {
  const people = Array.from({ length: 120 }, (_, i) => ({
    user: makePublicUser({
      id: i + 1,
      slug: `u${i + 1}`,
      nick: makeNick(i === 0 ? 'Алиса' : `User${i + 1}`),
    }),
    gender: i % 2 === 0 ? 'female' : 'male',
    age: 20 + (i % 10),
    last_online: i === 1 ? new Date(NOW - 5 * 60_000).toISOString() : null,
    online: i === 0,
    registered_at: '2023-01-15T10:00:00.000Z',
    month_messages: null,
  }));
  server.get.mockImplementation(async (path, options) => {
    const q = options?.query ?? {};
    const perPage = Number(q.per_page);
    const page = Number(q.page);
    const found =
      path === '/api/profiles/search'
        ? people.filter((p) => p.user.nick.nick.toLowerCase().startsWith((q.q ?? '').toLowerCase()))
        : people;
    // The server counts a search up to its cap (here 100, as if it were 1,000).
    const searching = path === '/api/profiles/search';
    const counted = searching ? Math.min(found.length, 100) : found.length;
    return {
      data: found.slice((page - 1) * perPage, page * perPage),
      meta: {
        current_page: page,
        last_page: Math.max(1, Math.ceil(counted / perPage)),
        total: counted,
        total_capped: counted < found.length,
      },
    };
  });
}

const open = (path: string) =>
  renderAt(path, [{ path: '/:locale/profiles/:tab', element: <ProfilesPage /> }]);
const lastQuery = () => server.get.mock.lastCall;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  server.get.mockReset();
  useSessionStore.setState({ userData: null });
  serve();
});

describe('profiles lists', () => {
  it('shows a tab with its rule, each row linking to a profile with age, gender and presence', async () => {
    open('/en/profiles/online');
    await screen.findByTestId('profiles-row-1');
    expect(lastQuery()).toEqual([
      '/api/profiles/online',
      expect.objectContaining({ query: { page: '1', per_page: '50' } }),
    ]);
    expect(screen.getByTestId('profiles-rule').textContent).toBe('Who is on the site now.');
    const first = screen.getByTestId('profiles-row-1');
    expect(first.textContent).toContain('Алиса');
    expect(first.textContent).toContain('Female, 20 years');
    expect(first.textContent).toContain('online now');
    expect(first.querySelector('a')?.getAttribute('href')).toBe('/en/profile/u1');
    // Everyone on the online tab is in a room now.
    expect(screen.getByTestId('profiles-row-2').textContent).toContain('online now');
    expect(screen.getAllByTestId(/^profiles-row-/)).toHaveLength(50);
  });

  it('states the top rule plainly, and switches tabs by link', async () => {
    open('/en/profiles/top');
    expect((await screen.findByTestId('profiles-rule')).textContent).toBe(
      'Most public messages this calendar month, Moscow time.',
    );
    fireEvent.click(screen.getByTestId('profiles-tab-new'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/en/profiles/new'));
    await waitFor(() => expect(lastQuery()?.[0]).toBe('/api/profiles/new'));
  });

  it('pages, and a page size from the spec list starts again at page 1', async () => {
    open('/en/profiles/new');
    await screen.findByTestId('profiles-row-1');
    expect(screen.getByTestId('profiles-row-2').textContent).toContain('was online 5 minutes ago');
    expect(screen.getByTestId('profiles-total').textContent).toBe('Total: 120');
    fireEvent.click(screen.getByTestId('profiles-page-2'));
    await screen.findByTestId('profiles-row-51');
    expect(screen.getByTestId('where').textContent).toBe('/en/profiles/new?page=2');
    const select = screen.getByTestId<HTMLSelectElement>('profiles-per-page');
    expect([...select.options].map((o) => o.value)).toEqual(['50', '100', '200']);
    fireEvent.change(select, { target: { value: '100' } });
    await screen.findByTestId('profiles-row-1');
    expect(screen.getByTestId('where').textContent).toBe('/en/profiles/new?per_page=100');
    expect(screen.getAllByTestId(/^profiles-row-/)).toHaveLength(100);
  });

  it('searches by the beginning of a nick, ignoring case (Cyrillic too)', async () => {
    open('/en/profiles/search');
    const box = await screen.findByTestId('profiles-search');
    // Nothing is asked before something is typed.
    expect(server.get).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'алИ' } });
    fireEvent.click(screen.getByTestId('profiles-search-submit'));
    await screen.findByTestId('profiles-row-1');
    expect(lastQuery()?.[1]?.query).toEqual({ page: '1', per_page: '50', q: 'алИ' });
    expect(screen.getAllByTestId(/^profiles-row-/)).toHaveLength(1);
    expect(screen.getByTestId('profiles-total').textContent).toBe('Found: 1');
    // More than the server counts: it says so, and asks for more letters.
    fireEvent.change(screen.getByTestId('profiles-search'), { target: { value: 'user' } });
    fireEvent.click(screen.getByTestId('profiles-search-submit'));
    await screen.findByTestId('profiles-row-2');
    expect(screen.getByTestId('profiles-total').textContent).toBe(
      'Found: more than 100, type more letters',
    );
    fireEvent.change(screen.getByTestId('profiles-search'), { target: { value: 'zz' } });
    fireEvent.click(screen.getByTestId('profiles-search-submit'));
    expect((await screen.findByTestId('profiles-empty')).textContent).toContain('“zz”');
  });

  it('an unknown tab is not found', async () => {
    open('/en/profiles/everyone');
    expect(await screen.findByText('Page not found', { exact: false })).toBeTruthy();
  });
});
