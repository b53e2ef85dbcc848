import type { Evidence } from '@chat/shared';
import type { Kysely } from 'kysely';
import type { DB, ImMessageRow, MessageRow, ProfilePhotoRow, UserGiftRow } from '../../db/schema';
import {
  snapshotArtComment,
  snapshotArtPost,
  snapshotForumPost,
  snapshotGift,
  snapshotImMessage,
  snapshotMessage,
  snapshotPhoto,
  snapshotUser,
} from './evidence';

/** The kinds of thing a complaint (not an appeal) is about. */
export type ThingKind =
  'message' | 'im_message' | 'user' | 'photo' | 'gift' | 'forum_post' | 'art_post' | 'art_comment';

/** SQL of what complaints are about: the things, who may see them, and their snapshots. */
export class ComplaintTargetsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** A room message with its room and whether the viewer is in it (the message policy's place). */
  async roomMessage(
    id: number,
    viewerId: number,
  ): Promise<
    { message: MessageRow; room: { is_public: number } | undefined; member: boolean } | undefined
  > {
    const message = await this.db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!message) return undefined;
    const room = await this.db
      .selectFrom('rooms')
      .leftJoin('room_users', (join) =>
        join.onRef('room_users.room_id', '=', 'rooms.id').on('room_users.user_id', '=', viewerId),
      )
      .select(['rooms.is_public', 'room_users.user_id as member'])
      .where('rooms.id', '=', message.room_id)
      .executeTakeFirst();
    return {
      message,
      room: room ? { is_public: room.is_public } : undefined,
      member: room !== undefined && room.member !== null,
    };
  }

  /** A private message with the two parties of its channel. */
  async imMessage(
    id: number,
  ): Promise<{ message: ImMessageRow; parties: [number, number] } | undefined> {
    const row = await this.db
      .selectFrom('im_messages')
      .innerJoin('im_channels', 'im_channels.id', 'im_messages.channel_id')
      .selectAll('im_messages')
      .select(['im_channels.user_low_id', 'im_channels.user_high_id'])
      .where('im_messages.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { user_low_id, user_high_id, ...message } = row;
    return { message, parties: [user_low_id, user_high_id] };
  }

  photo(id: number): Promise<ProfilePhotoRow | undefined> {
    return this.db.selectFrom('profile_photos').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A received gift (features/economy's user_gifts). */
  gift(id: number): Promise<UserGiftRow | undefined> {
    return this.db.selectFrom('user_gifts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A forum post with its thread, each with its author's troll mark (the policy's facts). */
  async forumPost(id: number) {
    const post = await this.db
      .selectFrom('forum_posts')
      .leftJoin('users', 'users.id', 'forum_posts.author_id')
      .selectAll('forum_posts')
      .select('users.is_troll as author_is_troll')
      .where('forum_posts.id', '=', id)
      .executeTakeFirst();
    if (!post) return undefined;
    const thread = await this.db
      .selectFrom('forum_threads')
      .leftJoin('users', 'users.id', 'forum_threads.author_id')
      .selectAll('forum_threads')
      .select('users.is_troll as author_is_troll')
      .where('forum_threads.id', '=', post.thread_id)
      .executeTakeFirst();
    return thread ? { post, thread } : undefined;
  }

  /** An art post with its author's troll mark and role (the policy's facts). */
  artPost(id: number) {
    return this.db
      .selectFrom('art_posts')
      .leftJoin('users', 'users.id', 'art_posts.author_id')
      .selectAll('art_posts')
      .select(['users.is_troll as author_is_troll', 'users.role as author_role'])
      .where('art_posts.id', '=', id)
      .executeTakeFirst();
  }

  /** An art comment with its author's troll mark and role. */
  artComment(id: number) {
    return this.db
      .selectFrom('art_comments')
      .leftJoin('users', 'users.id', 'art_comments.author_id')
      .selectAll('art_comments')
      .select(['users.is_troll as author_is_troll', 'users.role as author_role'])
      .where('art_comments.id', '=', id)
      .executeTakeFirst();
  }

  /** The thing as it is now, to keep with the complaint (evidence.ts). */
  snapshot(kind: ThingKind, id: number): Promise<Evidence | null> {
    switch (kind) {
      case 'message':
        return snapshotMessage(this.db, id);
      case 'im_message':
        return snapshotImMessage(this.db, id);
      case 'user':
        return snapshotUser(this.db, id);
      case 'photo':
        return snapshotPhoto(this.db, id);
      case 'gift':
        return snapshotGift(this.db, id);
      case 'forum_post':
        return snapshotForumPost(this.db, id);
      case 'art_post':
        return snapshotArtPost(this.db, id);
      case 'art_comment':
        return snapshotArtComment(this.db, id);
    }
  }
}
