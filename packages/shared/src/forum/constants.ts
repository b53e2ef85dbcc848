/** The forum's limits (API.md "Forum"). */
export const FORUM_SUBJECT_MAX = 150;
/** A post's Markdown source, in characters (a 1 MB post is refused with 422). */
export const FORUM_POST_MAX = 20_000;
/** Pictures of one post, from the upload pipeline. */
export const FORUM_ATTACHMENTS_MAX = 10;
/** Threads per category page and posts per thread page: the profiles list's sizes. */
export const FORUM_PAGE_SIZES = [50, 100, 200] as const;
export const FORUM_POSTS_PER_PAGE = 20;
/** How long an author may edit their own post. */
export const FORUM_EDIT_WINDOW_MS = 30 * 60 * 1000;
export const FORUM_THREAD_SORTS = ['activity', 'new', 'top'] as const;
export type ForumThreadSort = (typeof FORUM_THREAD_SORTS)[number];
