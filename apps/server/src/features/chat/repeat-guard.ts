import { createHash } from 'node:crypto';
import { nickKey } from '@chat/shared';
import type { Redis } from 'ioredis';

/**
 * Remembers what each user said in each room for a short while, so the same text sent again at
 * once is refused (flood by copy-paste). In Redis when there is one, so every node agrees.
 */
export class RepeatGuard {
  private readonly memory = new Map<string, { until: number; clientId: string }>();

  constructor(
    private readonly redis: Redis | null,
    private readonly windowSeconds = 30,
    /** Keeps one user's rooms and private channels apart (their ids may coincide). */
    private readonly scope = 'room',
  ) {}

  /**
   * Records the text; true when the same user said the same thing in that room just now under
   * another client_id (the same client_id is a retry, which the idempotency check answers).
   */
  async isRepeat(userId: number, roomId: number, text: string, clientId: string): Promise<boolean> {
    // Compared as nicks are (NFKC, lower case), spaces folded.
    const normalized = nickKey(text).replace(/\s+/g, ' ').trim();
    const key = `repeat:${this.scope}:${userId}:${roomId}:${createHash('sha1').update(normalized).digest('base64url')}`;
    if (this.redis) {
      if ((await this.redis.set(key, clientId, 'EX', this.windowSeconds, 'NX')) !== null)
        return false;
      return (await this.redis.get(key)) !== clientId;
    }
    const now = Date.now();
    if (this.memory.size > 50_000)
      for (const [k, seen] of this.memory) if (seen.until <= now) this.memory.delete(k);
    const seen = this.memory.get(key);
    if (seen && seen.until > now) return seen.clientId !== clientId;
    this.memory.set(key, { until: now + this.windowSeconds * 1000, clientId });
    return false;
  }
}
