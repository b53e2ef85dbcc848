import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ClaimResult, ControlMessage, RealtimeAdapter } from './adapters/adapter';
import type { Connection } from './connection';
import { CloseCode, errorFrame } from './protocol';

/** How long a claim waits for the node holding the socket before taking it for gone. */
const CLAIM_TIMEOUT_MS = 1500;
/** Claims waiting for another node at once; past this an unknown socket is taken for gone. */
const MAX_WAITING_CLAIMS = 1000;

/**
 * Which signed-in sessions own which sockets, over every node. A socket is claimed by the
 * channel auth of a session: only a socket connected now, and not claimed by another account,
 * gets a grant for the channel, and a signature is honoured only with that grant. The account
 * keeps the socket until its last session there ends; ending a session ends the subscriptions it
 * granted, and closes the socket (4009) when the device was signed out from elsewhere.
 *
 * The HTTP call and the socket may sit on different nodes: a claim then travels as a control
 * message to the node holding the socket, which answers it; the other commands travel the same
 * way, in order with the broadcasts before them.
 */
export class SocketClaims {
  private readonly waiting = new Map<string, (result: ClaimResult) => void>();
  /** This node's claimed sockets by account: a leave or sign-out looks at that user's only. */
  private readonly byUser = new Map<number, Set<Connection>>();

  constructor(
    /** This node's sockets by id (the server's own map, read here). */
    private readonly connections: ReadonlyMap<string, Connection>,
    private readonly adapter: RealtimeAdapter,
    private readonly log: FastifyBaseLogger,
    /** Takes a socket out of a channel as an unsubscribe would (presence, member_removed). */
    private readonly drop: (conn: Connection, channel: string) => Promise<void>,
    /**
     * Sockets one account may hold on this node (0: no cap): a claim of one more is `full`,
     * which the channel auth answers with 403. Counted from the index below, nothing per socket.
     */
    private readonly maxPerAccount = 0,
  ) {}

  /**
   * Grants `channel` (null: only binds, for pusher:signin) to the socket for a session of
   * `userId`, wherever the socket is. `missing` when no node holds such a socket now.
   */
  claim(
    socketId: string,
    userId: number,
    sessionId: number,
    channel: string | null,
  ): Promise<ClaimResult> {
    const conn = this.connections.get(socketId);
    if (conn) return Promise.resolve(this.claimLocal(conn, userId, sessionId, channel));
    // Unknown ids cost every node a message and this node a wait: a bound keeps a flood cheap.
    if (!this.adapter.clustered || this.waiting.size >= MAX_WAITING_CLAIMS)
      return Promise.resolve('missing');
    const id = randomUUID();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.settle(id, 'missing'), CLAIM_TIMEOUT_MS);
      timer.unref();
      this.waiting.set(id, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      this.sendControl({
        type: 'claim',
        id,
        from: this.adapter.nodeId,
        socketId,
        userId,
        sessionId,
        channel,
      });
    });
  }

  /**
   * A session ended: the subscriptions it granted end on every node. With `close` (the device
   * was signed out from elsewhere, or pruned) a socket left without a session is closed with
   * 4009, which pusher-js does not retry; a tab that signed itself out keeps its socket for the
   * public channel and the next sign-in.
   */
  endSession(userId: number, sessionId: number, close: boolean): void {
    this.endSessionLocal(userId, sessionId, close);
    this.sendControl({ type: 'end-session', userId, sessionId, close });
  }

  /** The user's sockets leave `channel` on every node; with null they are closed (a full ban). */
  dropUser(userId: number, channel: string | null): void {
    this.dropUserLocal(userId, channel);
    this.sendControl({ type: 'drop-user', userId, channel });
  }

  /** A control message from another node (the adapter hands every one here). */
  onControl(message: ControlMessage): void {
    switch (message.type) {
      case 'claim': {
        const conn = this.connections.get(String(message.socketId));
        if (!conn || !Number.isInteger(message.userId) || !Number.isInteger(message.sessionId))
          return;
        const channel = typeof message.channel === 'string' ? message.channel : null;
        const result = this.claimLocal(conn, message.userId, message.sessionId, channel);
        this.sendControl({ type: 'claim-result', id: message.id, to: message.from, result });
        return;
      }
      case 'claim-result':
        if (message.to === this.adapter.nodeId) this.settle(message.id, message.result);
        return;
      case 'end-session':
        if (Number.isInteger(message.sessionId) && Number.isInteger(message.userId))
          this.endSessionLocal(message.userId, message.sessionId, message.close === true);
        return;
      case 'drop-user':
        if (Number.isInteger(message.userId))
          this.dropUserLocal(
            message.userId,
            typeof message.channel === 'string' ? message.channel : null,
          );
        return;
      default:
        return;
    }
  }

  /** The socket closed: it is nobody's any more. */
  forget(conn: Connection): void {
    if (conn.sessionUserId !== null) this.unindex(conn.sessionUserId, conn);
  }

  /** Returns how many sockets of this node the session held. */
  endSessionLocal(userId: number, sessionId: number, close: boolean): number {
    let held = 0;
    for (const conn of [...(this.byUser.get(userId) ?? [])]) {
      if (!conn.sessionIds?.delete(sessionId)) continue;
      held += 1;
      const orphaned = conn.sessionIds.size === 0;
      if (orphaned && close) {
        conn.send(errorFrame(CloseCode.unauthorized, 'Session ended'));
        conn.close(CloseCode.unauthorized, 'Session ended');
        continue;
      }
      for (const [channel, grantedBy] of conn.grants ?? []) {
        if (grantedBy === sessionId) this.revoke(conn, channel);
      }
      if (orphaned) {
        this.unindex(userId, conn);
        conn.sessionUserId = null;
        conn.sessionIds = null;
        conn.userId = null;
      }
    }
    return held;
  }

  private dropUserLocal(userId: number, channel: string | null): void {
    for (const conn of [...(this.byUser.get(userId) ?? [])]) {
      if (channel === null) {
        conn.send(errorFrame(CloseCode.unauthorized, 'Access ended'));
        conn.close(CloseCode.unauthorized, 'Access ended');
      } else if (conn.grants?.has(channel) || conn.subscribedTo(channel)) {
        this.revoke(conn, channel);
      }
    }
  }

  /**
   * The rule on the node that holds the socket: one account per socket, grants per session, and
   * at most `maxPerAccount` sockets per account.
   */
  private claimLocal(
    conn: Connection,
    userId: number,
    sessionId: number,
    channel: string | null,
  ): ClaimResult {
    const held = this.byUser.get(userId)?.size ?? 0;
    const full = this.maxPerAccount > 0 && held >= this.maxPerAccount;
    const result = claimSocket(conn, userId, sessionId, channel, full);
    if (result === 'granted') {
      let sockets = this.byUser.get(userId);
      if (!sockets) this.byUser.set(userId, (sockets = new Set()));
      sockets.add(conn);
    }
    return result;
  }

  private unindex(userId: number, conn: Connection): void {
    const sockets = this.byUser.get(userId);
    sockets?.delete(conn);
    if (sockets?.size === 0) this.byUser.delete(userId);
  }

  /** The grant goes with the subscription: the old signature cannot subscribe again. */
  private revoke(conn: Connection, channel: string): void {
    conn.grants?.delete(channel);
    this.drop(conn, channel).catch((error: unknown) =>
      this.log.error({ err: error }, 'realtime drop failed'),
    );
  }

  private settle(id: string, result: ClaimResult): void {
    const resolve = this.waiting.get(id);
    if (!resolve) return;
    this.waiting.delete(id);
    resolve(result === 'granted' || result === 'taken' || result === 'full' ? result : 'missing');
  }

  private sendControl(message: ControlMessage): void {
    this.adapter.control(message).catch((error: unknown) => {
      this.log.error({ err: error }, 'realtime control failed');
    });
  }
}

/**
 * One account per socket, grants per session; a socket closing or closed is missing. With
 * `accountFull` (the account holds its most sockets already) only a socket it holds is granted.
 */
export function claimSocket(
  conn: Connection,
  userId: number,
  sessionId: number,
  channel: string | null,
  accountFull = false,
): ClaimResult {
  if (conn.closed || conn.ws.readyState !== conn.ws.OPEN) return 'missing';
  if (conn.sessionUserId !== null && conn.sessionUserId !== userId) return 'taken';
  if (conn.sessionUserId === null && accountFull) return 'full';
  conn.sessionUserId = userId;
  (conn.sessionIds ??= new Set()).add(sessionId);
  if (channel !== null) (conn.grants ??= new Map()).set(channel, sessionId);
  return 'granted';
}
