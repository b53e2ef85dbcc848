import type {
  ForumCategory,
  ForumLastPost,
  ForumPost,
  ForumPostAbilities,
  ForumThread,
  Locale,
  ModerationStatus,
  MessageReaction,
  Reaction,
} from '@chat/shared';
import type { ForumCategoryRow, ForumPostRow, ForumThreadRow } from '../../db/forum-schema';
import type { AttachmentRow, UserRow } from '../../db/schema';
import { presentAttachment } from '../uploads/attachments.presenter';
import { presentPublicUser } from '../users/user.presenter';
import type { ForumReactionRow } from './forum-reactions.repository';

/** Rows → the forum's wire shapes (API.md "Forum"); a row never leaves the server. */

const status = (s: string) => s as ModerationStatus;
const author = (users: ReadonlyMap<number, UserRow>, id: number | null) => {
  const user = id === null ? undefined : users.get(id);
  return user ? presentPublicUser(user) : null;
};

export const categoryName = (c: Pick<ForumCategoryRow, 'name_ru' | 'name_en'>, locale: Locale) =>
  locale === 'en' ? c.name_en : c.name_ru;

/** What a list shows of a thread's (or a category's) newest post. */
export interface LastPostParts {
  posts: ReadonlyMap<number, Pick<ForumPostRow, 'id' | 'author_id' | 'created_at' | 'thread_id'>>;
  threads: ReadonlyMap<number, Pick<ForumThreadRow, 'id' | 'slug' | 'subject'>>;
  users: ReadonlyMap<number, UserRow>;
}

export function presentLastPost(postId: number | null, parts: LastPostParts): ForumLastPost | null {
  const post = postId === null ? undefined : parts.posts.get(postId);
  const thread = post && parts.threads.get(post.thread_id);
  if (!post || !thread) return null;
  return {
    post_id: post.id,
    thread: { id: thread.id, slug: thread.slug, subject: thread.subject },
    author: author(parts.users, post.author_id),
    created_at: post.created_at,
  };
}

export function presentCategory(
  row: ForumCategoryRow,
  locale: Locale,
  parts: LastPostParts,
  canStart: boolean,
): ForumCategory {
  return {
    id: row.id,
    slug: row.slug,
    name: categoryName(row, locale),
    description: locale === 'en' ? row.description_en : row.description_ru,
    position: row.position,
    threads_count: row.threads_count,
    posts_count: row.posts_count,
    last_post: presentLastPost(row.last_post_id, parts),
    can_start: canStart,
  };
}

export function presentThread(
  row: ForumThreadRow,
  category: Pick<ForumCategoryRow, 'id' | 'slug' | 'name_ru' | 'name_en'>,
  locale: Locale,
  parts: LastPostParts,
  reader: { unread: number; isNew: boolean },
): ForumThread {
  return {
    id: row.id,
    slug: row.slug,
    subject: row.subject,
    category: { id: category.id, slug: category.slug, name: categoryName(category, locale) },
    author: author(parts.users, row.author_id),
    posts_count: row.posts_count,
    views: row.views,
    last_post: presentLastPost(row.last_post_id, parts),
    pinned: row.pinned === 1,
    locked: row.locked === 1,
    status: status(row.status),
    unread: reader.unread,
    is_new: reader.isNew,
    created_at: row.created_at,
  };
}

/** What a page of posts brings along: authors, pictures, reactions, the posts they answer. */
export interface PostParts {
  users: ReadonlyMap<number, UserRow>;
  attachments: ReadonlyMap<number, AttachmentRow[]>;
  reactions: ReadonlyMap<number, ForumReactionRow[]>;
  /** Answered posts; an excerpt only of those everyone may read. */
  replies: ReadonlyMap<number, { post: ForumPostRow; excerpt: string | null }>;
}

export function presentPost(
  row: ForumPostRow,
  parts: PostParts,
  abilities?: ForumPostAbilities,
): ForumPost {
  const answered = row.reply_to_id === null ? undefined : parts.replies.get(row.reply_to_id);
  return {
    id: row.id,
    thread_id: row.thread_id,
    number: row.number,
    author: author(parts.users, row.author_id),
    text: row.text,
    html: row.html,
    attachments: (parts.attachments.get(row.id) ?? []).map(presentAttachment),
    reply_to: answered
      ? {
          id: answered.post.id,
          number: answered.post.number,
          // Whose words they were is shown only with the words.
          author: answered.excerpt === null ? null : author(parts.users, answered.post.author_id),
          excerpt: answered.excerpt,
        }
      : null,
    reactions: (parts.reactions.get(row.id) ?? []).map((r): MessageReaction => ({
      reaction: r.reaction as Reaction,
      user: { id: r.user_id, slug: r.user_slug, nick: r.user_nick },
    })),
    status: status(row.status),
    held: row.held === 1,
    created_at: row.created_at,
    edited_at: row.edited_at,
    ...(abilities ? { abilities } : {}),
  };
}
