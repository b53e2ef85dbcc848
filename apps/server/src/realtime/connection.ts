import { WebSocket, type RawData } from 'ws';
import { MAX_BUFFERED_BYTES } from './frames';

const NO_CHANNELS: readonly string[] = Object.freeze([]);

/**
 * A socket's times are kept as milliseconds since this module loaded, not as Date.now(): V8
 * keeps a small integer in the object itself, while Date.now() (past 2^40) needs a 16-byte
 * number object of its own per field and socket. Never 0: 0 means "not set".
 */
const EPOCH = Date.now() - 1;
const SMALL = 2 ** 30 - 1;

/**
 * `now` (Date.now()) as milliseconds since EPOCH. A difference of two numbers is a boxed
 * number in V8 even when it is an integer; `| 0` makes it a small one. Past 12 days of
 * uptime (SMALL) times are boxed again, with the same values.
 */
function sinceEpoch(now: number): number {
  const ms = now - EPOCH;
  return ms >= 0 && ms <= SMALL ? ms | 0 : ms;
}

/**
 * What a socket needs of the fan-out (fan-out.ts): that broadcasts queued before a direct write
 * go out first. Declared here so the two files do not import each other.
 */
export interface WriteOrder {
  beforeDirectWrite(): void;
}

/**
 * One client socket and what it is subscribed to. A node holds thousands of mostly idle ones,
 * so what each costs in memory counts: state that few sockets use is created when first needed,
 * and the rate counters are plain fields rather than objects.
 */
export class Connection {
  /**
   * The channels this socket is in, an array replaced at each change: a socket is in a few
   * channels (at most Limits.maxChannelsPerConnection), and a Set would cost ~100 bytes more.
   */
  channels: readonly string[] = NO_CHANNELS;
  /** Presence channels joined, with the seat this socket holds in each (null until the first). */
  presence: Map<string, PresenceSeat> | null = null;
  /** When the client last sent a frame, and when a ping to it went unanswered (0: none). */
  private heardAt = sinceEpoch(Date.now());
  private pingedAt = 0;
  /** Set by pusher:signin. */
  userId: string | null = null;
  /**
   * The account whose HTTP session claimed this socket (channel auth or user-auth) and those
   * sessions (null until the first). The account keeps the socket until its last session here
   * ends, so nobody can tie another person's socket to a session they control.
   */
  sessionUserId: number | null = null;
  sessionIds: Set<number> | null = null;
  /**
   * Private and presence channels this socket was granted, with the session that asked: a
   * signature is honoured only with a live grant, and a subscription ends with its session.
   */
  grants: Map<string, number> | null = null;
  closed = false;
  /** The fan-out flush that last corked this socket (see FanOut). */
  corkEpoch = 0;
  // One-second windows (start since EPOCH, count) of the messages and client events it sent.
  private messagesStart = 0;
  private messagesCount = 0;
  private clientEventsStart = 0;
  private clientEventsCount = 0;

  constructor(
    readonly socketId: string,
    readonly ws: WebSocket,
    private readonly fanOut: WriteOrder,
    /** The key the socket counts under in the per-address cap (connection-caps.ts). */
    readonly address = '',
  ) {}

  subscribedTo(channel: string): boolean {
    return this.channels.includes(channel);
  }

  // concat and toSpliced make arrays of the exact size; push would leave room for 16 more.
  addChannel(channel: string): void {
    if (!this.subscribedTo(channel)) this.channels = this.channels.concat(channel);
  }

  removeChannel(channel: string): void {
    const at = this.channels.indexOf(channel);
    if (at >= 0) this.channels = this.channels.toSpliced(at, 1);
  }

  /** The client sent a frame at `now` (Date.now()): it is alive, a pending ping is answered. */
  heard(now: number): void {
    this.heardAt = sinceEpoch(now);
    this.pingedAt = 0;
  }

  /** The server pinged the client at `now`, since it had been quiet. */
  pinged(now: number): void {
    this.pingedAt = sinceEpoch(now);
  }

  /** Milliseconds the client has been quiet at `now`. */
  quietFor(now: number): number {
    return sinceEpoch(now) - this.heardAt;
  }

  /** Milliseconds since the unanswered ping at `now`; null when no ping is pending. */
  pingPendingFor(now: number): number | null {
    return this.pingedAt === 0 ? null : sinceEpoch(now) - this.pingedAt;
  }

  /** Counts a message from the client; false when this second already had `limit`. */
  takeMessage(limit: number, now: number): boolean {
    const at = sinceEpoch(now);
    if (at - this.messagesStart >= 1000) {
      this.messagesStart = at;
      this.messagesCount = 0;
    }
    this.messagesCount += 1;
    return this.messagesCount <= limit;
  }

  /** Counts a client event; false when this second already had `limit`. */
  takeClientEvent(limit: number, now: number): boolean {
    const at = sinceEpoch(now);
    if (at - this.clientEventsStart >= 1000) {
      this.clientEventsStart = at;
      this.clientEventsCount = 0;
    }
    this.clientEventsCount += 1;
    return this.clientEventsCount <= limit;
  }

  /** A frame for this socket alone; broadcasts queued before it go out first. */
  send(text: string): void {
    this.fanOut.beforeDirectWrite();
    this.sendText(text);
  }

  /** Writes now, without looking at the fan-out's queue (the fan-out's own fallback). */
  sendText(text: string): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(text);
  }

  close(code: number, reason: string): void {
    this.fanOut.beforeDirectWrite();
    if (this.ws.readyState === this.ws.OPEN || this.ws.readyState === this.ws.CONNECTING)
      this.ws.close(code, reason);
  }
}

/** What a socket is in a presence channel: who it joined as, and what it may see there. */
export interface PresenceSeat {
  readonly userId: string;
  /** The nick others see: client events carry it, never one the client wrote. */
  readonly nick: string;
  /** Hidden from those who may not see invisible members (the member's own choice). */
  hidden: boolean;
  /** May see hidden members (an admin). */
  readonly seesHidden: boolean;
  /** May see trolls' messages (staff who manage trolls); absent: may not. */
  readonly seesTrolls?: boolean;
}

/**
 * The sockets the server creates (its `WebSocket` option): each carries its Connection, so
 * that one set of listeners serves every socket instead of three closures per connection.
 */
export class PusherSocket extends WebSocket {
  connection: Connection | null = null;

  /**
   * Answers WebSocket pings (RFC 6455 5.5.2) in place of ws's `autoPong`, which gives every
   * socket a closure of its own; a 'ping' listener would cost as much, in a larger `_events`.
   * pusher-js pings with `pusher:ping` frames, other clients may use these. A client that
   * pings without reading what it is sent is dropped, as a slow reader is (see frames.ts).
   */
  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === 'ping' && this.readyState === WebSocket.OPEN) {
      if (this.bufferedAmount > MAX_BUFFERED_BYTES) this.terminate();
      else this.pong(args[0]);
    }
    return super.emit(event, ...args);
  }
}

/** What the server does with a socket's events. */
export interface SocketHandlers {
  message(conn: Connection, data: RawData, isBinary: boolean): void;
  close(conn: Connection): void;
  error(conn: Connection, error: Error): void;
}

/** Listeners to share between all sockets: ws calls them with the socket as `this`. */
export function socketListeners(handlers: SocketHandlers) {
  // Only PusherSockets get these listeners (see RealtimeServer.accept).
  const connectionOf = (ws: WebSocket) => (ws as PusherSocket).connection;
  function message(this: WebSocket, data: RawData, isBinary: boolean): void {
    const conn = connectionOf(this);
    if (conn) handlers.message(conn, data, isBinary);
  }
  function close(this: WebSocket): void {
    const conn = connectionOf(this);
    if (conn) handlers.close(conn);
  }
  function error(this: WebSocket, err: Error): void {
    const conn = connectionOf(this);
    if (conn) handlers.error(conn, err);
  }
  return { message, close, error };
}
