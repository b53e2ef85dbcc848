/** One event for one channel, as it travels between nodes. `data` is already a JSON string. */
export interface Broadcast {
  channel: string;
  event: string;
  data: string;
  /** The socket that caused the event, which does not receive it ("to others"). */
  except?: string;
  /** Extra top-level field Pusher adds to client events on presence channels. */
  userId?: string;
  /** A user whose sockets do not receive it (a troll does not learn they are one). */
  exceptUserId?: number;
  /** Who of a presence channel hears it when it concerns a member who may be hidden. */
  audience?: Audience;
}

/**
 * `seers`: only the sockets that may see hidden members, and the member's own; `others`: every
 * socket but those (a hidden member appearing to or vanishing from the rest of the room);
 * `troll`: the member is a troll author: only their own sockets and those that may see trolls.
 */
export interface Audience {
  member: string;
  only: 'seers' | 'others' | 'troll';
}

/**
 * Commands between nodes about sockets rather than channels: which signed-in session a socket
 * belongs to (the HTTP call that authorised it may land on another node than the socket), and
 * "close every socket of this session" when a device is signed out, and a user's sanctions.
 */
export type ControlMessage =
  /** Asks the node holding `socketId` to grant it `channel` for a session (socket-claims.ts). */
  | {
      type: 'claim';
      id: string;
      from: string;
      socketId: string;
      userId: number;
      sessionId: number;
      channel: string | null;
    }
  | { type: 'claim-result'; id: string; to: string; result: ClaimResult }
  /** `close`: the device was signed out elsewhere (4009); else only its grants end. */
  | { type: 'end-session'; userId: number; sessionId: number; close: boolean }
  /** The user's sockets leave `channel` (left the room); `null`: the sockets close. */
  | { type: 'drop-user'; userId: number; channel: string | null }
  /** A presence member turned hidden or visible: sockets update their seat. */
  | { type: 'member-hidden'; channel: string; userId: string; hidden: boolean }
  /** A user's sanctions in force (sanctions-guard.ts); ISO ends, null when none. */
  | { type: 'sanctions'; userId: number; gagUntil: string | null; banUntil: string | null };

/**
 * What the node holding a socket answers a claim: granted, no such socket, another account's,
 * or `full`: the account holds as many sockets on that node as it may (socket-claims.ts).
 */
export type ClaimResult = 'granted' | 'missing' | 'taken' | 'full';

export interface PresenceMember {
  user_id: string;
  user_info: unknown;
}

/**
 * What one node needs from the others (DESIGN.md rule 7): delivery of broadcasts to every node
 * and a presence register counted per user across all connections of all nodes. The local
 * adapter serves a single process; the Redis adapter any number of them.
 */
export interface RealtimeAdapter {
  readonly nodeId: string;
  /** Whether other nodes exist behind this adapter (a claim may then be answered elsewhere). */
  readonly clustered: boolean;
  /** Starts receiving other nodes' broadcasts; `deliver` hands them to local sockets. */
  start(
    deliver: (message: Broadcast) => void,
    control?: (message: ControlMessage) => void,
  ): Promise<void>;
  /** Sends to the other nodes; the caller delivers locally itself. */
  publish(message: Broadcast): Promise<void>;
  /** Sends a command to the other nodes (in order with publish); the caller acts locally itself. */
  control(message: ControlMessage): Promise<void>;
  /** Counts one more connection of a member; `first` when the user was not there before. */
  join(channel: string, member: PresenceMember): Promise<{ first: boolean }>;
  /** Counts one connection less; `last` when the user has no connection left there. */
  leave(channel: string, userId: string): Promise<{ last: boolean }>;
  members(channel: string): Promise<PresenceMember[]>;
  /**
   * Marks a present member hidden (`invisible` in their info) or visible again, atomically;
   * answers the member as now stored when that changed something, else null.
   */
  setHidden(channel: string, userId: string, hidden: boolean): Promise<PresenceMember | null>;
  /** This node's connection count changed; `connections()` is the sum over all nodes. */
  countConnections(delta: number): void;
  connections(): Promise<number>;
  stop(): Promise<void>;
}
