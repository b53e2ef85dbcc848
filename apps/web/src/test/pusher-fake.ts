// A stand-in for pusher-js in tests: channels record what was bound and triggered, and the test
// drives the connection's state and delivers events. Only *.test.ts files import it.
import type {
  PusherChannelLike,
  PusherConnectionLike,
  PusherLike,
  PusherStateChange,
} from '../features/realtime/pusher-like';

type Callback = (data: unknown, metadata?: { user_id?: string }) => void;
type GlobalCallback = (event: string, data: unknown) => void;

export class FakeChannel implements PusherChannelLike {
  subscribed = false;
  readonly triggered: { event: string; data: unknown }[] = [];
  private callbacks = new Map<string, Callback[]>();
  private globals: GlobalCallback[] = [];

  constructor(readonly name: string) {}

  bind(event: string, callback: Callback): this {
    this.callbacks.set(event, [...(this.callbacks.get(event) ?? []), callback]);
    return this;
  }
  bind_global(callback: GlobalCallback): this {
    this.globals.push(callback);
    return this;
  }
  unbind_all(): this {
    this.callbacks.clear();
    this.globals = [];
    return this;
  }
  trigger(event: string, data: unknown): boolean {
    this.triggered.push({ event, data });
    return true;
  }

  /** What pusher-js does with an incoming event: global callbacks first, then the event's own. */
  emit(event: string, data: unknown, metadata?: { user_id?: string }): void {
    for (const callback of this.globals) callback(event, data);
    for (const callback of this.callbacks.get(event) ?? []) callback(data, metadata);
  }
}

class FakeConnection implements PusherConnectionLike {
  state = 'connecting';
  socket_id: string | undefined = undefined;
  private listeners: ((change: PusherStateChange) => void)[] = [];

  bind(_event: 'state_change', callback: (change: PusherStateChange) => void): this {
    this.listeners.push(callback);
    return this;
  }

  set(state: string, socketId?: string): void {
    const previous = this.state;
    this.state = state;
    this.socket_id = socketId;
    for (const listener of this.listeners) listener({ previous, current: state });
  }
}

export class FakePusher implements PusherLike {
  readonly connection = new FakeConnection();
  readonly channels = new Map<string, FakeChannel>();
  disconnected = false;

  subscribe(name: string): FakeChannel {
    const channel = this.channels.get(name) ?? new FakeChannel(name);
    this.channels.set(name, channel);
    return channel;
  }
  unsubscribe(name: string): void {
    this.channels.delete(name);
  }
  disconnect(): void {
    this.disconnected = true;
    this.connection.set('disconnected');
  }

  /** Connected with a socket id, and every known channel subscribed (as pusher-js does). */
  connect(socketId: string): void {
    for (const channel of this.channels.values()) channel.subscribed = true;
    this.connection.set('connected', socketId);
  }

  channel(name: string): FakeChannel {
    const channel = this.channels.get(name);
    if (!channel) throw new Error(`not subscribed to ${name}`);
    return channel;
  }
}
