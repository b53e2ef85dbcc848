import type { ForumPost, ForumThreadPage } from '@chat/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { fakeApi } from '../../test/api-kit';
import { makeUserData, VIEWER_ID } from '../../test/chat-kit';
import { author, makeForumPost, makeThreadPage, NO_ABILITIES } from '../../test/forum-kit';
import { renderAt } from '../../test/profiles-render-kit';
import { useSessionStore } from '../session/store';
import { ThreadView } from './components/thread-view';
import { forumDraftStores } from './drafts';
import { forumEvents } from './live';

const server = {
  get: vi.fn<(path: string, options?: unknown) => Promise<unknown>>(),
  post: vi.fn<(path: string, body?: unknown) => Promise<unknown>>(),
  json: vi.fn(),
  request: vi.fn(),
};
fakeApi(server);

function serve(page: ForumThreadPage) {
  server.get.mockImplementation(async () => ({
    data: page.data,
    meta: page.meta,
    envelope: { thread: page.thread, data: page.data, meta: page.meta },
  }));
}

const open = async (page: ForumThreadPage, path = '/en/forum/thread/privet-vsem') => {
  serve(page);
  const view = renderAt(path, [
    {
      path: '/:locale/forum/thread/:threadSlug',
      element: <ThreadView slug="privet-vsem" gagNotice={null} />,
    },
  ]);
  await screen.findByTestId('forum-posts');
  return view;
};

/** Where each post is on screen: `top` px from the top of the window. */
function placePosts(top: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () =>
      ({
        top,
        bottom: top + 100,
        left: 0,
        right: 0,
        width: 0,
        height: 100,
        x: 0,
        y: top,
      }) as DOMRect,
  );
}

const scrollIntoView = vi.fn<(arg?: boolean | ScrollIntoViewOptions) => void>();

const posts = [1, 2, 3].map((id) => makeForumPost({ id }));
const heard = (id: number, more: Partial<ForumPost> = {}) => ({
  ...makeForumPost({ id, author: author(9, 'Боб'), ...more }),
  abilities: undefined,
});

beforeEach(async () => {
  await i18n.changeLanguage('en');
  server.get.mockReset();
  server.post.mockReset();
  useSessionStore.setState({ userData: makeUserData() });
  forumDraftStores.reply.setState({ drafts: {} });
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  vi.restoreAllMocks();
  useSessionStore.setState({ userData: null });
});

describe('a thread, live', () => {
  it('appends a reply by another below without moving the reader, with a pill to it', async () => {
    await open(makeThreadPage(posts));
    placePosts(2000);
    const scrolled = scrollIntoView;
    scrolled.mockClear();
    act(() => forumEvents.postStored({ thread_id: 7, post: heard(4) }));
    expect(await screen.findByTestId('forum-post-4')).toBeTruthy();
    expect(scrolled).not.toHaveBeenCalled();
    const pill = screen.getByTestId('forum-new-replies');
    expect(pill.textContent).toBe('1 new reply');
    act(() => forumEvents.postStored({ thread_id: 7, post: heard(5) }));
    await waitFor(() => expect(pill.textContent).toBe('2 new replies'));
    fireEvent.click(pill);
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(screen.getByTestId('forum-post-4'));
    expect(screen.queryByTestId('forum-new-replies')).toBeNull();
  });

  it('shows no pill to a reader at the bottom, and ignores other threads', async () => {
    await open(makeThreadPage(posts));
    placePosts(100);
    act(() => forumEvents.postStored({ thread_id: 8, post: heard(40) }));
    act(() => forumEvents.postStored({ thread_id: 7, post: heard(4) }));
    expect(await screen.findByTestId('forum-post-4')).toBeTruthy();
    expect(screen.queryByTestId('forum-post-40')).toBeNull();
    expect(screen.queryByTestId('forum-new-replies')).toBeNull();
  });

  it('applies edits and deletions in place, and a lock replaces the reply box', async () => {
    await open(makeThreadPage(posts));
    expect(screen.getByTestId('forum-reply-text')).toBeTruthy();
    act(() =>
      forumEvents.postUpdated({
        thread_id: 7,
        post: { ...heard(2), html: '<p>changed &lt;b&gt;</p>', author: posts[1]!.author },
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('forum-post-body-2').textContent).toBe('changed <b>'),
    );
    act(() => forumEvents.postDeleted({ thread_id: 7, post_id: 3 }));
    await waitFor(() => expect(screen.queryByTestId('forum-post-3')).toBeNull());
    act(() =>
      forumEvents.threadUpdated({
        thread_id: 7,
        subject: 'Привет всем',
        pinned: false,
        locked: true,
        deleted: false,
        category: { id: 1, slug: 'general' },
      }),
    );
    expect(await screen.findByTestId('forum-reply-locked')).toBeTruthy();
    expect(screen.queryByTestId('forum-reply-text')).toBeNull();
    expect(screen.getByTestId('forum-thread-locked')).toBeTruthy();
  });
});

describe('quoting', () => {
  it('quotes the selected part of a post with its author into the reply box', async () => {
    await open(makeThreadPage(posts));
    const body = screen.getByTestId('forum-post-body-2');
    const range = document.createRange();
    const textNode = body.querySelector('p')!.firstChild!;
    range.setStart(textNode, 5);
    range.setEnd(textNode, 12);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    const quote = screen.getByTestId('forum-quote-2');
    fireEvent.pointerDown(quote);
    window.getSelection()!.removeAllRanges();
    fireEvent.click(quote);
    const box = screen.getByTestId<HTMLTextAreaElement>('forum-reply-text');
    expect(box.value).toBe('> Алиса wrote:\n> of post\n\n');
    expect(screen.getByTestId('forum-replying').textContent).toContain('Quoting post #2');
  });

  it('offers a Quote button beside a selection inside a post', async () => {
    await open(makeThreadPage(posts));
    const textNode = screen.getByTestId('forum-post-body-3').querySelector('p')!.firstChild!;
    const range = document.createRange();
    range.setStart(textNode, 0);
    range.setEnd(textNode, 4);
    act(() => {
      window.getSelection()!.removeAllRanges();
      window.getSelection()!.addRange(range);
      document.dispatchEvent(new Event('selectionchange'));
    });
    expect(screen.queryByTestId('forum-quote-selection-2')).toBeNull();
    fireEvent.click(await screen.findByTestId('forum-quote-selection-3'));
    expect(screen.getByTestId<HTMLTextAreaElement>('forum-reply-text').value).toBe(
      '> Алиса wrote:\n> Text\n\n',
    );
  });

  it('quotes the whole post without a selection, and sends reply_to with a client id', async () => {
    await open(makeThreadPage(posts));
    fireEvent.click(screen.getByTestId('forum-quote-1'));
    const box = screen.getByTestId<HTMLTextAreaElement>('forum-reply-text');
    expect(box.value).toBe('> Алиса wrote:\n> Text of post 1\n\n');
    fireEvent.change(box, { target: { value: `${box.value}Согласна` } });
    server.post.mockResolvedValue({ data: heard(4, { author: author(VIEWER_ID, 'Me') }) });
    fireEvent.click(screen.getByTestId('forum-reply-send'));
    await waitFor(() =>
      expect(server.post).toHaveBeenCalledWith(
        '/api/forum/threads/privet-vsem/posts',
        expect.objectContaining({ reply_to: 1 }),
        expect.anything(),
      ),
    );
    const body = server.post.mock.calls.find((c) => c[0].endsWith('/posts'))![1] as {
      client_id: string;
      text: string;
    };
    expect(body.text).toContain('Согласна');
    expect(body.client_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(await screen.findByTestId('forum-post-4')).toBeTruthy();
    expect(box.value).toBe('');
  });
});

describe('what a reader may do', () => {
  it('hides the buttons the abilities do not give', async () => {
    const page = makeThreadPage([
      makeForumPost({ id: 1, abilities: NO_ABILITIES }),
      makeForumPost({ id: 2, abilities: { ...NO_ABILITIES, edit: true, quote: true } }),
    ]);
    await open(page);
    const first = screen.getByTestId('forum-post-1');
    expect(within(first).queryByTestId('forum-quote-1')).toBeNull();
    expect(within(first).queryByTestId('forum-more-1')).toBeNull();
    expect(within(first).queryByTestId('forum-react-1')).toBeNull();
    fireEvent.click(screen.getByTestId('forum-more-2'));
    expect(await screen.findByTestId('forum-edit-open-2')).toBeTruthy();
    expect(screen.queryByTestId('forum-delete-2')).toBeNull();
    expect(screen.queryByTestId('forum-report-2')).toBeNull();
    expect(screen.queryByTestId('forum-moderate')).toBeNull();
  });

  it('offers my own live post for editing only within the edit window', async () => {
    await open(makeThreadPage(posts));
    const me = author(VIEWER_ID, 'Me');
    const now = Date.now();
    act(() => {
      forumEvents.postStored({
        thread_id: 7,
        post: heard(4, { author: me, created_at: new Date(now - 60_000).toISOString() }),
      });
      forumEvents.postStored({
        thread_id: 7,
        post: heard(5, { author: me, created_at: new Date(now - 31 * 60_000).toISOString() }),
      });
    });
    fireEvent.click(await screen.findByTestId('forum-more-4'));
    expect(await screen.findByTestId('forum-edit-open-4')).toBeTruthy();
    fireEvent.click(screen.getByTestId('forum-more-5'));
    await waitFor(() => expect(screen.getByTestId('forum-delete-5')).toBeTruthy());
    expect(screen.queryByTestId('forum-edit-open-5')).toBeNull();
  });

  it('tells a guest to sign in and come back instead of a reply box', async () => {
    useSessionStore.setState({ userData: null });
    await open(
      makeThreadPage(posts, { abilities: { reply: false, moderate: false, watch: false } }),
    );
    const notice = screen.getByTestId('forum-reply-guest');
    expect(within(notice).getByText('Sign in').getAttribute('href')).toBe(
      '/en/login?next=%2Fen%2Fforum%2Fthread%2Fprivet-vsem',
    );
    expect(screen.queryByTestId('forum-watch')).toBeNull();
  });

  it('gives moderators pin, lock, move and delete', async () => {
    await open(makeThreadPage(posts, { abilities: { reply: true, moderate: true, watch: true } }));
    server.post.mockResolvedValue({ data: {} });
    fireEvent.click(screen.getByTestId('forum-moderate'));
    fireEvent.click(await screen.findByTestId('forum-lock'));
    await waitFor(() =>
      expect(server.post).toHaveBeenCalledWith('/api/forum/threads/privet-vsem/moderate', {
        locked: true,
      }),
    );
    expect(await screen.findByTestId('forum-thread-locked')).toBeTruthy();
    // Moderators still reply in a locked thread.
    expect(screen.getByTestId('forum-reply-text')).toBeTruthy();
  });
});
