import { randomBytes } from 'node:crypto';
import type { Broadcast, ControlMessage, PresenceMember, RealtimeAdapter } from './adapter';

/** A single process: nothing to share, presence in memory. */
export class LocalAdapter implements RealtimeAdapter {
  readonly nodeId = randomBytes(6).toString('hex');
  readonly clustered = false;
  private readonly presence = new Map<string, Map<string, { count: number; info: unknown }>>();
  private connectionCount = 0;

  async start(_deliver: (message: Broadcast) => void): Promise<void> {}

  async publish(_message: Broadcast): Promise<void> {}

  async control(_message: ControlMessage): Promise<void> {}

  async join(channel: string, member: PresenceMember): Promise<{ first: boolean }> {
    let members = this.presence.get(channel);
    if (!members)
      this.presence.set(channel, (members = new Map<string, { count: number; info: unknown }>()));
    const entry = members.get(member.user_id);
    if (entry) {
      entry.count += 1;
      entry.info = member.user_info;
      return { first: false };
    }
    members.set(member.user_id, { count: 1, info: member.user_info });
    return { first: true };
  }

  async leave(channel: string, userId: string): Promise<{ last: boolean }> {
    const members = this.presence.get(channel);
    const entry = members?.get(userId);
    if (!members || !entry) return { last: false };
    entry.count -= 1;
    if (entry.count > 0) return { last: false };
    members.delete(userId);
    if (members.size === 0) this.presence.delete(channel);
    return { last: true };
  }

  async members(channel: string): Promise<PresenceMember[]> {
    const members = this.presence.get(channel);
    if (!members) return [];
    return [...members].map(([user_id, { info }]) => ({ user_id, user_info: info }));
  }

  async setHidden(
    channel: string,
    userId: string,
    hidden: boolean,
  ): Promise<PresenceMember | null> {
    const entry = this.presence.get(channel)?.get(userId);
    if (!entry || typeof entry.info !== 'object' || entry.info === null) return null;
    const info = entry.info as Record<string, unknown>;
    if ((info.invisible === true) === hidden) return null;
    const next = { ...info };
    if (hidden) next.invisible = true;
    else delete next.invisible;
    entry.info = next;
    return { user_id: userId, user_info: entry.info };
  }

  countConnections(delta: number): void {
    this.connectionCount += delta;
  }

  async connections(): Promise<number> {
    return this.connectionCount;
  }

  async stop(): Promise<void> {}
}
