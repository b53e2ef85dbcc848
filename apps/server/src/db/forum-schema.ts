import type { Generated, Selectable } from 'kysely';

/** The forum's tables (migration 0020-forum); part of `DB` in schema.ts. */
export interface ForumTables {
  forum_categories: ForumCategoriesTable;
  forum_threads: ForumThreadsTable;
  forum_posts: ForumPostsTable;
  forum_post_edits: ForumPostEditsTable;
  forum_reads: ForumReadsTable;
  forum_watches: ForumWatchesTable;
}

export interface ForumCategoriesTable {
  id: Generated<number>;
  slug: string;
  name_ru: string;
  name_en: string;
  description_ru: Generated<string>;
  description_en: Generated<string>;
  position: Generated<number>;
  /** The permission a person needs to start a thread here (`forum.post`, `forum.moderate`). */
  start_permission: Generated<string>;
  threads_count: Generated<number>;
  posts_count: Generated<number>;
  last_post_id: Generated<number | null>;
  created_at: string;
  updated_at: string;
}

export interface ForumThreadsTable {
  id: Generated<number>;
  category_id: number;
  slug: string;
  subject: string;
  author_id: number | null;
  first_post_id: Generated<number | null>;
  last_post_id: Generated<number | null>;
  last_posted_at: string;
  posts_count: Generated<number>;
  views: Generated<number>;
  pinned: Generated<number>;
  locked: Generated<number>;
  /** Mirrors its first post's moderation status and hold. */
  status: Generated<string>;
  held: Generated<number>;
  client_id: string | null;
  created_at: string;
  deleted_at: Generated<string | null>;
}

export interface ForumPostsTable {
  id: Generated<number>;
  thread_id: number;
  number: number;
  author_id: number | null;
  text: string;
  html: string;
  reply_to_id: number | null;
  status: Generated<string>;
  held: Generated<number>;
  client_id: string | null;
  created_at: string;
  edited_at: Generated<string | null>;
  deleted_at: Generated<string | null>;
  deleted_by: Generated<number | null>;
}

export interface ForumPostEditsTable {
  id: Generated<number>;
  post_id: number;
  text: string;
  written_at: string;
  replaced_at: string;
}

export interface ForumReadsTable {
  user_id: number;
  thread_id: number;
  last_read_number: number;
  read_at: string;
}

export interface ForumWatchesTable {
  user_id: number;
  thread_id: number;
  /**
   * The number of the post the last `new` notification of this thread told of (0: none); one is
   * out until the watcher's read mark reaches it (features/forum/forum-watches.repository.ts).
   */
  notified: Generated<number>;
  created_at: string;
}

export type ForumCategoryRow = Selectable<ForumCategoriesTable>;
export type ForumThreadRow = Selectable<ForumThreadsTable>;
export type ForumPostRow = Selectable<ForumPostsTable>;
export type ForumPostEditRow = Selectable<ForumPostEditsTable>;
