import {
  CHANNEL_KINDS,
  parseChannel,
  type ChannelKind,
  type ChannelKindName,
  type PresenceMemberInfo,
} from '@chat/shared';
import type { UserRow } from '../db/schema';
import type { ClientEventRelay, ClientEventRules } from './client-events';

type Parsed<K extends ChannelKindName> = Extract<ChannelKind, { kind: K }>;

/** What a presence member shows others, and whether they are hidden from most of them. */
export interface PresenceEntry {
  info: PresenceMemberInfo & { invisible?: true };
  /** May this subscriber see hidden members (an admin)? */
  seesHidden: boolean;
  /** May this subscriber see trolls' messages (staff who manage trolls)? */
  seesTrolls?: boolean;
}

/**
 * The server's rules for one kind of channel, registered by the feature that owns it: who may
 * subscribe and, for presence channels, what the member shows others and which client events
 * the channel relays. The realtime core knows no feature; it asks these.
 */
export interface ChannelKindRules<K extends ChannelKindName> {
  kind: K;
  maySubscribe(user: UserRow, channel: Parsed<K>): boolean | Promise<boolean>;
  /** Presence channels: the member's entry (null: may not join after all). */
  presence?(user: UserRow, channel: Parsed<K>): Promise<PresenceEntry | null>;
  clientEvents?: Record<string, ClientEventRelay>;
  /**
   * Presence channels: the user's first socket joined (`present`), or their last socket on
   * every node left (closed, unsubscribed, reaped with a dead node).
   */
  presenceChanged?(channel: Parsed<K>, userId: number, present: boolean): void;
}

type AnyRules = { [K in ChannelKindName]: ChannelKindRules<K> }[ChannelKindName];

/** Where a feature declares the kinds of channel it owns (a feature module's `ctx.channels`). */
export type ChannelKinds = Pick<ChannelRegistry, 'register'>;

/** What the channel auth decides for a caller: refused, or the presence entry to sign. */
export type AuthDecision = { ok: false } | { ok: true; presence: PresenceEntry | null };

export class ChannelRegistry {
  private readonly kinds = new Map<ChannelKindName, AnyRules>();

  constructor(
    /** What a signed-in socket shows of its user (pusher:signin's user_info). */
    readonly userInfo: (user: UserRow) => PresenceMemberInfo,
  ) {}

  register<K extends ChannelKindName>(rules: ChannelKindRules<K>): void {
    if (this.kinds.has(rules.kind)) throw new Error(`channel kind ${rules.kind} registered twice`);
    this.kinds.set(rules.kind, rules as unknown as AnyRules);
  }

  isPublic(name: string): boolean {
    const parsed = parseChannel(name);
    return parsed.kind !== 'unknown' && CHANNEL_KINDS[parsed.kind].type === 'public';
  }

  /** Whether `user` may subscribe to `name`, and as what member on a presence channel. */
  async authorize(user: UserRow, name: string): Promise<AuthDecision> {
    const parsed = parseChannel(name);
    if (parsed.kind === 'unknown' || CHANNEL_KINDS[parsed.kind].type === 'public')
      return { ok: false };
    const rules = this.kinds.get(parsed.kind) as ChannelKindRules<typeof parsed.kind> | undefined;
    if (!rules || !(await rules.maySubscribe(user, parsed))) return { ok: false };
    if (CHANNEL_KINDS[parsed.kind].type !== 'presence') return { ok: true, presence: null };
    const presence = (await rules.presence?.(user, parsed)) ?? null;
    return presence ? { ok: true, presence } : { ok: false };
  }

  /** Tells the kind's owner that a user arrived in or left a presence channel. */
  presenceChanged(name: string, userId: number, present: boolean): void {
    const parsed = parseChannel(name);
    if (parsed.kind === 'unknown' || !Number.isSafeInteger(userId)) return;
    const rules = this.kinds.get(parsed.kind) as ChannelKindRules<typeof parsed.kind> | undefined;
    rules?.presenceChanged?.(parsed, userId, present);
  }

  /** The relay of a client event on a channel, for the socket server. */
  readonly clientEvents: ClientEventRules = (channel, event) => {
    const parsed = parseChannel(channel);
    if (parsed.kind === 'unknown') return null;
    const relays = this.kinds.get(parsed.kind)?.clientEvents;
    return relays && Object.hasOwn(relays, event) ? (relays[event] ?? null) : null;
  };

  /** The kinds no feature registered: the app refuses to start with any. */
  missing(): ChannelKindName[] {
    return (Object.keys(CHANNEL_KINDS) as ChannelKindName[]).filter(
      (kind) => CHANNEL_KINDS[kind].type !== 'public' && !this.kinds.has(kind),
    );
  }
}
