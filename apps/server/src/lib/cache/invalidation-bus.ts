import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** What an invalidation names: a kind of cached thing and its key (`session` 12, `user` 7). */
export interface Invalidation {
  topic: string;
  key: string | number;
}

type Handler = (key: string | number) => void;

/**
 * Carries cache invalidations to every node. `publish` runs this node's handlers at once and
 * tells the others; each node's caches subscribe by topic. While a node cannot hear the others
 * (its Redis subscription is down) it is not `live`, and its caches read through; on losing and
 * on regaining the subscription it runs the `*` handlers, which clear everything.
 */
export class InvalidationBus {
  private readonly handlers = new Map<string, Handler[]>();

  constructor(private readonly remote: RemoteChannel | null = null) {
    remote?.listen(
      (message) => this.runLocal(message),
      () => this.runLocal({ topic: '*', key: '' }),
    );
  }

  /** False while invalidations from other nodes may be missed: caches must not answer then. */
  get live(): boolean {
    return this.remote?.live ?? true;
  }

  on(topic: string, handler: Handler): void {
    const list = this.handlers.get(topic) ?? [];
    list.push(handler);
    this.handlers.set(topic, list);
  }

  /** Drops here now; resolves once the other nodes have been sent the message. */
  async publish(topic: string, key: string | number): Promise<void> {
    this.runLocal({ topic, key });
    await this.remote?.send({ topic, key });
  }

  async close(): Promise<void> {
    await this.remote?.close();
  }

  private runLocal({ topic, key }: Invalidation): void {
    for (const handler of this.handlers.get(topic) ?? []) handler(key);
  }
}

/** How invalidations travel between nodes. */
export interface RemoteChannel {
  /** Subscribed: every message sent from now on will be received. */
  readonly live: boolean;
  listen(receive: (message: Invalidation) => void, resync: () => void): void;
  send(message: Invalidation): Promise<void>;
  close(): Promise<void>;
}

/**
 * Invalidations over Redis pub/sub, on a connection of its own (a subscribed connection may
 * issue no other command). Messages carry the sender's id so a node skips its own. The channel
 * is re-subscribed here rather than by ioredis, to know when the subscription is back: ioredis
 * reports `ready` before its own re-subscription has been answered.
 */
export class RedisChannel implements RemoteChannel {
  private readonly nodeId = randomBytes(8).toString('hex');
  private readonly subscriber: Redis;
  /** Set by `start`, whenever the listeners were attached: later `ready`s are reconnections. */
  private started = false;
  private subscribed = false;

  constructor(
    private readonly redis: Redis,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.subscriber = redis.duplicate({ lazyConnect: true, autoResubscribe: false });
  }

  get live(): boolean {
    return this.subscribed;
  }

  listen(receive: (message: Invalidation) => void, resync: () => void): void {
    this.subscriber.on('message', (_channel: string, raw: string) => {
      try {
        const message = JSON.parse(raw) as Invalidation & { n: string };
        if (message.n !== this.nodeId) receive(message);
      } catch (error) {
        this.log.warn({ err: error }, 'bad cache invalidation message');
      }
    });
    // Messages sent while the subscription is down are lost: what was cached may be stale, and
    // what is read meanwhile is not cached (not live); once subscribed again, forget it all.
    this.subscriber.on('close', () => {
      if (!this.subscribed) return;
      this.subscribed = false;
      resync();
    });
    this.subscriber.on('ready', () => {
      if (!this.started) return;
      this.subscriber.subscribe(this.channel).then(
        () => {
          resync();
          this.subscribed = true;
        },
        (error: unknown) => this.log.error({ err: error }, 'cache invalidation resubscribe'),
      );
    });
    this.subscriber.on('error', (error: unknown) =>
      this.log.error({ err: error }, 'cache invalidation subscriber'),
    );
  }

  /** Connects and subscribes; call before serving (a message sent earlier would be missed). */
  async start(): Promise<void> {
    await this.subscriber.connect();
    await this.subscriber.subscribe(this.channel);
    this.started = true;
    this.subscribed = true;
  }

  async send(message: Invalidation): Promise<void> {
    try {
      await this.redis.publish(this.channel, JSON.stringify({ ...message, n: this.nodeId }));
    } catch (error) {
      this.log.error({ err: error }, 'cache invalidation publish failed');
    }
  }

  async close(): Promise<void> {
    this.subscribed = false;
    this.subscriber.disconnect();
  }
}
