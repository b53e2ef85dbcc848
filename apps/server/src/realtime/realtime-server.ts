import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer, type RawData, type Server as WsServer } from 'ws';
import type {
  Broadcast,
  ControlMessage,
  PresenceMember,
  RealtimeAdapter,
} from './adapters/adapter';
import { checkSubscription, handshakeRefusal, type SubscriptionRules } from './admission';
import { clientEventBroadcast, type ClientEventRules } from './client-events';
import { AddressCounts, addressKey } from './connection-caps';
import { Connection, PusherSocket, socketListeners, type PresenceSeat } from './connection';
import { FanOut } from './fan-out';
import {
  channelOf,
  CloseCode,
  errorFrame,
  frame,
  Limits,
  newSocketId,
  parseClientFrame,
  parseUserId,
  rawToString,
} from './protocol';
import { SanctionsGuard } from './sanctions-guard';
import { PresenceRegister } from './presence-register';
import { SocketClaims } from './socket-claims';
import { userAuth, verifyAuth } from './signatures';

export interface RealtimeServerOptions {
  appId: string;
  key: string;
  secret: string;
  adapter: RealtimeAdapter;
  log: FastifyBaseLogger;
  /** Public channels a client may subscribe to without a signature. */
  isPublicChannel: (name: string) => boolean;
  /** The client events each channel takes, and the payload relayed for each. */
  clientEvents?: ClientEventRules;
  /** Sockets this node takes in all; past it a new one is closed with 4100. 0: no cap. */
  maxConnections?: number;
  /** Sockets from one address (an IPv6 /64) on this node; past it 4100. 0: no cap. */
  maxConnectionsPerAddress?: number;
  /** Sockets one account may claim on this node; past it the channel auth answers 403. */
  maxSocketsPerAccount?: number;
  /** The client's address of an upgrade request, trusting proxies as HTTP does. */
  clientAddress?: (request: IncomingMessage) => string;
  /**
   * A user's first socket joined a presence channel, or their last one (on every node) left
   * it: the channel's owner decides what that means (a room's member shown present or not).
   */
  onPresenceChange?: (channel: string, userId: string, present: boolean) => void;
  activityTimeoutSeconds?: number;
  pongTimeoutMs?: number;
  sweepEveryMs?: number;
}

const NO_CLIENT_EVENTS: ClientEventRules = () => null;

/**
 * Turns a socket away with Pusher's error frame and close code. A function rather than a
 * closure made at every accept: the bundle (keepNames) names such closures with
 * Object.defineProperty, which turns each into a slow dictionary-mode object.
 */
function refuse(ws: PusherSocket, code: number, message: string): void {
  ws.send(errorFrame(code, message));
  ws.close(code, message);
}

/**
 * A Pusher Channels protocol 7 server on `ws`, sharing the HTTP port. It keeps this node's
 * sockets and subscriptions; the adapter carries broadcasts and presence to the other nodes.
 */
export class RealtimeServer {
  private readonly wss: WsServer<typeof PusherSocket>;
  private readonly connections = new Map<string, Connection>();
  private readonly channels = new Map<string, Set<Connection>>();
  /** Open sockets per client address: a count per address, nothing per socket. */
  private readonly perAddress: AddressCounts;
  /** Broadcasts are written at the end of the event-loop turn, one write per socket. */
  private readonly fanOut = new FanOut();
  /** Which sessions own which sockets and granted which channels (socket-claims.ts). */
  readonly claims: SocketClaims;
  /** Who is gagged or banned: refuses their client events and room presence. */
  readonly sanctions: SanctionsGuard;
  /** Presence channels' seats, member lists and hidden members. */
  private readonly presence: PresenceRegister;
  private readonly subscriptionRules: SubscriptionRules;
  private readonly sweeper: NodeJS.Timeout;
  private readonly nodeNumber = Math.floor(Math.random() * 1_000_000_000);
  private readonly activityTimeoutMs: number;
  private readonly pongTimeoutMs: number;
  private closing = false;
  private readonly listeners = socketListeners({
    message: (conn, data, isBinary) => this.onMessage(conn, data, isBinary),
    close: (conn) => void this.onClose(conn),
    error: (conn, error) =>
      this.opts.log.debug({ err: error, socketId: conn.socketId }, 'socket error'),
  });

  constructor(private readonly opts: RealtimeServerOptions) {
    this.wss = new WebSocketServer({
      WebSocket: PusherSocket,
      // PusherSocket answers pings itself, without a closure per socket.
      autoPong: false,
      noServer: true,
      maxPayload: Limits.maxFrameBytes,
      perMessageDeflate: false,
      clientTracking: false,
    });
    this.activityTimeoutMs = (opts.activityTimeoutSeconds ?? Limits.activityTimeoutSeconds) * 1000;
    this.pongTimeoutMs = opts.pongTimeoutMs ?? Limits.pongTimeoutMs;
    this.perAddress = new AddressCounts(opts.maxConnectionsPerAddress ?? 0);
    this.claims = new SocketClaims(
      this.connections,
      opts.adapter,
      opts.log,
      (conn, channel) => this.unsubscribe(conn, channel),
      opts.maxSocketsPerAccount ?? 0,
    );
    this.sanctions = new SanctionsGuard(this.connections, opts.adapter, opts.log, (conn, channel) =>
      this.unsubscribe(conn, channel),
    );
    this.presence = new PresenceRegister(
      opts.adapter,
      opts.log,
      (message) => this.broadcast(message),
      (channel) => this.channels.get(channel) ?? [],
      (channel, userId, present) => {
        try {
          opts.onPresenceChange?.(channel, userId, present);
        } catch (error) {
          opts.log.error({ err: error }, 'presence change listener failed');
        }
      },
    );
    this.subscriptionRules = {
      key: opts.key,
      secret: opts.secret,
      isPublicChannel: opts.isPublicChannel,
      sanctions: this.sanctions,
    };
    // One sweep over all sockets instead of a timer per socket: cheap at 5,000 connections.
    this.sweeper = setInterval(() => this.sweep(), opts.sweepEveryMs ?? 5000);
    this.sweeper.unref();
  }

  async start(): Promise<void> {
    await this.opts.adapter.start(
      (message) => this.deliverLocal(message),
      (message) => this.onControl(message),
    );
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /** Takes an HTTP upgrade; false when the path is not ours (another handler may want it). */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith('/app/')) return false;
    // Read now: the request is not kept, and X-Forwarded-For counts only behind a trusted proxy.
    const address = addressKey(
      this.opts.clientAddress?.(request) ?? request.socket.remoteAddress ?? 'unknown',
    );
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, url, address));
    return true;
  }

  private accept(ws: PusherSocket, url: URL, address: string): void {
    const refusal = handshakeRefusal(url, this.opts.key);
    if (refusal) return refuse(ws, refusal.code, refusal.message);
    if (this.closing) return refuse(ws, CloseCode.reconnect, 'Server is restarting');
    // 4100 (over capacity): pusher-js backs off and tries again later, as it should here.
    if (this.opts.maxConnections && this.connections.size >= this.opts.maxConnections) {
      return refuse(ws, CloseCode.overCapacity, 'Over capacity');
    }
    if (!this.perAddress.take(address)) {
      return refuse(ws, CloseCode.overCapacity, 'Over capacity: too many connections from you');
    }

    const conn = new Connection(newSocketId(this.nodeNumber), ws, this.fanOut, address);
    this.connections.set(conn.socketId, conn);
    this.opts.adapter.countConnections(1);
    ws.connection = conn;
    ws.on('message', this.listeners.message);
    ws.on('close', this.listeners.close);
    ws.on('error', this.listeners.error);
    conn.send(
      frame(
        'pusher:connection_established',
        JSON.stringify({
          socket_id: conn.socketId,
          activity_timeout: this.activityTimeoutMs / 1000,
        }),
      ),
    );
  }

  private onMessage(conn: Connection, data: RawData, isBinary: boolean): void {
    // A socket being closed (4009 after its session ended) is not served while ws waits for
    // the client's close frame.
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    const now = Date.now();
    conn.heard(now);
    if (!conn.takeMessage(Limits.messagesPerSecond, now)) {
      conn.send(errorFrame(CloseCode.overCapacity, 'Too many messages'));
      conn.close(CloseCode.overCapacity, 'Too many messages');
      return;
    }
    const message = isBinary ? null : parseClientFrame(rawToString(data));
    if (!message) {
      conn.send(errorFrame(null, 'Malformed message'));
      return;
    }
    switch (message.event) {
      case 'pusher:ping':
        conn.send(frame('pusher:pong', {}));
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        this.subscribe(conn, message.data).catch((error: unknown) => this.fail(conn, error));
        return;
      case 'pusher:unsubscribe':
        this.unsubscribe(conn, channelOf(message.data)).catch((error: unknown) =>
          this.fail(conn, error),
        );
        return;
      case 'pusher:signin':
        this.signin(conn, message.data);
        return;
      default:
        if (message.event.startsWith('client-')) {
          const relay = clientEventBroadcast(
            conn,
            message,
            now,
            this.sanctions,
            this.opts.clientEvents ?? NO_CLIENT_EVENTS,
          );
          if (relay) this.broadcast(relay);
        } else conn.send(errorFrame(null, `Unknown event ${message.event.slice(0, 50)}`));
    }
  }

  private fail(conn: Connection, error: unknown): void {
    this.opts.log.error({ err: error, socketId: conn.socketId }, 'realtime handler failed');
    conn.send(errorFrame(null, 'Server error'));
  }

  private async subscribe(conn: Connection, data: unknown): Promise<void> {
    const check = checkSubscription(conn, data, this.subscriptionRules);
    if (!check.ok)
      return this.subscriptionError(conn, check.channel, check.type, check.error, check.status);
    if (check.member && check.seat)
      return this.joinPresence(conn, check.channel, check.member, check.seat);
    this.addLocal(conn, check.channel);
    conn.send(frame('pusher_internal:subscription_succeeded', '{}', check.channel));
  }

  private async joinPresence(
    conn: Connection,
    channel: string,
    member: PresenceMember,
    seat: PresenceSeat,
  ): Promise<void> {
    const previous = conn.presence?.get(channel);
    if (previous !== undefined && previous.userId !== member.user_id) {
      return this.subscriptionError(
        conn,
        channel,
        'AuthError',
        'Already joined as another user',
        409,
      );
    }
    let presence: Record<string, unknown> | null;
    if (previous === undefined) {
      this.addLocal(conn, channel);
      try {
        presence = await this.presence.join(conn, channel, member, seat);
      } catch (error) {
        // Not counted as present, so not listening either.
        await this.unsubscribe(conn, channel);
        throw error;
      }
      if (presence === null) return;
    } else {
      presence = await this.presence.membersFor(channel, previous);
    }
    conn.send(
      frame('pusher_internal:subscription_succeeded', JSON.stringify({ presence }), channel),
    );
  }

  /** A member went invisible or visible again in a presence channel (presence-register.ts). */
  setMemberHidden(channel: string, userId: string, hidden: boolean): Promise<void> {
    return this.presence.setMemberHidden(channel, userId, hidden);
  }

  private onControl(message: ControlMessage): void {
    this.claims.onControl(message);
    this.sanctions.onControl(message);
    this.presence.onControl(message);
  }

  private addLocal(conn: Connection, channel: string): void {
    this.fanOut.beforeSubscriptionChange();
    conn.addChannel(channel);
    let subscribers = this.channels.get(channel);
    if (!subscribers) this.channels.set(channel, (subscribers = new Set()));
    subscribers.add(conn);
  }

  private async unsubscribe(conn: Connection, channel: string | undefined): Promise<void> {
    if (channel === undefined || !conn.subscribedTo(channel)) return;
    this.fanOut.beforeSubscriptionChange();
    conn.removeChannel(channel);
    const subscribers = this.channels.get(channel);
    subscribers?.delete(conn);
    if (subscribers?.size === 0) this.channels.delete(channel);
    await this.presence.leave(conn, channel);
  }

  /** Told by the Redis reaper that a member has no connection left on any live node. */
  memberRemoved(channel: string, userId: string): void {
    this.presence.memberRemoved(channel, userId);
  }

  private signin(conn: Connection, data: unknown): void {
    const fields = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
    const userData = fields.user_data;
    const id = typeof userData === 'string' ? parseUserId(userData) : null;
    if (
      typeof userData !== 'string' ||
      id === null ||
      id !== String(conn.sessionUserId) ||
      !verifyAuth(userAuth(this.opts.key, this.opts.secret, conn.socketId, userData), fields.auth)
    ) {
      conn.send(errorFrame(CloseCode.unauthorized, 'Invalid signin'));
      conn.close(CloseCode.unauthorized, 'Invalid signin');
      return;
    }
    conn.userId = id;
    conn.send(frame('pusher:signin_success', { user_data: userData }));
  }

  /** Delivers here and on every other node. */
  broadcast(message: Broadcast): void {
    this.deliverLocal(message);
    this.opts.adapter.publish(message).catch((error: unknown) => {
      this.opts.log.error({ err: error }, 'realtime publish failed');
    });
  }

  /** Sends to this node's subscribers: framed once, written at the end of this turn. */
  deliverLocal(message: Broadcast): void {
    const subscribers = this.channels.get(message.channel);
    if (!subscribers || subscribers.size === 0) return;
    const payload: Record<string, string> = {
      event: message.event,
      channel: message.channel,
      data: message.data,
    };
    if (message.userId !== undefined) payload.user_id = message.userId;
    this.fanOut.enqueue(
      subscribers,
      JSON.stringify(payload),
      message.except,
      message.exceptUserId,
      message.audience ? { ...message.audience, channel: message.channel } : undefined,
    );
  }

  private async onClose(conn: Connection): Promise<void> {
    if (conn.closed) return;
    conn.closed = true;
    this.connections.delete(conn.socketId);
    this.perAddress.release(conn.address);
    this.claims.forget(conn);
    this.opts.adapter.countConnections(-1);
    // Unsubscribing replaces conn.channels; this goes through the array as it was.
    for (const channel of conn.channels) {
      await this.unsubscribe(conn, channel).catch((error: unknown) => {
        this.opts.log.error({ err: error }, 'realtime unsubscribe on close failed');
      });
    }
  }

  /** Pings quiet sockets and closes those that did not answer the ping. */
  private sweep(): void {
    const now = Date.now();
    for (const conn of this.connections.values()) {
      const waited = conn.pingPendingFor(now);
      if (waited !== null && waited > this.pongTimeoutMs) {
        conn.send(errorFrame(CloseCode.inactive, 'Pong reply not received'));
        conn.close(CloseCode.inactive, 'Pong reply not received');
      } else if (waited === null && conn.quietFor(now) > this.activityTimeoutMs) {
        conn.pinged(now);
        conn.send(frame('pusher:ping', {}));
      }
    }
  }

  /** Sends 4200 (reconnect) to everyone, lets their presence go, then stops the adapter. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweeper);
    const all = [...this.connections.values()];
    for (const conn of all) {
      conn.send(errorFrame(CloseCode.reconnect, 'Server is restarting'));
      conn.close(CloseCode.reconnect, 'Server is restarting');
    }
    await Promise.all(all.map((conn) => this.onClose(conn)));
    await this.opts.adapter.stop();
    this.wss.close();
  }

  /** The user ids with at least one socket in a presence channel, over every node. */
  async presentUserIds(channel: string): Promise<Set<number>> {
    const members = await this.opts.adapter.members(channel);
    return new Set(members.map((m) => Number(m.user_id)));
  }

  /** Test and ops hook: channels with local subscribers. */
  localSubscriberCount(channel: string): number {
    return this.channels.get(channel)?.size ?? 0;
  }

  private subscriptionError(
    conn: Connection,
    channel: string,
    type: string,
    error: string,
    status: number,
  ): void {
    conn.send(frame('pusher:subscription_error', { type, error, status }, channel));
  }
}
