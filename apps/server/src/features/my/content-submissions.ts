import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * What the profile writes tell content moderation (post-moderation: a piece is visible while it
 * waits). Each call runs inside the transaction of the content write, so the content and its
 * review never disagree. Implemented by features/moderation; `features/my` knows only this.
 */
export interface ContentSubmissions {
  /** The about text changed; null (cleared) takes it out of the queue. */
  aboutChanged(trx: Kysely<DB>, userId: number, about: string | null, at: string): Promise<void>;
  /** A photo was added to the gallery. */
  photoAdded(trx: Kysely<DB>, userId: number, photoId: number, at: string): Promise<void>;
  /** A photo was deleted: nothing is left to review. */
  photoDeleted(trx: Kysely<DB>, photoId: number): Promise<void>;
}
