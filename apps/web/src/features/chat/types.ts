import type {
  Attachment,
  ChatMessage,
  Gif,
  ChatSettings,
  MessageEdit,
  Reaction,
  ReplyQuote,
  RoomDetail,
  RoomsState,
  RoomStateId,
  TypingState,
} from '@chat/shared';
import type { OutboxState } from '../../lib/outbox-queue';

/**
 * The contract between the chat's data layer (store.ts, realtime dispatcher) and its UI
 * (components). The store keeps server truth plus the outbox; components only read it and call
 * these actions.
 */

/** A message typed here and not yet confirmed by the server. */
export interface PendingMessage {
  client_id: string;
  room_id: number;
  text: string;
  mentions: number[];
  /** Pictures (complete uploads) sent with the text. */
  attachments?: readonly Attachment[];
  /** A library GIF: the message is of the GIF type. */
  gif?: Gif | null;
  /** The message this one answers, quoted as it was when the reply was written. */
  reply_to?: ReplyQuote;
  /**
   * queued: waiting for the connection; waiting: behind the rate limit, goes out by itself;
   * sending: in flight; failed: refused (not retried).
   */
  state: OutboxState;
  error: string | null;
  created_at: string;
}

/** What a message may carry beside its text. */
export interface OutgoingExtras {
  attachments?: readonly Attachment[];
  gif?: Gif;
  /** The message this one answers. */
  replyTo?: ReplyQuote;
}

export interface ChatData {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** My rooms (sorted), the rooms I may enter, the current room (shared RoomsState). */
  rooms: RoomsState;
  settings: ChatSettings;
  trolls: ReadonlySet<number>;
  ignoredUsers: ReadonlySet<number>;
  quotedMessageIds: ReadonlySet<number>;
  /** Per room: who is typing (shared typing rules). */
  typing: Readonly<Record<number, TypingState>>;
  /** Per room: the outbox, in the order typed. */
  pending: Readonly<Record<number, readonly PendingMessage[]>>;
  /** Per room: false once the oldest message has been loaded. */
  hasOlder: Readonly<Record<number, boolean>>;
  loadingOlder: Readonly<Record<number, boolean>>;
}

/** The room a chat page asks for: by its link (`enter`), or the last one seen here. */
export interface RoomToOpen {
  roomId: number;
  /** Enter it when not one of mine yet (the link's room); else only select it if held. */
  enter: boolean;
}

export interface ChatActions {
  /**
   * GET /api/chat, then subscribes every room's presence channel. `open` is the room to show:
   * held, it is made current; not held and `enter`, it is entered first (a shared link), and
   * the site's main room is not entered for it.
   */
  load(open?: RoomToOpen): Promise<void>;
  enterRoom(roomId: number): Promise<void>;
  /** Shows a room: selected when held, entered otherwise (a link followed inside the site). */
  openRoom(roomId: number): Promise<void>;
  leaveRoom(roomId: number): Promise<void>;
  /** Makes a room current (GET /api/room/{id}; unread goes to 0). */
  selectRoom(roomId: number): Promise<void>;
  /** POST /api/chat/leave; clears every room and user cache. */
  leaveChat(): Promise<void>;
  /** New order of my rooms (ids, first = position 1); POST /api/room/sort. */
  reorderRooms(orderedIds: number[]): Promise<void>;
  createRoom(body: { name_ru: string; name_en: string; public: boolean }): Promise<RoomDetail>;
  updateRoom(
    roomId: number,
    body: { name_ru?: string; name_en?: string; public?: boolean },
  ): Promise<void>;
  /** Puts the message in the outbox and sends it now, or when the connection returns. */
  sendMessage(roomId: number, text: string, mentions: number[], extras?: OutgoingExtras): void;
  /** Sends a failed message again (same client_id) or drops it. */
  retryMessage(clientId: string): void;
  discardMessage(clientId: string): void;
  loadOlder(roomId: number): Promise<void>;
  /** PATCH my own message's text; the room hears MessageUpdated. */
  editMessage(message: ChatMessage, text: string, mentions: number[]): Promise<void>;
  /** The texts an edited message had before, the first first (`message.edits`); rejects with
   * the failure, which the caller shows (nothing is toasted). */
  messageEdits(message: ChatMessage): Promise<MessageEdit[]>;
  deleteForMe(message: ChatMessage): Promise<void>;
  deleteForEveryone(message: ChatMessage): Promise<void>;
  toggleReaction(message: ChatMessage, reaction: Reaction): Promise<void>;
  toggleQuote(message: ChatMessage): Promise<void>;
  updateSettings(patch: Partial<ChatSettings>): Promise<void>;
  toggleIgnore(userId: number): Promise<void>;
  setRoomState(roomId: number, stateId: RoomStateId): Promise<void>;
  setVisibility(roomId: number, visible: boolean): Promise<void>;
  /** Tells the room I am typing (client-typing whisper, throttled). */
  notifyTyping(roomId: number): void;
}

export type ChatStore = ChatData & ChatActions;
