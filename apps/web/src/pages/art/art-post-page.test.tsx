import type { ArtComment, ArtPostPage as Page } from '@chat/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { artEvents } from '../../features/art/live';
import { useRealtimeStore } from '../../features/realtime/store';
import { useSessionStore } from '../../features/session/store';
import { i18n } from '../../i18n/i18n';
import { fakeApi } from '../../test/api-kit';
import { artAuthor, makeArtPost, makeArtPostPage, makePicture } from '../../test/art-kit';
import { makeUserData } from '../../test/chat-kit';
import { renderAt } from '../../test/profiles-render-kit';
import { ArtPostPage } from './art-post-page';

const server = {
  get: vi.fn<(path: string, options?: unknown) => Promise<unknown>>(),
  post: vi.fn<(path: string, body?: unknown) => Promise<unknown>>(),
  json: vi.fn<(path: string, options?: unknown) => Promise<unknown>>(),
  request: vi.fn(),
};
fakeApi(server);

const open = async (page: Page) => {
  server.get.mockImplementation(async () => ({
    data: page.data,
    envelope: { data: page.data, comments: page.comments },
  }));
  const view = renderAt(`/en/art/post/${page.data.slug}`, [
    { path: '/:locale/art/post/:postSlug', element: <ArtPostPage /> },
  ]);
  await screen.findByTestId('art-post');
  return view;
};
const like = () => screen.getByTestId<HTMLButtonElement>('art-like');
const count = () => screen.getByTestId('art-like-count').textContent;

const comment = (id: number, text: string): ArtComment => ({
  id,
  post_id: 5,
  author: artAuthor(2, 'Боб'),
  text,
  html: `<p>${text}</p>`,
  status: 'accepted',
  created_at: '2026-11-28T09:00:00.000Z',
  edited_at: null,
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  server.get.mockReset();
  server.json.mockReset();
  useSessionStore.setState({ userData: makeUserData({ id: 300 }) });
});
afterEach(() => useSessionStore.setState({ userData: null }));

describe('the art post page', () => {
  it('likes at once, takes it back at once, and goes back when the server says no', async () => {
    await open(makeArtPostPage(makeArtPost({ id: 5, likes_count: 2, liked: false })));
    let answer: (value: unknown) => void = () => {};
    server.json.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    fireEvent.click(like());
    await waitFor(() => expect(like().getAttribute('aria-pressed')).toBe('true'));
    expect(count()).toBe('3');
    expect(server.json).toHaveBeenCalledWith('/api/art/posts/5/like', { method: 'POST' });
    await act(async () => answer({ data: { likes_count: 7, liked: true } }));
    // The server's count wins (others liked it meanwhile).
    await waitFor(() => expect(count()).toBe('7'));

    let refuse: (error: Error) => void = () => {};
    server.json.mockImplementationOnce(() => new Promise((_, reject) => (refuse = reject)));
    fireEvent.click(like());
    await waitFor(() => expect(count()).toBe('6'));
    expect(like().getAttribute('aria-pressed')).toBe('false');
    await act(async () => refuse(new Error('offline')));
    await waitFor(() => expect(count()).toBe('7'));
    expect(like().getAttribute('aria-pressed')).toBe('true');
    expect(server.json).toHaveBeenLastCalledWith('/api/art/posts/5/like', { method: 'DELETE' });
  });

  it('hears comments and likes live while open', async () => {
    await open(makeArtPostPage(makeArtPost({ id: 5, likes_count: 2 })));
    expect(screen.getByTestId('art-comments-empty')).toBeTruthy();
    act(() =>
      artEvents.commentStored({ post_id: 5, comment: comment(40, 'Красиво <b>очень</b>') }),
    );
    const heard = screen.getByTestId('art-comment-40');
    expect(heard.textContent).toContain('Красиво очень');
    // The socket's copy has no buttons: someone else's comment may be reported, not deleted.
    expect(heard.querySelector('[data-testid="art-comment-report"]')).not.toBeNull();
    expect(heard.querySelector('[data-testid="art-comment-delete"]')).toBeNull();
    act(() =>
      artEvents.commentStored({
        post_id: 5,
        comment: { ...comment(42, 'Моё'), author: artAuthor(300, 'Я') },
      }),
    );
    const mine = screen.getByTestId('art-comment-42');
    expect(mine.querySelector('[data-testid="art-comment-delete"]')).not.toBeNull();
    expect(mine.querySelector('[data-testid="art-comment-report"]')).toBeNull();
    // Another post's events change nothing here.
    act(() => artEvents.commentStored({ post_id: 6, comment: comment(41, 'Не сюда') }));
    expect(screen.queryByTestId('art-comment-41')).toBeNull();
    act(() => artEvents.likesUpdated({ post_id: 5, likes_count: 9 }));
    await waitFor(() => expect(count()).toBe('9'));
    act(() => artEvents.commentDeleted({ post_id: 5, comment_id: 40 }));
    expect(screen.queryByTestId('art-comment-40')).toBeNull();
  });

  it('reads what it missed when the connection comes back', async () => {
    useRealtimeStore.setState({ state: 'connected', everConnected: true });
    await open(makeArtPostPage(makeArtPost({ id: 5 })));
    act(() => useRealtimeStore.setState({ state: 'connecting' }));
    server.get.mockImplementation(async (path) =>
      path === '/api/art/posts/5/comments'
        ? {
            data: [comment(50, 'Пока вас не было')],
            meta: { current_page: 1, last_page: 1, per_page: 30, total: 1 },
          }
        : { data: makeArtPost({ id: 5 }), envelope: {} },
    );
    act(() => useRealtimeStore.setState({ state: 'connected' }));
    expect((await screen.findByTestId('art-comment-50')).textContent).toContain('Пока вас не было');
  });

  it('blurs an adult picture until it is clicked', async () => {
    await open(
      makeArtPostPage(
        makeArtPost({
          id: 5,
          adult: false,
          pictures: [makePicture(1, { adult: 1 }), makePicture(2)],
        }),
      ),
    );
    const [first, second] = screen.getAllByTestId('art-picture');
    expect(first!.classList.contains('is-hidden')).toBe(true);
    expect(second!.classList.contains('is-hidden')).toBe(false);
    fireEvent.click(screen.getByTestId('adult-cover'));
    expect(first!.classList.contains('is-hidden')).toBe(false);
  });

  it('covers every picture of a post its author marked 18+', async () => {
    await open(makeArtPostPage(makeArtPost({ id: 5, adult: true, pictures: [makePicture(1)] })));
    expect(screen.getByTestId('art-picture').classList.contains('is-hidden')).toBe(true);
  });

  it('tells a guest to sign in to comment, with no box', async () => {
    useSessionStore.setState({ userData: null });
    const post = makeArtPost({ id: 5 });
    await open(
      makeArtPostPage({ ...post, abilities: { ...post.abilities, like: false, comment: false } }),
    );
    expect(screen.getByTestId('art-comment-guest')).toBeTruthy();
    expect(screen.queryByTestId('art-comment-form')).toBeNull();
    expect(like().disabled).toBe(true);
  });

  it("lets the author edit the title and the pictures' order", async () => {
    const post = makeArtPost({
      id: 5,
      pictures: [makePicture(1), makePicture(2)],
      abilities: {
        like: true,
        comment: true,
        edit: true,
        delete: true,
        complain: false,
        gift: false,
      },
    });
    await open(makeArtPostPage(post));
    fireEvent.click(screen.getByTestId('art-edit'));
    fireEvent.change(screen.getByTestId('art-edit-title'), {
      target: { value: 'Новое <название>' },
    });
    fireEvent.click(screen.getAllByTestId('art-order-later')[0]!);
    const saved = {
      ...post,
      title: 'Новое <название>',
      pictures: [makePicture(2), makePicture(1)],
    };
    server.json.mockResolvedValueOnce({ data: saved });
    fireEvent.click(screen.getByTestId('art-edit-save'));
    await waitFor(() =>
      expect(screen.getByTestId('art-post-title').textContent).toContain('Новое <название>'),
    );
    expect(server.json).toHaveBeenCalledWith('/api/art/posts/5', {
      method: 'PATCH',
      body: { title: 'Новое <название>', text: 'About it', adult: false, attachments: [2, 1] },
      handlesValidation: true,
    });
    expect(
      screen.getAllByTestId('art-picture').map((item) => Number(item.dataset.pictureId)),
    ).toEqual([2, 1]);
  });
});
