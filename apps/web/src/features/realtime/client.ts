import {
  CHAT_CHANNEL,
  COMMON_CHANNEL,
  parseChannel,
  roomChannel,
  userChannel,
  type ClientEventMap,
} from '@chat/shared';
import type { Dispatcher } from './dispatcher';
import type { PusherChannelLike, PusherLike } from './pusher-like';
import { connectionStateOf } from './state';
import type { ConnectionState } from './types';

export interface RealtimeClientDeps {
  pusher: PusherLike;
  dispatcher: Dispatcher;
  onState: (state: ConnectionState, socketId: string | null) => void;
  /** Each time the socket is connected; `reconnect` when it had been connected before. */
  onConnected: (info: { reconnect: boolean }) => void;
  /**
   * Each time a room's channel is (re)subscribed. What was posted between the room's snapshot
   * and this moment reached no socket of ours, so the room asks for it then.
   */
  onRoomSubscribed?: (roomId: number) => void;
}

export interface RealtimeClient {
  /** The signed-in user's channels (`private-chat`, `private-user.{id}`), or none. */
  setUser(userId: number | null): void;
  /** Be subscribed to exactly these rooms' presence channels. */
  syncRooms(roomIds: readonly number[]): void;
  /** Be subscribed to exactly these other public channels (an open forum thread). */
  syncFollowed(names: readonly string[]): void;
  whisper<K extends keyof ClientEventMap>(
    roomId: number,
    event: K,
    data: ClientEventMap[K],
  ): boolean;
  isConnected(): boolean;
  /** Closes the connection for good (the page is going away, or tests). */
  stop(): void;
}

/**
 * The channels of one pusher-js connection. pusher-js itself subscribes every known channel again
 * after a reconnect; this keeps the list of which channels should be known.
 */
function roomIdOf(channel: string): number | null {
  const parsed = parseChannel(channel);
  return parsed.kind === 'room' ? parsed.roomId : null;
}

export function createRealtimeClient(deps: RealtimeClientDeps): RealtimeClient {
  const { pusher, dispatcher } = deps;
  const channels = new Map<string, PusherChannelLike>();
  let userId: number | null = null;
  let rooms = new Set<number>();
  let followed = new Set<string>();
  let everConnected = false;

  const subscribe = (name: string) => {
    if (channels.has(name)) return;
    const channel = pusher.subscribe(name);
    // pusher-js hands back the same object for a channel whose unsubscription is still pending,
    // so the old bindings go first: an event must reach the dispatcher once.
    channel.unbind_all();
    channel.bind_global((event, data) => {
      if (!event.startsWith('client-')) dispatcher.server(name, event, data);
    });
    channel.bind('client-typing', (data, metadata) => {
      dispatcher.client(name, 'client-typing', data, metadata?.user_id);
    });
    const roomId = roomIdOf(name);
    if (roomId !== null)
      channel.bind('pusher:subscription_succeeded', () => deps.onRoomSubscribed?.(roomId));
    channels.set(name, channel);
  };

  const unsubscribe = (name: string) => {
    const channel = channels.get(name);
    if (channel === undefined) return;
    channel.unbind_all();
    pusher.unsubscribe(name);
    channels.delete(name);
  };

  const report = (pusherState: string) => {
    const state = connectionStateOf(pusherState);
    deps.onState(state, state === 'connected' ? (pusher.connection.socket_id ?? null) : null);
    if (state !== 'connected') return;
    deps.onConnected({ reconnect: everConnected });
    everConnected = true;
  };

  pusher.connection.bind('state_change', ({ current }) => report(current));
  // pusher-js starts connecting inside its constructor, before anyone could listen.
  report(pusher.connection.state);
  subscribe(COMMON_CHANNEL);

  return {
    setUser: (id) => {
      if (id === userId) return;
      if (userId !== null) {
        unsubscribe(CHAT_CHANNEL);
        unsubscribe(userChannel(userId));
      }
      userId = id;
      if (id !== null) {
        subscribe(CHAT_CHANNEL);
        subscribe(userChannel(id));
      }
    },
    syncRooms: (roomIds) => {
      const next = new Set(roomIds);
      for (const id of rooms) if (!next.has(id)) unsubscribe(roomChannel(id));
      for (const id of next) subscribe(roomChannel(id));
      rooms = next;
    },
    syncFollowed: (names) => {
      const next = new Set(names);
      for (const name of followed) if (!next.has(name)) unsubscribe(name);
      for (const name of next) subscribe(name);
      followed = next;
    },
    whisper: (roomId, event, data) => {
      const channel = channels.get(roomChannel(roomId));
      if (channel?.subscribed !== true || pusher.connection.state !== 'connected') return false;
      return channel.trigger(event, data);
    },
    isConnected: () => pusher.connection.state === 'connected',
    stop: () => {
      for (const name of [...channels.keys()]) unsubscribe(name);
      rooms = new Set();
      followed = new Set();
      userId = null;
      pusher.disconnect();
    },
  };
}
