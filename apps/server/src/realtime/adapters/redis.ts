import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type {
  Audience,
  Broadcast,
  ControlMessage,
  PresenceMember,
  RealtimeAdapter,
} from './adapter';
import { JOIN, LEAVE, REAP, SET_HIDDEN } from './redis-scripts';

export interface RedisAdapterOptions {
  /** Namespaces every key and the pub/sub channel, so several sites can share one Redis. */
  prefix: string;
  heartbeatMs?: number;
  /** A node silent this long is taken for dead and its members are removed. */
  deadAfterMs?: number;
  /** Called with (channel, user id) for each member a dead node took away. */
  onMembersReaped?: (gone: { channel: string; userId: string }[]) => void;
  onError?: (error: unknown) => void;
}

interface WireMessage {
  n: string;
  /** A control command instead of a broadcast (then c, e, d are empty). */
  k?: ControlMessage;
  c: string;
  e: string;
  d: string;
  x?: string;
  u?: string;
  /** exceptUserId */
  y?: number;
  /** audience */
  a?: Audience;
}

/**
 * Many nodes through one Redis: pub/sub carries broadcasts (one channel for the site; each node
 * keeps what its sockets want), Lua scripts keep presence counted per user over every node, and
 * heartbeats let the survivors take a dead node's members out within a minute.
 */
export class RedisAdapter implements RealtimeAdapter {
  readonly nodeId = randomBytes(6).toString('hex');
  readonly clustered = true;
  private readonly subscriber: Redis;
  private readonly bus: string;
  private readonly heartbeatMs: number;
  private readonly deadAfterMs: number;
  private timers: NodeJS.Timeout[] = [];
  private pendingConnections = 0;

  constructor(
    private readonly redis: Redis,
    private readonly options: RedisAdapterOptions,
  ) {
    this.subscriber = redis.duplicate();
    this.bus = `${options.prefix}bus`;
    this.heartbeatMs = options.heartbeatMs ?? 5000;
    this.deadAfterMs = options.deadAfterMs ?? 30_000;
  }

  private key(...parts: string[]): string {
    return this.options.prefix + parts.join(':');
  }

  private get nodeHash(): string {
    return this.key('node', this.nodeId, 'pres');
  }

  async start(
    deliver: (message: Broadcast) => void,
    control?: (message: ControlMessage) => void,
  ): Promise<void> {
    this.subscriber.on('message', (_channel: string, text: string) => {
      let m: WireMessage;
      try {
        m = JSON.parse(text) as WireMessage;
      } catch {
        return;
      }
      if (m.n === this.nodeId) return;
      if (m.k) {
        control?.(m.k);
        return;
      }
      deliver({
        channel: m.c,
        event: m.e,
        data: m.d,
        ...(m.x ? { except: m.x } : {}),
        ...(m.u ? { userId: m.u } : {}),
        ...(typeof m.y === 'number' ? { exceptUserId: m.y } : {}),
        ...(m.a ? { audience: m.a } : {}),
      });
    });
    await this.subscriber.subscribe(this.bus);
    await this.heartbeat();
    this.every(this.heartbeatMs, () => this.heartbeat());
    this.every(this.heartbeatMs, () => this.reapDeadNodes());
    this.every(1000, () => this.flushConnectionCount());
  }

  private every(ms: number, task: () => Promise<void>): void {
    const timer = setInterval(() => {
      task().catch((error: unknown) => this.options.onError?.(error));
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }

  async publish(message: Broadcast): Promise<void> {
    const wire: WireMessage = {
      n: this.nodeId,
      c: message.channel,
      e: message.event,
      d: message.data,
    };
    if (message.except) wire.x = message.except;
    if (message.userId) wire.u = message.userId;
    if (message.exceptUserId !== undefined) wire.y = message.exceptUserId;
    if (message.audience) wire.a = message.audience;
    await this.redis.publish(this.bus, JSON.stringify(wire));
  }

  /** On the same bus as broadcasts, so a command stays in order with the events before it. */
  async control(message: ControlMessage): Promise<void> {
    const wire: WireMessage = { n: this.nodeId, k: message, c: '', e: '', d: '' };
    await this.redis.publish(this.bus, JSON.stringify(wire));
  }

  async join(channel: string, member: PresenceMember): Promise<{ first: boolean }> {
    const total = await this.redis.eval(
      JOIN,
      3,
      this.key('pres', channel, 'n'),
      this.key('pres', channel, 'i'),
      this.nodeHash,
      member.user_id,
      JSON.stringify(member.user_info ?? null),
      `${channel}\n${member.user_id}`,
    );
    return { first: Number(total) === 1 };
  }

  async leave(channel: string, userId: string): Promise<{ last: boolean }> {
    const total = await this.redis.eval(
      LEAVE,
      3,
      this.key('pres', channel, 'n'),
      this.key('pres', channel, 'i'),
      this.nodeHash,
      userId,
      `${channel}\n${userId}`,
    );
    return { last: Number(total) === 0 };
  }

  async members(channel: string): Promise<PresenceMember[]> {
    const infos = await this.redis.hgetall(this.key('pres', channel, 'i'));
    return Object.entries(infos).map(([user_id, info]) => ({
      user_id,
      user_info: parseInfo(info),
    }));
  }

  async setHidden(
    channel: string,
    userId: string,
    hidden: boolean,
  ): Promise<PresenceMember | null> {
    const info = await this.redis.eval(
      SET_HIDDEN,
      1,
      this.key('pres', channel, 'i'),
      userId,
      hidden ? '1' : '0',
    );
    return typeof info === 'string' ? { user_id: userId, user_info: parseInfo(info) } : null;
  }

  countConnections(delta: number): void {
    this.pendingConnections += delta;
  }

  async connections(): Promise<number> {
    await this.flushConnectionCount();
    const counts = await this.redis.hvals(this.key('connections'));
    return counts.reduce((sum, n) => sum + Number(n), 0);
  }

  private async flushConnectionCount(): Promise<void> {
    const delta = this.pendingConnections;
    if (delta === 0) return;
    this.pendingConnections = 0;
    await this.redis.hincrby(this.key('connections'), this.nodeId, delta);
  }

  private async heartbeat(): Promise<void> {
    await this.redis.zadd(this.key('nodes'), Date.now(), this.nodeId);
  }

  /** Any node may reap; the script is atomic, so a node's share is taken back exactly once. */
  private async reapDeadNodes(): Promise<void> {
    const dead = await this.redis.zrangebyscore(
      this.key('nodes'),
      '-inf',
      Date.now() - this.deadAfterMs,
    );
    for (const node of dead) {
      if (node === this.nodeId) continue;
      const flat = (await this.redis.eval(
        REAP,
        3,
        this.key('node', node, 'pres'),
        this.key('nodes'),
        this.key('connections'),
        this.options.prefix,
        node,
      )) as string[];
      const gone: { channel: string; userId: string }[] = [];
      for (let i = 0; i + 1 < flat.length; i += 2)
        gone.push({ channel: flat[i]!, userId: flat[i + 1]! });
      if (gone.length > 0) this.options.onMembersReaped?.(gone);
    }
  }

  /** The server has closed its sockets (each left its channels) before this is called. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.subscriber.quit().catch(() => undefined);
  }
}

function parseInfo(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
