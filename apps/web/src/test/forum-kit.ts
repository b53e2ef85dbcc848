// Forum wire objects for the web tests: posts, thread pages and categories with sensible defaults.
import type {
  ForumCategory,
  ForumPost,
  ForumPostAbilities,
  ForumThread,
  ForumThreadPage,
} from '@chat/shared';
import { makeNick, makePublicUser } from '../../../../packages/shared/src/test/chat-fixtures';

export const ALL_ABILITIES: ForumPostAbilities = {
  reply: true,
  quote: true,
  react: true,
  edit: true,
  delete: true,
  complain: true,
  history: true,
};
export const NO_ABILITIES: ForumPostAbilities = {
  reply: false,
  quote: false,
  react: false,
  edit: false,
  delete: false,
  complain: false,
  history: false,
};

export const author = (id: number, nick = `User${id}`) =>
  makePublicUser({ id, slug: `u${id}`, nick: makeNick(nick) });

export function makeForumPost(overrides: Partial<ForumPost> & { id: number }): ForumPost {
  return {
    thread_id: 7,
    number: overrides.id,
    author: author(1, 'Алиса'),
    text: `Text of post ${overrides.id}`,
    html: `<p>Text of post ${overrides.id}</p>`,
    attachments: [],
    reply_to: null,
    reactions: [],
    status: 'accepted',
    held: false,
    created_at: '2026-11-28T08:00:00.000Z',
    edited_at: null,
    abilities: { ...ALL_ABILITIES, edit: false, delete: false, history: false },
    ...overrides,
  };
}

export function makeThread(overrides: Partial<ForumThread> = {}): ForumThread {
  return {
    id: 7,
    slug: 'privet-vsem',
    subject: 'Привет всем',
    category: { id: 1, slug: 'general', name: 'General talk' },
    author: author(1, 'Алиса'),
    posts_count: 3,
    views: 10,
    last_post: null,
    pinned: false,
    locked: false,
    status: 'accepted',
    unread: 0,
    is_new: false,
    created_at: '2026-11-28T08:00:00.000Z',
    ...overrides,
  };
}

export function makeThreadPage(
  posts: ForumPost[],
  overrides: Partial<ForumThreadPage['thread']> = {},
  meta: Partial<ForumThreadPage['meta']> = {},
): ForumThreadPage {
  return {
    thread: {
      ...makeThread({ posts_count: posts.length }),
      watching: false,
      abilities: { reply: true, moderate: false, watch: true },
      first_unread_post_id: null,
      ...overrides,
    },
    data: posts,
    meta: { current_page: 1, last_page: 1, per_page: 20, total: posts.length, ...meta },
  };
}

export function makeCategory(overrides: Partial<ForumCategory> = {}): ForumCategory {
  return {
    id: 1,
    slug: 'general',
    name: 'General talk',
    description: 'About everything',
    position: 1,
    threads_count: 120,
    posts_count: 400,
    last_post: null,
    can_start: true,
    ...overrides,
  };
}
