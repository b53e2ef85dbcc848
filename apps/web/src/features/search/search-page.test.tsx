import type { SearchHit } from '@chat/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeNick, makePublicUser } from '../../../../../packages/shared/src/test/chat-fixtures';
import { i18n } from '../../i18n/i18n';
import { ApiError } from '../../lib/api-error';
import { SearchPage } from '../../pages/search/search-page';
import { fakeApi } from '../../test/api-kit';
import { renderAt } from '../../test/profiles-render-kit';

const server = {
  get: vi.fn<(path: string, options?: { query?: Record<string, string> }) => Promise<unknown>>(),
};
fakeApi(server);

const author = makePublicUser({ id: 7, slug: 'alisa', nick: makeNick('Алиса') });
const HITS: SearchHit[] = [
  {
    type: 'forum_post',
    id: 5,
    link: { kind: 'forum', thread_slug: 'moya-koshka', post_id: 5 },
    title: 'Моя кошка',
    snippet: 'У меня <mark>кошка</mark> &lt;script&gt;',
    author,
    created_at: '2025-05-12T14:03:00.000Z',
  },
  {
    type: 'chat_message',
    id: 9,
    link: { kind: 'chat', room_id: 3, message_id: 9 },
    title: 'Flood',
    snippet: '<mark>cats</mark> everywhere',
    author,
    created_at: '2025-05-12T14:03:00.000Z',
  },
  {
    type: 'user',
    id: 7,
    link: { kind: 'profile', user_slug: 'alisa' },
    title: 'Алиса',
    snippet: '',
    author,
    created_at: null,
  },
];

/** A fake search: three pages of the hits above, counts per tab, nothing for "zzz". */
function serve() {
  server.get.mockImplementation(async (path, options) => {
    const q = options?.query ?? {};
    const none = q.q === 'zzz';
    if (path === '/api/search/totals')
      return {
        data: none ? { forum: 0, chat: 0, people: 0 } : { forum: 45, chat: 101, people: 0 },
      };
    return {
      data: none ? [] : HITS,
      meta: {
        current_page: Number(q.page),
        last_page: none ? 1 : 3,
        per_page: 20,
        total: none ? 0 : 45,
      },
    };
  });
}

const open = (path: string) =>
  renderAt(path, [{ path: '/:locale/search', element: <SearchPage /> }]);
/** The last page asked of `GET /api/search` (the tabs' counts are asked apart). */
const lastQuery = () =>
  server.get.mock.calls.filter(([path]) => path === '/api/search').at(-1)?.[1]?.query;
const where = () => screen.getByTestId('where').textContent;

beforeEach(async () => {
  await i18n.changeLanguage('en');
  server.get.mockReset();
  serve();
});

describe('the search results page', () => {
  it('asks nothing without a query and says what can be searched and how', () => {
    open('/en/search');
    expect(screen.getByTestId('search-empty').textContent).toContain('people’s nicks');
    expect(screen.getByText(/Put a phrase in quotes/)).toBeTruthy();
    expect(server.get).not.toHaveBeenCalled();
  });

  it('shows each hit with its link, marked words, author and time, and the tabs’ counts', async () => {
    open('/en/search?q=%D0%BA%D0%BE%D1%88%D0%BA%D0%B8');
    const hits = await screen.findAllByTestId('search-hit');
    expect(lastQuery()).toEqual({ q: 'кошки', in: 'forum', sort: 'best', page: '1' });
    expect(hits.map((h) => within(h).getByTestId('search-hit-link').getAttribute('href'))).toEqual([
      '/en/forum/thread/moya-koshka?post=5',
      '/en/chat/3',
      '/en/profile/alisa',
    ]);
    const first = hits[0]!;
    expect(within(first).getByTestId('search-hit-snippet').textContent).toBe(
      'У меня кошка <script>',
    );
    expect(first.querySelector('mark')?.textContent).toBe('кошка');
    expect(first.querySelector('script')).toBeNull();
    expect(first.textContent).toContain('Forum post');
    expect(first.textContent).toContain('by Алиса');
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe('2025-05-12T14:03:00.000Z');
    // A person is the hit itself: no "by" line.
    expect(hits[2]!.textContent).not.toContain('by');
    expect(screen.getByTestId('search-found').textContent).toBe('45 results');
    expect(screen.getByTestId('search-tab-count-forum').textContent).toBe('45');
    expect(screen.getByTestId('search-tab-count-chat').textContent).toBe('100+');
    expect(screen.getByTestId('search-tab-count-people').textContent).toBe('0');
    expect(screen.getByTestId('search-tab-forum').getAttribute('aria-current')).toBe('page');
  });

  it('keeps the query when the tab or the order changes, and starts again at page 1', async () => {
    open('/en/search?q=cats&page=2');
    await screen.findAllByTestId('search-hit');
    expect(lastQuery()).toMatchObject({ page: '2' });
    fireEvent.click(screen.getByTestId('search-tab-chat'));
    expect(where()).toBe('/en/search?q=cats&in=chat');
    await screen.findAllByTestId('search-hit');
    expect(lastQuery()).toEqual({ q: 'cats', in: 'chat', sort: 'best', page: '1' });
    fireEvent.click(screen.getByTestId('search-sort-new'));
    expect(where()).toBe('/en/search?q=cats&in=chat&sort=new');
    await vi.waitFor(() => expect(lastQuery()).toMatchObject({ in: 'chat', sort: 'new' }));
    // The tabs' counts were asked once for the query, not again for each tab and order.
    const counted = server.get.mock.calls.filter(([path]) => path === '/api/search/totals');
    expect(counted.map(([, o]) => o?.query)).toEqual([{ q: 'cats' }]);
  });

  it('pages by links that keep the tab and the order', async () => {
    open('/en/search?q=cats&in=people&sort=new');
    await screen.findAllByTestId('search-hit');
    const pages = screen.getByTestId('search-pages');
    expect(within(pages).getByTestId('search-page-3').getAttribute('href')).toBe(
      '/en/search?q=cats&in=people&sort=new&page=3',
    );
    fireEvent.click(within(pages).getByTestId('search-page-2'));
    expect(where()).toBe('/en/search?q=cats&in=people&sort=new&page=2');
    await vi.waitFor(() => expect(lastQuery()).toMatchObject({ page: '2', in: 'people' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('search-page-2').getAttribute('aria-current')).toBe('page'),
    );
  });

  it('says when nothing matches, in the tab’s own words', async () => {
    open('/en/search?q=zzz&in=people');
    expect((await screen.findByTestId('search-no-results')).textContent).toContain(
      'Nobody’s nick matches “zzz”.',
    );
  });

  it('says in Russian when nothing matches', async () => {
    await i18n.changeLanguage('ru');
    open('/ru/search?q=zzz');
    expect((await screen.findByTestId('search-no-results')).textContent).toContain(
      'На форуме ничего не нашлось по запросу «zzz».',
    );
  });

  it('refuses a query over the limit without asking the server', () => {
    open(`/en/search?q=${'a'.repeat(201)}`);
    expect(screen.getByTestId('search-too-long').textContent).toBe(
      'The query is too long: at most 200 characters, this one has 201.',
    );
    expect(server.get).not.toHaveBeenCalled();
  });

  it('shows a failure with a retry, and a refused query without one', async () => {
    server.get.mockRejectedValueOnce(new ApiError(500, 'boom'));
    open('/en/search?q=cats');
    const error = await screen.findByTestId('search-error');
    expect(error.textContent).toContain('The search failed.');
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('search-hit')).toHaveLength(3);

    server.get.mockRejectedValueOnce(new ApiError(422, 'bad'));
    open('/en/search?q=%22');
    const refused = await screen.findByTestId('search-error');
    expect(refused.textContent).toContain('This query cannot be searched.');
    expect(within(refused).queryByRole('button')).toBeNull();
  });

  it('searches again from its own field, keeping the tab', async () => {
    open('/en/search?q=cats&in=chat&page=3');
    await screen.findAllByTestId('search-hit');
    const field = screen.getByTestId<HTMLInputElement>('search-page-field');
    expect(field.value).toBe('cats');
    fireEvent.change(field, { target: { value: '  "good morning" & <b>  ' } });
    fireEvent.click(screen.getByTestId('search-page-submit'));
    expect(where()).toBe('/en/search?q=%22good+morning%22+%26+%3Cb%3E&in=chat');
    await vi.waitFor(() =>
      expect(lastQuery()).toEqual({
        q: '"good morning" & <b>',
        in: 'chat',
        sort: 'best',
        page: '1',
      }),
    );
  });
});
