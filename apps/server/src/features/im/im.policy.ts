import type { ImBlockReason } from '@chat/shared';
import type { ImChannelRow, ImMessageRow, UserRow } from '../../db/schema';
import { hasPermission } from '../users/user.presenter';

/**
 * Every private-messages permission in one place (DESIGN.md rule 8). The service gathers the
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

/** Only the two people of a channel may see it or anything in it. */
export function canSeeChannel(userId: number, channel: ImChannelRow): boolean {
  return channel.user_low_id === userId || channel.user_high_id === userId;
}

/**
 * Private messages are for those with `im.send` (guests lack it): without it one can neither
 * open a channel nor write, nor be written to.
 */
export function canOpenChannel(writer: Pick<UserRow, 'role'>): boolean {
  return hasPermission(writer, 'im.send');
}

/** Why the writer may not write to the recipient, or null when they may. */
export function writeBlock(facts: WriteFacts): ImBlockReason | null {
  if (!facts.recipient) return 'deleted';
  if (!canOpenChannel(facts.writer) || !canOpenChannel(facts.recipient)) return 'guest';
  if (facts.ignoredByRecipient) return 'ignored';
  if (facts.ignoringRecipient) return 'ignoring';
  if (facts.recipient.im_privacy === 'friends' && facts.friends === false) return 'friends_only';
  return null;
}

export function canWrite(facts: WriteFacts): boolean {
  return writeBlock(facts) === null;
}

/** Deleting and restoring a private message is its author's alone. */
export function canDeleteMessage(userId: number, message: ImMessageRow): boolean {
  return message.user_id === userId;
}
