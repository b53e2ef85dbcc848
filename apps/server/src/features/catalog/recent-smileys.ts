import { RECENT_SMILEYS_MAX, usedSmileyTags, type Smiley } from '@chat/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { DomainEvents } from '../../events/domain-events';
import type { CatalogService } from './catalog.service';
import type { RecentSmileysRepository, SmileyUse } from './recent-smileys.repository';

/**
 * How long uses wait in memory before one batch stores them. Posting a room message is the
 * site's hottest write (group commit, BENCHMARKS.md): the uses are taken from the stored-message
 * events after the commit and written later, in one transaction for every user of the second,
 * so a post's answer waits for nothing and a busy room costs one small write a second instead
 * of one per message. A crash loses at most this much of who used which smiley.
 */
export const RECENT_SMILEYS_FLUSH_MS = 1000;

/**
 * Each account's recently sent smileys (user data `recent_smileys`): the `-tag-`s of the
 * catalogue in the room and private messages a person sends, newest first, at most
 * RECENT_SMILEYS_MAX.
 */
export class RecentSmileys {
  /** Per user, tag → when, oldest use first (a Map keeps the order of insertion). */
  private pending = new Map<number, Map<string, string>>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  /** Uses still waiting for the catalogue (its first load, or after an admin's change). */
  private readonly looking = new Set<Promise<void>>();

  constructor(
    private readonly repo: RecentSmileysRepository,
    private readonly catalog: CatalogService,
    private readonly log: FastifyBaseLogger,
    private readonly flushMs = RECENT_SMILEYS_FLUSH_MS,
  ) {}

  listenTo(events: DomainEvents): void {
    events.on('chat.message.stored', ({ message }) =>
      this.noteText(message.user.id, message.text, message.created_at),
    );
    events.on('im.message.stored', ({ message }) =>
      this.noteText(message.user.id, message.text, message.created_at),
    );
    // A deleted account's uses waiting here must not come back after its rows went.
    events.on('user.deleted', ({ userId }) => {
      this.pending.delete(userId);
    });
  }

  /** The user's recent smileys, newest first: those the catalogue still has. */
  async of(userId: number): Promise<Smiley[]> {
    const [tags, byTag] = await Promise.all([
      this.repo.tags(userId, RECENT_SMILEYS_MAX),
      this.catalog.smileysByTag(),
    ]);
    return tags.flatMap((tag) => {
      const smiley = byTag.get(tag);
      return smiley ? [smiley] : [];
    });
  }

  /** Records that the user sent these smileys (oldest first) at `at`; stored with the batch. */
  note(userId: number, tags: readonly string[], at: string): void {
    if (tags.length === 0) return;
    let uses = this.pending.get(userId);
    if (!uses) {
      uses = new Map();
      this.pending.set(userId, uses);
    }
    for (const tag of tags) {
      uses.delete(tag);
      uses.set(tag, at);
    }
    // Older uses than the newest few could not survive the cap: they are not kept or written.
    for (const tag of uses.keys()) {
      if (uses.size <= RECENT_SMILEYS_MAX) break;
      uses.delete(tag);
    }
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs).unref();
  }

  /** Stores every use noted so far; resolves once they are written (shutdown, tests). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.all(this.looking);
    // One batch at a time: a later batch's uses must get the newer ids.
    this.writing = this.writing.then(() => this.write());
    await this.writing;
  }

  private noteText(userId: number, text: string, at: string): void {
    // Most messages have no hyphen: one scan, no lookup.
    if (!text.includes('-')) return;
    const lookup = this.catalog
      .smileysByTag()
      .then((byTag) => this.note(userId, usedSmileyTags(text, byTag), at))
      .catch((error: unknown) => this.log.warn({ err: error }, 'recent smileys: no catalogue'))
      .finally(() => this.looking.delete(lookup));
    this.looking.add(lookup);
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = new Map<number, SmileyUse[]>();
    for (const [userId, uses] of this.pending)
      batch.set(
        userId,
        [...uses].map(([tag, at]) => ({ tag, at })),
      );
    this.pending = new Map();
    try {
      await this.repo.record(batch, RECENT_SMILEYS_MAX);
    } catch (error) {
      // Recent smileys are a convenience: a failed batch is logged, never retried in a loop.
      this.log.warn({ err: error, users: batch.size }, 'recent smileys not stored');
    }
  }
}
