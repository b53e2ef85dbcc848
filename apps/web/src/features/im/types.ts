import type { Attachment, ImChannel, ImMessage } from '@chat/shared';
import type { OutboxState } from '../../lib/outbox-queue';

/** A private message typed here and not yet confirmed by the server. */
export interface PendingImMessage {
  client_id: string;
  channel_id: number;
  text: string;
  /** Ids of complete uploads sent with the text; the previews the composer showed. */
  attachments: readonly Attachment[];
  state: OutboxState;
  error: string | null;
  created_at: string;
}

/** One conversation's history as the store holds it. */
export interface ImHistory {
  /** not-found: the channel is not mine (or does not exist); forbidden: the server refused. */
  status: 'loading' | 'ready' | 'error' | 'not-found';
  /** False once the oldest message is here. */
  hasOlder: boolean;
  loadingOlder: boolean;
  /** The last page read back through `?page=` (page 1 is the newest). */
  page: number;
}

export interface ImData {
  /** Channels by id; the list orders them by `updated_at` (newest first). */
  channels: Readonly<Record<number, ImChannel>>;
  channelsStatus: 'idle' | 'loading' | 'ready' | 'error';
  /** The last page of the channel list read (0: none yet). */
  channelsPage: number;
  /** False once the list's last page is here. */
  channelsHasMore: boolean;
  /** The next page of the list: being read, or failed (the person retries; no auto-reload). */
  channelsMore: 'idle' | 'loading' | 'error';
  /** Per channel: its messages, oldest first, each once. */
  messages: Readonly<Record<number, readonly ImMessage[]>>;
  history: Readonly<Record<number, ImHistory>>;
  /** Per channel: the outbox, in the order typed. */
  pending: Readonly<Record<number, readonly PendingImMessage[]>>;
  /** Total unread private messages (the navbar badge). */
  unreadTotal: number;
  /** The conversation on screen in a visible tab: its messages count as read as they come. */
  activeChannelId: number | null;
  /** The docked messenger inside the chat page: open, and on which channel (null: the list). */
  dock: { open: boolean; channelId: number | null };
}
