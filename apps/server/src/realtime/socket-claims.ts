import type { FastifyBaseLogger } from 'fastify';
import type { ControlMessage, RealtimeAdapter } from './adapters/adapter';
import type { Connection } from './connection';
import { CloseCode, errorFrame } from './protocol';

/**
 * Which signed-in sessions own which sockets, over every node: a socket remembers the sessions
 * that authorised it, and signing a session out closes its sockets wherever they are. The HTTP
 * call and the socket may sit on different nodes, so `bind` and `end-session` travel as control
 * messages through the adapter, in order with the broadcasts before them.
 */
export class SessionSockets {
  constructor(
    /** This node's sockets by id (the server's own map, read here). */
    private readonly connections: ReadonlyMap<string, Connection>,
    private readonly adapter: RealtimeAdapter,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Records that `sessionId` (of `userId`) authorised this socket. The HTTP call may have
   * reached another node than the socket, so other nodes are told too.
   */
  bind(socketId: string, sessionId: number, userId: number): void {
    const conn = this.connections.get(socketId);
    if (conn) {
      this.bindLocal(conn, sessionId, userId);
      return;
    }
    this.sendControl({ type: 'bind', socketId, sessionId, userId });
  }

  /**
   * Closes every socket of a signed-out session, here and on the other nodes, with 4009
   * ("connection is unauthorized"): pusher-js does not reconnect after a 4000-4099 close,
   * which is right for a device that no longer has a session.
   */
  disconnect(sessionId: number): void {
    this.closeLocal(sessionId);
    this.sendControl({ type: 'end-session', sessionId });
  }

  /** A control message from another node (the adapter hands it here). */
  onControl(message: ControlMessage): void {
    if (message.type === 'bind') {
      const conn = this.connections.get(String(message.socketId));
      if (conn && Number.isInteger(message.sessionId) && Number.isInteger(message.userId))
        this.bindLocal(conn, message.sessionId, message.userId);
    } else if (message.type === 'end-session' && Number.isInteger(message.sessionId)) {
      this.closeLocal(message.sessionId);
    }
  }

  /** Returns how many sockets of this node were closed. */
  closeLocal(sessionId: number): number {
    let closed = 0;
    for (const conn of this.connections.values()) {
      if (!conn.sessionIds?.has(sessionId)) continue;
      conn.send(errorFrame(CloseCode.unauthorized, 'Session ended'));
      conn.close(CloseCode.unauthorized, 'Session ended');
      closed += 1;
    }
    return closed;
  }

  private sendControl(message: ControlMessage): void {
    this.adapter.control(message).catch((error: unknown) => {
      this.log.error({ err: error }, 'realtime control failed');
    });
  }

  private bindLocal(conn: Connection, sessionId: number, userId: number): void {
    if (conn.sessionUserId !== null && conn.sessionUserId !== userId) return;
    conn.sessionUserId = userId;
    (conn.sessionIds ??= new Set()).add(sessionId);
  }
}
