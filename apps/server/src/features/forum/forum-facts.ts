import type { PostWithAuthor } from './posts.repository';
import type { ThreadWithAuthor } from './threads.repository';

/** Rows as the forum-post policy reads them (the author's troll flag by name). */
export const threadFacts = (t: ThreadWithAuthor) => ({
  ...t,
  authorIsTroll: t.author_is_troll === 1,
  authorRole: t.author_role,
});
export const postFacts = (p: PostWithAuthor, hasReplies?: boolean) => ({
  ...p,
  authorIsTroll: p.author_is_troll === 1,
  authorRole: p.author_role,
  ...(hasReplies === undefined ? {} : { hasReplies }),
});
