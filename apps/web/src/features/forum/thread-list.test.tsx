import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { ForumPage } from '../../pages/forum/forum-page';
import { fakeApi } from '../../test/api-kit';
import { makeUserData } from '../../test/chat-kit';
import { makeCategory, makeThread } from '../../test/forum-kit';
import { renderAt } from '../../test/profiles-render-kit';
import { useSessionStore } from '../session/store';

const server = {
  get: vi.fn<(path: string, options?: { query?: Record<string, string> }) => Promise<unknown>>(),
  post: vi.fn(),
  json: vi.fn(),
  request: vi.fn(),
};
fakeApi(server);

/** A category of 120 threads (the first two pinned), paged as the server pages them. */
function serve(canStart = true) {
  const threads = Array.from({ length: 120 }, (_, i) =>
    makeThread({
      id: i + 1,
      slug: `t${i + 1}`,
      subject: i === 0 ? '<script>alert(1)</script>' : `Thread ${i + 1}`,
      pinned: i < 2,
      unread: i === 3 ? 5 : 0,
      is_new: i === 4,
    }),
  );
  const category = makeCategory({ can_start: canStart });
  server.get.mockImplementation(async (path, options) => {
    if (path === '/api/forum/categories') return { data: [category] };
    const q = options?.query ?? {};
    const perPage = Number(q.per_page);
    const page = Number(q.page);
    const data = threads.slice((page - 1) * perPage, page * perPage);
    const meta = {
      current_page: page,
      last_page: Math.ceil(120 / perPage),
      per_page: perPage,
      total: 120,
    };
    return { data, meta, envelope: { category, data, meta } };
  });
}

const open = (path: string) =>
  renderAt(path, [{ path: '/:locale/forum/:categorySlug?', element: <ForumPage /> }]);
const lastQuery = () => server.get.mock.lastCall?.[1]?.query;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  server.get.mockReset();
  window.scrollTo = vi.fn();
  useSessionStore.setState({ userData: makeUserData() });
});

// Up to 200 rows rendered per step: slower than the default 5 s on a busy machine.
const ROWS_TIMEOUT = 30_000;

describe('a category of the forum', () => {
  it(
    'pages by 50, 100 or 200 with the page and sort in the address',
    async () => {
      serve();
      open('/en/forum/general');
      expect(await screen.findByTestId('forum-thread-1')).toBeTruthy();
      expect(lastQuery()).toEqual({ page: '1', per_page: '50', sort: 'activity' });
      expect(
        screen
          .getAllByRole('listitem')
          .filter((li) => li.dataset.testid?.startsWith('forum-thread-')),
      ).toHaveLength(50);
      fireEvent.click(screen.getByTestId('forum-pages-3'));
      expect(await screen.findByTestId('forum-thread-101')).toBeTruthy();
      expect(screen.getByTestId('where').textContent).toBe('/en/forum/general?page=3');
      fireEvent.change(screen.getByTestId('forum-per-page'), { target: { value: '100' } });
      await waitFor(() =>
        expect(lastQuery()).toEqual({ page: '1', per_page: '100', sort: 'activity' }),
      );
      expect(screen.getByTestId('where').textContent).toBe('/en/forum/general?per_page=100');
      fireEvent.click(screen.getByTestId('forum-sort-top'));
      await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'top', page: '1' }));
      expect(screen.getByTestId('where').textContent).toBe(
        '/en/forum/general?per_page=100&sort=top',
      );
    },
    ROWS_TIMEOUT,
  );

  it(
    'marks unread and new threads, shows markup in subjects as text, offers a new thread',
    async () => {
      serve();
      open('/en/forum/general?per_page=200');
      expect(await screen.findByText('<script>alert(1)</script>')).toBeTruthy();
      expect(document.querySelector('script')).toBeNull();
      expect(screen.getByTestId('forum-thread-unread-4').textContent).toBe('5 new');
      expect(screen.getByTestId('forum-thread-new-5')).toBeTruthy();
      expect(screen.getByTestId('forum-new-thread').getAttribute('href')).toBe(
        '/en/forum/create/general',
      );
    },
    ROWS_TIMEOUT,
  );

  it('sends a guest to sign in and back instead of "New thread"', async () => {
    useSessionStore.setState({ userData: null });
    serve(false);
    open('/en/forum/general?sort=new');
    const link = await screen.findByText('Sign in to start a thread');
    expect(link.getAttribute('href')).toBe('/en/login?next=%2Fen%2Fforum%2Fgeneral%3Fsort%3Dnew');
    expect(screen.queryByTestId('forum-new-thread')).toBeNull();
  });

  it('lists the categories without a slug', async () => {
    serve();
    open('/ru/forum');
    expect(await screen.findByTestId('forum-category-general')).toBeTruthy();
    expect(screen.getByText('General talk').getAttribute('href')).toBe('/ru/forum/general');
  });
});
