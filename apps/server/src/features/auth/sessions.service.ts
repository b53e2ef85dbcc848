import type { Device } from '@chat/shared';
import type { SessionRow } from '../../db/schema';
import type { DomainEvents } from '../../events/domain-events';
import { notFound } from '../../http/app-error';
import { deviceName, parseUserAgent } from './device-name';
import type { SessionsRepository } from './sessions.repository';

/**
 * The security page: a user's devices (each session is one) and signing them out. A signed-out
 * device stops working at once: its session row is gone, so its next request is 401, and the
 * `session.ended` event makes the realtime server send `SessionEnded` and close its sockets.
 */
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly events: DomainEvents,
  ) {}

  async list(userId: number, currentSessionId: number | null): Promise<Device[]> {
    const rows = await this.sessions.listForUser(userId);
    return rows.map((row) => presentDevice(row, currentSessionId));
  }

  /** Signs out one of the user's own devices; another user's session id is a 404. */
  async end(userId: number, sessionId: number): Promise<void> {
    if (!(await this.sessions.deleteOwn(userId, sessionId))) throw notFound();
    this.events.emit('session.ended', { userId, sessionId, close: true });
  }

  /**
   * Signs out every device of the user but `keepSessionId` (null: every one), sockets
   * included. The password change calls this too.
   */
  async endOthers(userId: number, keepSessionId: number | null): Promise<number[]> {
    const ended = await this.sessions.deleteOthers(userId, keepSessionId);
    for (const sessionId of ended)
      this.events.emit('session.ended', { userId, sessionId, close: true });
    return ended;
  }
}

export function presentDevice(row: SessionRow, currentSessionId: number | null): Device {
  return {
    id: row.id,
    user_agent: row.user_agent,
    name: deviceName(row.user_agent),
    ...parseUserAgent(row.user_agent),
    ip: row.ip,
    created_at: row.created_at,
    last_active_at: row.last_active_at,
    current: row.id === currentSessionId,
  };
}
