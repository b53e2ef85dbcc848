import { z } from 'zod';
import { CLIENT_ID_PATTERN, MESSAGE_MAX_LENGTH } from '../chat/constants';
import { idField, plainText } from '../schemas/fields';
import { pageMetaSchema } from '../schemas/paging';
import { publicUser } from '../schemas/user';
import { attachmentIds, attachmentSchema } from '../uploads/wire';

/** Private messages on the wire (API.md "Private messages"). */
export const imMessageSchema = z.object({
  id: z.number().int(),
  channel_id: z.number().int(),
  user: publicUser,
  /** Empty when deleted. */
  text: z.string(),
  /** Empty when deleted. */
  attachments: z.array(attachmentSchema),
  deleted: z.union([z.literal(0), z.literal(1)]),
  /** When the other person read it; null while unread. */
  read_at: z.string().nullable(),
  client_id: z.string().nullable(),
  created_at: z.string(),
});
export type ImMessage = z.infer<typeof imMessageSchema>;

export const imChannelSchema = z.object({
  id: z.number().int(),
  /** The other person of the channel. */
  user: publicUser,
  last_message: imMessageSchema.nullable(),
  /** Messages the viewer has not read. */
  new_messages: z.number().int(),
  /** ISO time of the latest activity (the order of the channel list). */
  updated_at: z.string(),
  /** Why the viewer cannot write here (one of IM_BLOCK_REASONS), else null. */
  blocked: z.string().nullable(),
});
export type ImChannel = z.infer<typeof imChannelSchema>;

/**
 * Why a channel is closed for writing, from the viewer's side: `guest` (the viewer or the other
 * is a guest), `ignored` (the other ignores the viewer), `ignoring` (the viewer ignores the
 * other), `friends_only` (the other accepts friends only), `deleted` (the other left the site).
 */
export const IM_BLOCK_REASONS = [
  'guest',
  'ignored',
  'ignoring',
  'friends_only',
  'deleted',
] as const;
export type ImBlockReason = (typeof IM_BLOCK_REASONS)[number];

/** `GET /api/im/channels?page={n}`. */
export const imChannelsPageSchema = z.object({
  data: z.array(imChannelSchema),
  meta: pageMetaSchema,
});
export type ImChannelsPage = z.infer<typeof imChannelsPageSchema>;

/** `GET /api/im/message/{channelId}?page={n}`: page 1 is the newest; each page oldest first. */
export const imMessagesPageSchema = z.object({
  data: z.array(imMessageSchema),
  meta: pageMetaSchema,
});
export type ImMessagesPage = z.infer<typeof imMessagesPageSchema>;

/**
 * `GET /api/im/message/{channelId}?after={id}`: what came after `id`, oldest first, at most
 * IM_AFTER_MAX; `has_more` asks for another call from the last id received.
 */
export const imCatchUpSchema = z.object({
  data: z.array(imMessageSchema),
  meta: z.object({ has_more: z.boolean() }),
});
export type ImCatchUp = z.infer<typeof imCatchUpSchema>;

export const IM_MESSAGES_PAGE = 50;
export const IM_CHANNELS_PAGE = 50;
export const IM_AFTER_MAX = 500;
export const IM_PRIVACY = ['all', 'friends'] as const;
export type ImPrivacy = (typeof IM_PRIVACY)[number];

export const openChannelBody = z.object({ user_id: idField });

export const postImMessageBody = z
  .object({
    text: z
      .string()
      .max(MESSAGE_MAX_LENGTH * 4)
      .pipe(plainText)
      .default(''),
    client_id: z.string().regex(CLIENT_ID_PATTERN),
    attachments: attachmentIds,
  })
  .refine((b) => b.text.trim().length > 0 || b.attachments.length > 0, {
    message: 'message.empty',
    path: ['text'],
  });
export type PostImMessageBody = z.infer<typeof postImMessageBody>;

/** `Im.MessagesCountUpdated`: the reader's totals after a read or a new message. */
export interface ImCountEvent {
  im_unread_count: number;
  channel_id: number;
  new_messages: number;
}

/** `Im.MessagesRead`: read receipts for the author's messages up to `last_read_id`. */
export interface ImReadEvent {
  channel_id: number;
  reader_id: number;
  last_read_id: number;
  read_at: string;
}
