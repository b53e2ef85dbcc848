import type { ImChannel, ImCountEvent, ImMessage, ImReadEvent } from '@chat/shared';

/** What the realtime dispatcher calls on the messenger's store, one action per `Im.*` event. */
export interface ImEventActions {
  channelStored(channel: ImChannel): void;
  messageStored(message: ImMessage): void;
  countUpdated(event: ImCountEvent): void;
  messagesRead(event: ImReadEvent): void;
  messageDeleted(message: ImMessage): void;
  messageRestored(message: ImMessage): void;
}
