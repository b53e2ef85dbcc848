import type { Attachment, ImBlockReason, ImChannel, ImMessage } from '@chat/shared';
import type { ImChannelUserRow, ImMessageRow, UserRow } from '../../db/schema';
import { parseJsonList } from '../../lib/json-list';
import { presentPublicUser } from '../users/user.presenter';

/** A private message on the wire; a deleted one keeps its place but not its text or pictures. */
export function presentImMessage(row: ImMessageRow, author: UserRow): ImMessage {
  const deleted = row.deleted === 1;
  return {
    id: row.id,
    channel_id: row.channel_id,
    user: presentPublicUser(author),
    text: deleted ? '' : row.text,
    attachments: deleted ? [] : parseJsonList<Attachment>(row.attachments),
    deleted: deleted ? 1 : 0,
    read_at: row.read_at,
    client_id: row.client_id,
    created_at: row.created_at,
  };
}

/** A channel as one of its two people sees it: `user` is the other one. */
export function presentImChannel(
  party: ImChannelUserRow,
  other: UserRow,
  lastMessage: ImMessage | null,
  blocked: ImBlockReason | null,
  createdAt: string,
): ImChannel {
  return {
    id: party.channel_id,
    user: presentPublicUser(other),
    last_message: lastMessage,
    new_messages: Number(party.unread_count),
    updated_at: party.activity_at ?? createdAt,
    blocked,
  };
}
