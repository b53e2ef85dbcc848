import type { Locale } from '@chat/shared';
import { localePath } from '../../lib/locale-path';

const enc = encodeURIComponent;

/** `/{locale}/forum`, or a category's threads: `/{locale}/forum/{slug}`. */
export const forumPath = (locale: Locale, categorySlug?: string) =>
  localePath(locale, categorySlug === undefined ? '/forum' : `/forum/${enc(categorySlug)}`);

/** `/{locale}/forum/create/{categorySlug}`: a new thread there. */
export const forumCreatePath = (locale: Locale, categorySlug: string) =>
  localePath(locale, `/forum/create/${enc(categorySlug)}`);

/** A thread; `post` opens the page holding that post and scrolls to it. */
export function forumThreadPath(
  locale: Locale,
  threadSlug: string,
  at: { page?: number; post?: number } = {},
): string {
  const query = new URLSearchParams();
  if (at.post !== undefined) query.set('post', String(at.post));
  else if (at.page !== undefined && at.page > 1) query.set('page', String(at.page));
  const search = query.toString();
  return `${localePath(locale, `/forum/thread/${enc(threadSlug)}`)}${search ? `?${search}` : ''}`;
}

/** The id of a post's element on the thread page, for `?post=` and the unread mark. */
export const postAnchor = (postId: number) => `post-${postId}`;
