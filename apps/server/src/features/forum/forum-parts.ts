import type { Kysely } from 'kysely';
import type { ForumPostRow, ForumThreadRow } from '../../db/forum-schema';
import type { DB } from '../../db/schema';
import type { UsersRepository } from '../users/users.repository';
import { excerptOf } from '../content/markdown';
import { canSee, countsForEveryone } from '../../access/forum-post.policy';
import type { Viewer } from '../../access/viewer';
import type { ForumReactionRow, ForumReactionsRepository } from './forum-reactions.repository';
import type { LastPostParts, PostParts } from './forum.presenter';
import type { PostsRepository } from './posts.repository';
import type { ThreadsRepository } from './threads.repository';

const groupBy = <T>(rows: readonly T[], key: (row: T) => number) => {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(key(row)) ?? [];
    list.push(row);
    map.set(key(row), list);
  }
  return map;
};

/** Reads what the presenters need beside the rows, a few queries per page whatever its size. */
export class ForumParts {
  constructor(
    private readonly posts: PostsRepository,
    private readonly threads: ThreadsRepository,
    private readonly reactions: ForumReactionsRepository,
    private readonly users: Pick<UsersRepository, 'findMany'>,
  ) {}

  /**
   * The newest posts of these lists (`last_post_id`s), with their threads and authors: only
   * those the viewer may read (the counters count a troll's posts and threads as public, so a
   * list would else name them), the others left out (the list shows no newest post).
   */
  async lastPosts(
    viewer: Viewer,
    postIds: readonly (number | null)[],
    extraUserIds: readonly (number | null)[] = [],
  ): Promise<LastPostParts> {
    const ids = [...new Set(postIds.filter((id): id is number => id !== null))];
    const all = await this.posts.byIds(ids);
    const threadIds = [...new Set(all.map((p) => p.thread_id))];
    const threads = await this.threads.byIds(threadIds);
    const users = await this.usersOf([
      ...all.map((p) => p.author_id),
      ...threads.map((t) => t.author_id),
      ...extraUserIds,
    ]);
    const trollish = (id: number | null) => users.get(id ?? 0)?.is_troll === 1;
    const threadById = new Map(threads.map((t): [number, ForumThreadRow] => [t.id, t]));
    const posts = all.filter((p) => {
      const thread = threadById.get(p.thread_id);
      return (
        thread !== undefined &&
        canSee(
          viewer,
          { ...p, authorIsTroll: trollish(p.author_id) },
          { ...thread, authorIsTroll: trollish(thread.author_id) },
        )
      );
    });
    return {
      posts: new Map(posts.map((p) => [p.id, p])),
      threads: new Map(threads.map((t): [number, ForumThreadRow] => [t.id, t])),
      users,
    };
  }

  /** Authors, pictures, reactions and answered posts of a page of posts. */
  async ofPosts(rows: readonly ForumPostRow[], db?: Kysely<DB>): Promise<PostParts> {
    const ids = rows.map((r) => r.id);
    const replyIds = [
      ...new Set(rows.map((r) => r.reply_to_id).filter((id): id is number => id !== null)),
    ];
    const [attachments, reactions, answered] = await Promise.all([
      this.posts.attachments(ids, db),
      this.reactions.forPosts(ids, db),
      this.posts.byIds(replyIds, db),
    ]);
    const users = await this.usersOf(
      [...rows.map((r) => r.author_id), ...answered.map((r) => r.author_id)],
      db,
    );
    return {
      users,
      attachments,
      reactions: groupBy<ForumReactionRow>(reactions, (r) => r.likeable_id),
      // A quote shows words and author only of a post everyone may still read: the payload is
      // one for every reader (and the live channel), so a troll's post quoted by someone who
      // sees trolls stays unnamed.
      replies: new Map(
        answered.map((post) => {
          const shown =
            countsForEveryone(post) &&
            !(post.author_id !== null && users.get(post.author_id)?.is_troll === 1);
          return [post.id, { post, excerpt: shown ? excerptOf(post.text) : null }];
        }),
      ),
    };
  }

  /** Users by id; through `db` inside a unit (a unit's reads must use its transaction). */
  async usersOf(ids: readonly (number | null)[], db?: Kysely<DB>) {
    const unique = [...new Set(ids.filter((id): id is number => id !== null))];
    const rows =
      unique.length === 0
        ? []
        : db
          ? await db.selectFrom('users').selectAll().where('id', 'in', unique).execute()
          : await this.users.findMany(unique);
    return new Map(rows.map((u) => [u.id, u]));
  }
}
