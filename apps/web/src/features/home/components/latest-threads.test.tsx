import type { ForumThread } from '@chat/shared';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeNick, makePublicUser } from '../../../../../../packages/shared/src/test/chat-fixtures';
import { i18n } from '../../../i18n/i18n';
import { fakeApi } from '../../../test/api-kit';
import { LatestThreads } from './latest-threads';

const server = {
  get: vi.fn<(path: string, options?: { query?: Record<string, string> }) => Promise<unknown>>(),
};
fakeApi(server);

const thread = (id: number, posts: number): ForumThread => ({
  id,
  slug: `thread-${id}`,
  subject: id === 1 ? '<script>alert(1)</script> Кошки' : `Thread ${id}`,
  category: { id: 2, slug: 'pets', name: 'Pets' },
  author: makePublicUser({ id: 7, slug: 'alisa', nick: makeNick('Алиса') }),
  posts_count: posts,
  views: 10,
  last_post: null,
  pinned: false,
  locked: false,
  status: 'accepted',
  unread: 0,
  is_new: false,
  created_at: '2025-05-12T14:03:00.000Z',
});

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <LatestThreads />
    </MemoryRouter>,
  );

beforeEach(() => server.get.mockReset());
afterEach(() => void i18n.changeLanguage('ru'));

describe('the home page’s latest threads', () => {
  it('lists the newest five with category, author and replies, each linking to its thread', async () => {
    await i18n.changeLanguage('en');
    server.get.mockResolvedValue({ data: [1, 2, 3, 4, 5, 6].map((id) => thread(id, id)) });
    at('/en');
    const rows = await screen.findAllByTestId('home-thread');
    expect(server.get.mock.lastCall?.[0]).toBe('/api/forum/latest');
    expect(server.get.mock.lastCall?.[1]?.query).toEqual({ limit: '5' });
    expect(rows).toHaveLength(5);
    const first = rows[0]!;
    const link = within(first).getByTestId('home-thread-link');
    expect(link.getAttribute('href')).toBe('/en/forum/thread/thread-1');
    // A subject is text, whatever it holds.
    expect(link.textContent).toBe('<script>alert(1)</script> Кошки');
    expect(first.querySelector('script')).toBeNull();
    expect(within(first).getByRole('link', { name: 'Pets' }).getAttribute('href')).toBe(
      '/en/forum/pets',
    );
    expect(first.textContent).toContain('Алиса');
    expect(within(first).getByTestId('home-thread-replies').textContent).toBe('No replies yet');
    expect(within(rows[1]!).getByTestId('home-thread-replies').textContent).toBe('1 reply');
    expect(screen.getByTestId('home-forum-all').getAttribute('href')).toBe('/en/forum');
  });

  it('counts replies in Russian', async () => {
    server.get.mockResolvedValue({ data: [thread(1, 3), thread(2, 6), thread(3, 22)] });
    at('/');
    const replies = await screen.findAllByTestId('home-thread-replies');
    expect(replies.map((r) => r.textContent)).toEqual(['2 ответа', '5 ответов', '21 ответ']);
  });

  it('shows nothing when the forum has no thread or does not answer', async () => {
    server.get.mockRejectedValueOnce(new Error('down'));
    const { container } = at('/en');
    await vi.waitFor(() => expect(server.get).toHaveBeenCalled());
    expect(container.textContent).toBe('');
    server.get.mockResolvedValueOnce({ data: [] });
    at('/en');
    await vi.waitFor(() => expect(server.get).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId('home-forum')).toBeNull();
  });
});
