import { FORUM_EDIT_WINDOW_MS } from '@chat/shared';
import { describe, expect, it } from 'vitest';
import { makeForumPost, makeThreadPage } from '../../test/forum-kit';
import {
  appendPost,
  applyThreadChange,
  liveAbilities,
  removePost,
  replacePost,
} from './thread-cache';

const posts = [1, 2, 3].map((id) => makeForumPost({ id }));

describe('the thread page in the cache', () => {
  it('appends a reply heard live on the last page with room', () => {
    const { page, appended } = appendPost(makeThreadPage(posts), makeForumPost({ id: 4 }));
    expect(appended).toBe(true);
    expect(page.data.map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(page.thread.posts_count).toBe(4);
    expect(page.meta.total).toBe(4);
  });

  it('only counts a reply when the page is full or not the last', () => {
    const full = makeThreadPage(posts, {}, { per_page: 3, total: 3 });
    const { page, appended } = appendPost(full, makeForumPost({ id: 4 }));
    expect(appended).toBe(false);
    expect(page.data).toHaveLength(3);
    expect(page.meta.last_page).toBe(2);
    const earlier = makeThreadPage(posts, {}, { current_page: 1, last_page: 3 });
    expect(appendPost(earlier, makeForumPost({ id: 9 })).appended).toBe(false);
  });

  it('replaces rather than doubles a post it already has, keeping my abilities', () => {
    const page = makeThreadPage(posts);
    const heard = { ...makeForumPost({ id: 2, text: 'changed' }), abilities: undefined };
    const next = appendPost(page, heard);
    expect(next.appended).toBe(false);
    expect(next.page.data).toHaveLength(3);
    expect(next.page.data[1]?.text).toBe('changed');
    expect(next.page.data[1]?.abilities).toEqual(posts[1]?.abilities);
    expect(replacePost(page, makeForumPost({ id: 99 }))).toBe(page);
  });

  it('drops a deleted post and follows a lock', () => {
    const page = makeThreadPage(posts);
    expect(removePost(page, 2).data.map((p) => p.id)).toEqual([1, 3]);
    const locked = applyThreadChange(page, { thread_id: 7, locked: true });
    expect(locked.thread.locked).toBe(true);
    expect(locked.thread.abilities.reply).toBe(false);
    const moderator = makeThreadPage(posts, {
      abilities: { reply: true, moderate: true, watch: true },
    });
    expect(
      applyThreadChange(moderator, { thread_id: 7, locked: true }).thread.abilities.reply,
    ).toBe(true);
  });

  it('gives a post heard live the abilities the server would: the edit window', () => {
    const thread = makeThreadPage(posts).thread;
    const created = Date.parse('2026-11-28T08:00:00.000Z');
    const mine = makeForumPost({ id: 5, number: 5, author: posts[0]!.author });
    const me = { id: posts[0]!.author!.id, registered: true };
    expect(liveAbilities(mine, thread, me, created + 60_000).edit).toBe(true);
    expect(liveAbilities(mine, thread, me, created + FORUM_EDIT_WINDOW_MS + 1).edit).toBe(false);
    const other = { id: 555, registered: true };
    const theirs = liveAbilities(mine, thread, other, created);
    expect(theirs).toMatchObject({ edit: false, delete: false, complain: true, history: false });
    expect(liveAbilities(mine, thread, { id: null, registered: false }, created)).toMatchObject({
      react: false,
      complain: false,
    });
  });
});
