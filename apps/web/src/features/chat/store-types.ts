import type {
  ChatMessage,
  ChatSettings,
  RealtimeEventMap,
  ReactionEvent,
  TypingEvent,
} from '@chat/shared';
import type { StoreApi, UseBoundStore } from 'zustand';
import type { ChatRealtime } from '../realtime/types';
import type { ChatApi } from './api';
import type { ChatStore } from './types';

/**
 * The types the chat store's parts share (store.ts, outbox.ts, the realtime handlers, resync):
 * declared apart from store.ts so that those parts, which store.ts imports, do not import it.
 */

type Payload<K extends keyof RealtimeEventMap> = RealtimeEventMap[K];

/** What the realtime dispatcher calls on the chat store, one action per event it handles. */
export interface ChatEventActions {
  messageStored(message: ChatMessage): void;
  /** Its author edited a message: the new text for all, quotes of it included. */
  messageUpdated(message: ChatMessage): void;
  messageDeleted(event: Payload<'MessageDeletedFromEveryone'>): void;
  reactionStored(event: ReactionEvent): void;
  reactionDeleted(event: ReactionEvent): void;
  userEntered(event: Payload<'UserEnteredTheRoom'>): void;
  /** Their last tab closed: off the room's list until they are back (still a member). */
  userWentOffline(event: Payload<'UserWentOffline'>): void;
  /** A public room appeared: my room menu lists it. */
  roomAvailable(event: Payload<'RoomAvailable'>): void;
  userStateUpdated(event: Payload<'UserRoomStateUpdated'>): void;
  userStatusUpdated(event: Payload<'UserStatusUpdated'>): void;
  userVisibilityUpdated(event: Payload<'UserVisibilityUpdated'>): void;
  roomUpdated(event: Payload<'RoomUpdated'>): void;
  trollUpdated(event: Payload<'AntitrollUpdated'>): void;
  userLeftChat(event: Payload<'UserLeftTheChat'>): void;
  /**
   * Someone else was gagged or banned (spec section 3): their messages leave every room; a full
   * ban takes them out of every room's list too. My own sanction is the sanctions feature's.
   */
  userBanned(event: Payload<'UserBanned'>): void;
  typingReceived(roomId: number, event: TypingEvent): void;
}

/** The signed-in user as the chat needs them. */
export interface ChatViewer {
  id: number;
  slug: string;
  nick: string;
}

export interface ChatStoreDeps {
  api: ChatApi;
  realtime: ChatRealtime;
  viewer: () => ChatViewer | null;
  playSound: (name: string, volume: number) => void;
  now: () => number;
  makeClientId: () => string;
  /** A one-off timer: the outbox tries again later after a lost network. */
  later: (run: () => void, ms: number) => void;
  /** The server refuses messages as too fast until then (unix ms); null: sending again. */
  onSendPaused?: (untilMs: number | null) => void;
}

/** Where the session's data comes in: init's trolls and the user data's lists and settings. */
export interface ChatSeed {
  settings?: ChatSettings;
  ignored_users?: readonly number[];
  quotes?: readonly number[];
  trolls?: readonly number[];
}

/** Actions beyond the contract of types.ts, for the session and the realtime connection. */
export interface ChatSyncActions {
  hydrate(seed: ChatSeed): void;
  /** Signed out or another user: forget every room, user and pending message. */
  reset(): void;
  /** After a reconnect: what each room missed (`after=` its last id). Never rejects. */
  /** Fetches what these rooms (all by default) missed, with `after=`, and merges it by id. */
  resync(roomIds?: readonly number[]): Promise<void>;
  /** Sends the queued messages in the order typed, when connected. Never rejects. */
  flushOutbox(): Promise<void>;
  setStatus(status: string | null): Promise<void>;
  invite(roomId: number, userId: number): Promise<void>;
  setTroll(userId: number, troll: boolean): Promise<void>;
}

export type FullChatStore = ChatStore & ChatSyncActions & ChatEventActions;
export type ChatStoreApi = UseBoundStore<StoreApi<FullChatStore>>;

/** What the parts of the store (outbox, realtime handlers, resync) share. */
export interface ChatSlice {
  set: StoreApi<FullChatStore>['setState'];
  get: StoreApi<FullChatStore>['getState'];
  deps: ChatStoreDeps;
  /** Subscribes exactly the rooms the store now holds. */
  syncRooms: () => void;
}
