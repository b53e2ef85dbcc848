import type {
  ChatMessage,
  ChatSettings,
  ChatState,
  MessageEdit,
  Reaction,
  RoomDetail,
  RoomSummary,
} from '@chat/shared';
import type { ApiClient, RequestOptions } from '../../lib/api-client';

/** The body of POST /api/room/{id}/message as the outbox sends it. */
export interface SendMessageBody {
  text: string;
  client_id: string;
  mentions: number[];
  type_id?: number;
  /** Ids of complete uploads. */
  attachments?: number[];
  gif_id?: number;
  /** The message of the room this one answers. */
  reply_to?: number;
}

export interface RoomChanges {
  name_ru?: string;
  name_en?: string;
  public?: boolean;
}

/** Every public-chat call of API.md and docs/api.md, typed; the store is their only caller. */
export interface ChatApi {
  chat(): Promise<ChatState>;
  enterRoom(roomId: number): Promise<RoomDetail>;
  leaveRoom(roomId: number): Promise<void>;
  /** The room when switching to it; the server counts it as read. */
  showRoom(roomId: number): Promise<RoomDetail>;
  /** Older history: the newest page before `beforeId`. */
  messagesBefore(roomId: number, beforeId: number): Promise<ChatMessage[]>;
  /** What was missed: the oldest messages after `afterId` (at most MESSAGES_AFTER_MAX). */
  messagesAfter(roomId: number, afterId: number): Promise<ChatMessage[]>;
  /** The newest page, for a room whose gap is too long to fill with `after=`. */
  latestMessages(roomId: number): Promise<ChatMessage[]>;
  /** `replay` is true when the server had this client_id already (200 instead of 201). */
  sendMessage(
    roomId: number,
    body: SendMessageBody,
  ): Promise<{ message: ChatMessage; replay: boolean }>;
  leaveChat(): Promise<void>;
  sortRooms(positions: Record<string, number>): Promise<void>;
  setRoomState(roomId: number, stateId: number): Promise<void>;
  setVisibility(roomId: number, visible: boolean): Promise<{ invisible: boolean }>;
  createRoom(body: { name_ru: string; name_en: string; public: boolean }): Promise<RoomDetail>;
  updateRoom(roomId: number, body: RoomChanges): Promise<RoomSummary>;
  invite(roomId: number, userId: number): Promise<void>;
  /** A new text for my own message (within the edit window); the message as it now is. */
  editMessage(messageId: number, body: { text: string; mentions: number[] }): Promise<ChatMessage>;
  /** The texts an edited message had before, the first first (staff: `message.edits`). */
  messageEdits(messageId: number): Promise<MessageEdit[]>;
  deleteForMe(messageId: number): Promise<void>;
  deleteForEveryone(messageId: number): Promise<void>;
  addReaction(messageId: number, reaction: Reaction): Promise<void>;
  removeReaction(messageId: number, reaction: Reaction): Promise<void>;
  addQuote(messageId: number): Promise<void>;
  removeQuote(messageId: number): Promise<void>;
  updateSettings(patch: Partial<ChatSettings>): Promise<ChatSettings>;
  setStatus(status: string | null): Promise<string | null>;
  /** Both answer the caller's whole ignore list. */
  ignore(userId: number): Promise<number[]>;
  unignore(userId: number): Promise<number[]>;
  setTroll(userId: number, troll: boolean): Promise<void>;
}

// Failures of the outbox's sends are shown beside the message, not as toasts: a lost network
// (status 0) only means "queued", and a refused text (422) is drawn under the message itself.
// "Too fast" (429) pauses the outbox, which keeps one toast of its own.
const OUTBOX_HANDLED = { handlesValidation: true, handledStatuses: [0, 429] } as const;

// The catch-up after a reconnect runs on its own; the next reconnect or a room switch repairs a
// failed one, so the user is not told about it.
const QUIET = { silent: true } as const;

// The edit history's dialog shows its own failure (the envelope's message) where it was asked.
const IN_PLACE = { silent: true } as const;

// A room that is not there, or not open to me, is "Failed to enter the room." (the spec's words):
// a shared link to a private room must not say more than that.
const ENTER = { failureKeys: { 404: 'errors:roomEnter' } } as const;

export function createChatApi(client: ApiClient): ChatApi {
  const get = async <T>(path: string, query?: Record<string, string>, options?: RequestOptions) =>
    (await client.get<T>(path, { ...options, ...(query ? { query } : {}) })).data;
  const post = async <T>(path: string, body?: unknown) => (await client.post<T>(path, body)).data;
  const call = async <T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
    (await client.request<T>(path, { method, body })).data;
  const done = async (pending: Promise<unknown>) => {
    await pending;
  };

  return {
    chat: () => get<ChatState>('/api/chat'),
    enterRoom: async (id) =>
      (await client.post<RoomDetail>(`/api/room/${id}/enter`, undefined, ENTER)).data,
    leaveRoom: (id) => done(post(`/api/room/${id}/leave`)),
    showRoom: (id) => get<RoomDetail>(`/api/room/${id}`),
    messagesBefore: (id, before) =>
      get<ChatMessage[]>(`/api/room/${id}/messages`, { before: String(before) }),
    messagesAfter: (id, after) =>
      get<ChatMessage[]>(`/api/room/${id}/messages`, { after: String(after) }, QUIET),
    latestMessages: (id) => get<ChatMessage[]>(`/api/room/${id}/messages`, undefined, QUIET),
    sendMessage: async (id, body) => {
      const answer = await client.post<ChatMessage>(
        `/api/room/${id}/message`,
        body,
        OUTBOX_HANDLED,
      );
      return { message: answer.data, replay: answer.status === 200 };
    },
    leaveChat: () => done(post('/api/chat/leave')),
    sortRooms: (positions) => done(post('/api/room/sort', { room: positions })),
    setRoomState: (id, stateId) => done(post(`/api/room/${id}/state`, { state_id: stateId })),
    setVisibility: (id, visible) =>
      call<{ invisible: boolean }>('PATCH', `/api/room/${id}/visibility`, {
        room: id,
        visibility: visible,
      }),
    createRoom: (body) => post<RoomDetail>('/api/room', body),
    updateRoom: (id, body) => call<RoomSummary>('PATCH', `/api/room/${id}`, body),
    invite: (id, userId) => done(post(`/api/room/${id}/invite`, { user_id: userId })),
    editMessage: (id, body) => call<ChatMessage>('PATCH', `/api/chat/message/${id}`, body),
    messageEdits: (id) => get<MessageEdit[]>(`/api/chat/message/${id}/edits`, undefined, IN_PLACE),
    deleteForMe: (id) => done(call('DELETE', `/api/chat/message/${id}`)),
    deleteForEveryone: (id) => done(call('DELETE', `/api/chat/message/delete_from_everyone/${id}`)),
    addReaction: (id, reaction) => done(post(`/api/chat/message/${id}/reactions`, { reaction })),
    removeReaction: (id, reaction) =>
      done(call('DELETE', `/api/chat/message/${id}/reactions/${reaction}`)),
    addQuote: (id) => done(post(`/api/quote/${id}`)),
    removeQuote: (id) => done(call('DELETE', `/api/quote/${id}`)),
    updateSettings: (patch) => call<ChatSettings>('PATCH', '/api/user/settings', patch),
    setStatus: async (status) =>
      (await post<{ status: string | null }>('/api/user/status', { status })).status,
    ignore: (userId) => post<number[]>(`/api/ignore/${userId}`),
    unignore: (userId) => call<number[]>('DELETE', `/api/ignore/${userId}`),
    setTroll: (userId, troll) =>
      done(call(troll ? 'POST' : 'DELETE', `/api/moderation/trolls/${userId}`)),
  };
}
