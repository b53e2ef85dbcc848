import type { AttachmentRow } from '../db/schema';
import { isSelf, type Viewer } from './viewer';

/**
 * An attachment is seen by its owner, and by whoever may see something it is attached to (a
 * room message: the message policy; a private message: the private channel policy). The
 * features register those checks with the uploads feature; `attachedSeen` is their answer.
 */
export function canSee(
  viewer: Pick<Viewer, 'id'>,
  attachment: Pick<AttachmentRow, 'user_id'>,
  attachedSeen: boolean,
): boolean {
  return isSelf(viewer, attachment.user_id) || attachedSeen;
}

/**
 * Why the viewer may not put this upload on what they send, or null when they may: it must be
 * their own and finished; the public chat takes no adult picture.
 */
export function attachBlock(
  viewer: Pick<Viewer, 'id'>,
  attachment: Pick<AttachmentRow, 'user_id' | 'status' | 'adult'> | undefined,
  options: { publicChat: boolean },
): 'invalid' | 'adult' | null {
  if (!attachment || !isSelf(viewer, attachment.user_id) || attachment.status !== 'complete')
    return 'invalid';
  if (options.publicChat && attachment.adult === 1) return 'adult';
  return null;
}
