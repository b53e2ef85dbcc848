/**
 * The part of pusher-js the realtime client uses, so tests can hand it a fake. A real `Pusher`
 * instance satisfies it as it is.
 */
export interface PusherChannelLike {
  readonly name: string;
  /** True once the server confirmed the subscription. */
  readonly subscribed: boolean;
  bind(event: string, callback: (data: unknown, metadata?: { user_id?: string }) => void): unknown;
  bind_global(callback: (event: string, data: unknown) => void): unknown;
  unbind_all(): unknown;
  trigger(event: string, data: unknown): boolean;
}

export interface PusherStateChange {
  previous: string;
  current: string;
}

export interface PusherConnectionLike {
  readonly state: string;
  readonly socket_id: string | undefined;
  bind(event: 'state_change', callback: (change: PusherStateChange) => void): unknown;
}

export interface PusherLike {
  readonly connection: PusherConnectionLike;
  subscribe(channelName: string): PusherChannelLike;
  unsubscribe(channelName: string): void;
  disconnect(): void;
}
