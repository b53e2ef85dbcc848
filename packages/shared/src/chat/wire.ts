import { z } from 'zod';
import { nickStyle, publicUser } from '../schemas/user';
import { SOUNDS } from '../settings';
import { soundChoicesPatch } from '../admin/media';
import { decimalField, formBoolean, idField, intField, plainText } from '../schemas/fields';
import { attachmentSchema, attachmentIds } from '../uploads/wire';
import { gifSchema } from '../gifs/wire';

export { formBoolean };
import {
  MESSAGE_MAX_LENGTH,
  REACTIONS,
  ROOM_NAME_MAX,
  CLIENT_ID_PATTERN,
  MENTIONS_MAX,
} from './constants';

/** Chat objects on the wire (API.md "Public chat"). */
export const messageUser = z.object({
  id: z.number().int(),
  slug: z.string(),
  nick: nickStyle,
  avatar: z.string().nullable(),
  roles: z.array(z.string()),
  /** The author's gender as publicUser has it (Russian agreement), null when not given. */
  gender: publicUser.shape.gender,
});
export type MessageUser = z.infer<typeof messageUser>;

export const reactionSchema = z.object({
  reaction: z.enum(REACTIONS),
  /** `nick` beside the spec's slug: who reacted is shown by name, also after they left. */
  user: z.object({ id: z.number().int(), slug: z.string(), nick: z.string() }),
});
export type MessageReaction = z.infer<typeof reactionSchema>;

/**
 * What the viewer may do with a message (API.md "Abilities"): sent with every message of an
 * HTTP answer; a message heard on the socket carries none (one payload for every member), and
 * the web asks `chatMessageAbilities` then, the rule the server's policy answers with.
 */
export const chatMessageAbilitiesSchema = z.object({
  delete_for_me: z.boolean(),
  delete_for_everyone: z.boolean(),
  quote: z.boolean(),
  react: z.boolean(),
  /** Answer it with a quote of it (members, and only where the room may see the original). */
  reply: z.boolean(),
  /** Edit its text now: one's own message, within MESSAGE_EDIT_WINDOW_MS, not while gagged. */
  edit: z.boolean(),
});
export type ChatMessageAbilities = z.infer<typeof chatMessageAbilitiesSchema>;

/**
 * The message a reply answers, as this viewer may see it: its author and a short excerpt of its
 * text, read when the reply is presented (an edit shows, a deletion hides). `deleted` when the
 * viewer may not see the original (deleted for everyone, or a shadow-banned troll's): then no
 * author and no text, only "message unavailable".
 */
export const replyQuoteSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), slug: z.string(), nick: z.string() }).nullable(),
  text: z.string(),
  deleted: z.boolean().optional(),
});
export type ReplyQuote = z.infer<typeof replyQuoteSchema>;

export const chatMessage = z.object({
  id: z.number().int(),
  room_id: z.number().int(),
  user: messageUser,
  type_id: z.number().int(),
  text: z.string(),
  nicks: z.array(z.object({ nick: z.string(), user_id: z.number().int() })),
  reactions: z.array(reactionSchema),
  attachments: z.array(attachmentSchema),
  /** The library GIF a `type_id` gif message shows, else null. */
  gif: gifSchema.nullable(),
  client_id: z.string().nullable(),
  created_at: z.string(),
  /** The message this one answers, or null. */
  reply_to: replyQuoteSchema.nullable(),
  /** When its author last edited it, or null. */
  edited_at: z.string().nullable(),
  abilities: chatMessageAbilitiesSchema.optional(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const roomUser = z.object({
  id: z.number().int(),
  user: publicUser,
  state_id: z.number().int(),
  status: z.string().nullable(),
  invisible: z.boolean(),
  ignoring: z.boolean(),
});
export type RoomUser = z.infer<typeof roomUser>;

/**
 * What the viewer may do with a room (API.md "Abilities"): sent with every room of an HTTP
 * answer; `RoomUpdated` on the socket carries none (the web keeps what it had).
 */
export const roomAbilitiesSchema = z.object({
  /** Rename it, make it public or private (its owner, and `room.manage_any`). */
  update: z.boolean(),
  invite: z.boolean(),
  /** Go invisible in it (`room.invisible`). */
  go_invisible: z.boolean(),
});
export type RoomAbilities = z.infer<typeof roomAbilitiesSchema>;

export const roomSummary = z.object({
  id: z.number().int(),
  name: z.object({ ru: z.string(), en: z.string() }),
  public: z.boolean(),
  owner_id: z.number().int().nullable(),
  users_count: z.number().int(),
  abilities: roomAbilitiesSchema.optional(),
});
export type RoomSummary = z.infer<typeof roomSummary>;

export const roomDetail = roomSummary.extend({
  messages: z.array(chatMessage),
  users: z.array(roomUser),
  unread: z.number().int(),
  position: z.number().int(),
});
export type RoomDetail = z.infer<typeof roomDetail>;

export const chatState = z.object({
  rooms: z.array(roomDetail),
  available: z.array(roomSummary),
  /**
   * The site's main room, which the chat page enters when the user is in no room (the site
   * setting `main_room_id`, else the first public room by position); null when there is none.
   */
  main_room_id: z.number().int().nullable(),
});
export type ChatState = z.infer<typeof chatState>;

const roomName = plainText.pipe(z.string().trim().min(1).max(ROOM_NAME_MAX));
export const createRoomBody = z.object({
  name_ru: roomName,
  name_en: roomName,
  public: formBoolean.default(true),
});
export const updateRoomBody = z.object({
  name_ru: roomName.optional(),
  name_en: roomName.optional(),
  public: formBoolean.optional(),
});

export const postMessageBody = z.object({
  text: z
    .string()
    .max(MESSAGE_MAX_LENGTH * 4)
    .pipe(plainText),
  client_id: z.string().regex(CLIENT_ID_PATTERN),
  type_id: intField(1, 4).default(1),
  attachments: attachmentIds,
  /** With `type_id` gif: the GIF of the site's library that the message shows. */
  gif_id: idField.optional(),
  /** Users the author picked by clicking their nick; kept only when the nick is in the text. */
  mentions: z.array(idField).max(MENTIONS_MAX).default([]),
  /** The message of the same room this one answers. */
  reply_to: idField.optional(),
});
export type PostMessageBody = z.infer<typeof postMessageBody>;

/** A new text for one's own message (PATCH /api/chat/message/{id}): the same rules as posting. */
export const editMessageBody = z.object({
  text: z
    .string()
    .max(MESSAGE_MAX_LENGTH * 4)
    .pipe(plainText),
  mentions: z.array(idField).max(MENTIONS_MAX).default([]),
});
export type EditMessageBody = z.infer<typeof editMessageBody>;

/** An earlier text of an edited message, for moderators (GET /api/chat/message/{id}/edits). */
export const messageEditSchema = z.object({
  text: z.string(),
  /** When this text was written (the message's post, or the edit before). */
  written_at: z.string(),
  /** When it was replaced. */
  replaced_at: z.string(),
});
export type MessageEdit = z.infer<typeof messageEditSchema>;

export const reactionBody = z.object({ reaction: z.enum(REACTIONS) });

/** A partial update of the chat settings (form strings or JSON values). */
export const settingsPatchBody = z
  .object({
    show_avatars: formBoolean,
    show_gradients: formBoolean,
    show_guests: formBoolean,
    show_time: formBoolean,
    show_trolls: formBoolean,
    mute: formBoolean,
    notification_new_message: intField(0, 1),
    notification_volume: decimalField(0, 1),
    sound: z.enum(SOUNDS).nullable(),
    ...soundChoicesPatch.shape,
  })
  .partial();

export const statusBody = z.object({
  status: plainText.pipe(z.string().trim().max(64)).nullable(),
});
