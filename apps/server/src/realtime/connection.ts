import type { WebSocket } from 'ws';
import type { FanOut } from './fan-out';

/** A counter over one-second windows: cheap enough to run on every frame. */
export class SecondWindow {
  private start = 0;
  private count = 0;

  /** Counts one; false when this second already had `limit`. */
  take(limit: number, now: number): boolean {
    if (now - this.start >= 1000) {
      this.start = now;
      this.count = 0;
    }
    this.count += 1;
    return this.count <= limit;
  }
}

/** One client socket and what it is subscribed to. */
export class Connection {
  readonly channels = new Set<string>();
  /** Presence channels joined, with the user id this socket joined as. */
  readonly presence = new Map<string, string>();
  readonly messages = new SecondWindow();
  readonly clientEvents = new SecondWindow();
  lastActivity = Date.now();
  pingSentAt = 0;
  /** Set by pusher:signin. */
  userId: string | null = null;
  /**
   * The account whose HTTP session authorised this socket (channel auth or user-auth) and
   * those sessions: signing one of them out closes the socket. The first account to claim a
   * socket keeps it, so nobody can tie another person's socket to a session they control.
   */
  sessionUserId: number | null = null;
  readonly sessionIds = new Set<number>();
  closed = false;
  /** The fan-out flush that last corked this socket (see FanOut). */
  corkEpoch = 0;

  constructor(
    readonly socketId: string,
    readonly ws: WebSocket,
    private readonly fanOut: FanOut,
  ) {}

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
