import type { ImBlockReason } from '@chat/shared';
import type { ImChannelRow, ImMessageRow, UserRow } from '../db/schema';
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../db/schema';
import { hasPermission } from './permissions';
import { isSelf, type Viewer } from './viewer';

/**
 * Private messages: who may see a channel, open one, write and delete. The service gathers the
 * facts (who ignores whom, whether they are friends); these functions only decide.
 */

/** What is known about two people when one wants to write to the other. */
export interface WriteFacts {
  writer: Pick<UserRow, 'id' | 'role'>;
  recipient: Pick<UserRow, 'id' | 'role' | 'im_privacy'> | undefined;
  /** The recipient ignores the writer. */
  ignoredByRecipient: boolean;
  /** The writer ignores the recipient. */
  ignoringRecipient: boolean;
  /**
   * Whether they are friends; `null` while the site has no friendships (the friends feature
   * supplies a FriendsLookup), and then `friends` privacy is stored but not enforced.
   */
  friends: boolean | null;
}

/** Answers whether two people are friends; the friends feature provides it. */
export interface FriendsLookup {
  areFriends(a: number, b: number): Promise<boolean>;
}

type ChannelParties = Pick<ImChannelRow, 'user_low_id' | 'user_high_id'>;

/** Only the two people of a channel may see it or anything in it. */
export function canSee(viewer: Pick<Viewer, 'id'>, channel: ChannelParties): boolean {
  return isSelf(viewer, channel.user_low_id) || isSelf(viewer, channel.user_high_id);
}

/**
 * One private message: the parties see it while it is not deleted (a deleted one keeps its
 * place but shows neither text nor pictures, to its author too), so nobody may report it then.
 */
export function canSeeMessage(
  viewer: Pick<Viewer, 'id'>,
  channel: ChannelParties,
  message: Pick<ImMessageRow, 'deleted'>,
): boolean {
  return canSee(viewer, channel) && message.deleted === 0;
}

/** The channels a viewer lists, in SQL: those they are a party of. */
export function listedFor(viewerId: number) {
  return (eb: ExpressionBuilder<DB, 'im_channels'>) =>
    eb.or([
      eb('im_channels.user_low_id', '=', viewerId),
      eb('im_channels.user_high_id', '=', viewerId),
    ]);
}

/**
 * Private messages are for those with `im.send` (guests lack it): without it one can neither
 * open a channel nor write, nor be written to.
 */
export function canOpen(person: Pick<UserRow, 'role'>): boolean {
  return hasPermission(person, 'im.send');
}

/** Why the writer may not write to the recipient, or null when they may. */
export function writeBlock(facts: WriteFacts): ImBlockReason | null {
  if (!facts.recipient) return 'deleted';
  if (!canOpen(facts.writer) || !canOpen(facts.recipient)) return 'guest';
  if (facts.ignoredByRecipient) return 'ignored';
  if (facts.ignoringRecipient) return 'ignoring';
  if (facts.recipient.im_privacy === 'friends' && facts.friends === false) return 'friends_only';
  return null;
}

export type PrivateMessageAction = 'delete' | 'restore';

/** Deleting and restoring a private message is its author's alone. */
export function can(
  viewer: Viewer,
  action: PrivateMessageAction,
  message: Pick<ImMessageRow, 'user_id'>,
): boolean {
  switch (action) {
    case 'delete':
    case 'restore':
      return isSelf(viewer, message.user_id);
  }
}
