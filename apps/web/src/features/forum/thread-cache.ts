import {
  FORUM_EDIT_WINDOW_MS,
  type ForumPost,
  type ForumPostAbilities,
  type ForumThreadPage,
} from '@chat/shared';
import type { ForumThreadChange } from './live';

/**
 * A thread page as the cache holds it, changed by what the open thread hears. Each function
 * returns a new page (or the same one when nothing changes), as TanStack Query wants.
 */

const isLastPage = (page: ForumThreadPage) => page.meta.current_page >= page.meta.last_page;

/**
 * A reply heard live: appended when this is the last page and it has room, else only counted
 * (the pager grows a page). The same post twice (my own, or a retry) is replaced, not added.
 */
export function appendPost(
  page: ForumThreadPage,
  post: ForumPost,
): { page: ForumThreadPage; appended: boolean } {
  if (page.data.some((p) => p.id === post.id))
    return { page: replacePost(page, post), appended: false };
  const total = page.meta.total + 1;
  const perPage = Math.max(1, page.meta.per_page);
  const room = isLastPage(page) && page.data.length < perPage;
  const thread = { ...page.thread, posts_count: page.thread.posts_count + 1 };
  const meta = {
    ...page.meta,
    total,
    last_page: Math.max(page.meta.last_page, Math.ceil(total / perPage)),
  };
  return room
    ? { page: { thread, meta, data: [...page.data, post] }, appended: true }
    : { page: { thread, meta, data: page.data }, appended: false };
}

/** An edit (or a reaction, a release from review) heard live: the post in place. */
export function replacePost(page: ForumThreadPage, post: ForumPost): ForumThreadPage {
  if (!page.data.some((p) => p.id === post.id)) return page;
  return {
    ...page,
    data: page.data.map((p) =>
      // The socket's post has no abilities (one payload for everyone): mine stay.
      p.id === post.id ? { ...post, abilities: post.abilities ?? p.abilities } : p,
    ),
  };
}

export function removePost(page: ForumThreadPage, postId: number): ForumThreadPage {
  if (!page.data.some((p) => p.id === postId)) return page;
  return {
    ...page,
    data: page.data.filter((p) => p.id !== postId),
    thread: { ...page.thread, posts_count: Math.max(0, page.thread.posts_count - 1) },
    meta: { ...page.meta, total: Math.max(0, page.meta.total - 1) },
  };
}

/** Pinned, locked, renamed: the header follows; a lock also takes the reply box away. */
export function applyThreadChange(
  page: ForumThreadPage,
  change: ForumThreadChange,
): ForumThreadPage {
  const thread = { ...page.thread };
  if (typeof change.pinned === 'boolean') thread.pinned = change.pinned;
  if (typeof change.locked === 'boolean') {
    thread.locked = change.locked;
    // Moderators still write in a locked thread; others may not.
    if (change.locked && !thread.abilities.moderate)
      thread.abilities = { ...thread.abilities, reply: false };
  }
  if (typeof change.subject === 'string') thread.subject = change.subject;
  const category = change.category;
  if (
    typeof category === 'object' &&
    category !== null &&
    typeof (category as { slug?: unknown }).slug === 'string'
  )
    thread.category = { ...thread.category, ...(category as typeof thread.category) };
  return { ...page, thread };
}

/**
 * What I may do with a post heard on the socket, which carries no abilities: the same rules the
 * server's policy answers with, from what the thread page says about me.
 */
export function liveAbilities(
  post: ForumPost,
  thread: ForumThreadPage['thread'],
  viewer: { id: number | null; registered: boolean },
  now: number,
): ForumPostAbilities {
  const moderator = thread.abilities.moderate;
  const own = viewer.id !== null && post.author?.id === viewer.id;
  const fresh = now - Date.parse(post.created_at) < FORUM_EDIT_WINDOW_MS;
  return {
    reply: thread.abilities.reply,
    quote: thread.abilities.reply,
    react: viewer.registered,
    edit: moderator || (own && fresh && !thread.locked),
    delete: moderator || (own && post.number > 1),
    complain: viewer.registered && !own,
    history: moderator,
  };
}
