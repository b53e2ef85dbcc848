import * as attachmentPolicy from '../../access/attachment.policy';
import type { Attachment } from '@chat/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError, invalid, notFound } from '../../http/app-error';
import { nowIso } from '../../lib/clock';
import { presentAttachment } from './attachments.presenter';
import type { AttachmentsRepository } from './attachments.repository';

/** What an attachment can be attached to. */
export type AttachmentLinkKind = 'room' | 'im' | 'forum_post' | 'art_post';

/**
 * Answers whether `viewerId` may see the thing of `kind` numbered `refId` (a room message, a
 * private message). Features register theirs; GET /api/upload/{id} asks them.
 */
export type VisibilityCheck = (viewerId: number, refId: number) => Promise<boolean>;

/**
 * The one door other features use to put uploaded pictures on what they store.
 *
 * Usage in a message service:
 *   const attachments = await deps.attachments.claim(userId, body.attachments, { publicChat: true });
 *   await units.run(async (tx) => {
 *     const message = await insertMessage(tx.db, ...);
 *     await deps.attachments.link(attachments.map((a) => a.id), 'room', message.id, tx.db);
 *   });
 *   // register once, at build time:
 *   deps.attachments.registerVisibility('room', (viewerId, messageId) => canSee(viewerId, messageId));
 */
export interface Attachments {
  /**
   * Checks attachment ids a user wants to send and returns their wire objects, in the given
   * order with duplicates removed. Each id must be the caller's own and `complete`; with
   * `publicChat` (rooms are "the public chat") none may be `adult`. Otherwise throws AppError
   * 422 `validation` with `errors.attachments` (`attachments.invalid`, or `attachments.adult`
   * which says the picture cannot be sent to the public chat). An empty list returns [].
   */
  claim(
    userId: number,
    ids: readonly number[],
    options: { publicChat: boolean },
  ): Promise<Attachment[]>;
  /**
   * Records that these attachments are attached to `kind` #refId (idempotent), through `db`
   * when given: the transaction that stores the thing, so the links commit with it.
   */
  link(
    ids: readonly number[],
    kind: AttachmentLinkKind,
    refId: number,
    db?: Kysely<DB>,
  ): Promise<void>;
  /** Registers who may see what `kind` links point to (the last registration of a kind wins). */
  registerVisibility(kind: AttachmentLinkKind, check: VisibilityCheck): void;
}

/** The Attachments door, and GET /api/upload/{id}. */
export class AttachmentsService implements Attachments {
  private readonly visibility = new Map<AttachmentLinkKind, VisibilityCheck>();

  constructor(private readonly repo: AttachmentsRepository) {}

  async claim(
    userId: number,
    ids: readonly number[],
    options: { publicChat: boolean },
  ): Promise<Attachment[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const rows = new Map((await this.repo.findMany(unique)).map((r) => [r.id, r]));
    const claimed: Attachment[] = [];
    for (const id of unique) {
      const row = rows.get(id);
      const block = attachmentPolicy.attachBlock({ id: userId }, row, options);
      if (block === 'invalid' || !row) throw invalid({ attachments: ['attachments.invalid'] });
      if (block === 'adult')
        throw new AppError('validation', {
          messageKey: 'attachments.adult',
          errors: { attachments: ['attachments.adult'] },
        });
      claimed.push(presentAttachment(row));
    }
    return claimed;
  }

  async link(
    ids: readonly number[],
    kind: AttachmentLinkKind,
    refId: number,
    db?: Kysely<DB>,
  ): Promise<void> {
    await this.repo.link([...new Set(ids)], kind, refId, nowIso(), db);
  }

  registerVisibility(kind: AttachmentLinkKind, check: VisibilityCheck): void {
    this.visibility.set(kind, check);
  }

  /** One attachment for its owner, or for whoever may see something it is attached to. */
  async show(viewerId: number, id: number): Promise<Attachment> {
    const row = await this.repo.find(id);
    if (!row) throw notFound();
    const viewer = { id: viewerId };
    if (attachmentPolicy.canSee(viewer, row, false)) return presentAttachment(row);
    for (const link of await this.repo.linksOf(id)) {
      const check = this.visibility.get(link.kind as AttachmentLinkKind);
      const seen = check !== undefined && (await check(viewerId, link.ref_id));
      if (attachmentPolicy.canSee(viewer, row, seen)) return presentAttachment(row);
    }
    throw notFound();
  }
}
