import { atEndOfTurn } from './end-of-turn';

/**
 * The queue of a group commit on PostgreSQL: what is asked for during one event-loop turn is
 * handed to `write` as one group at the turn's end (`store` stage). One group is on its way at
 * a time; what comes meanwhile waits and goes as the next group, which leaves the turn after
 * the last one's fan-out (features/chat/message-groups.postgres.ts says why), so under load
 * groups grow instead of multiplying. `write` settles each item itself and never rejects.
 */
export class TurnGroups<T> {
  private queue: T[] = [];
  private scheduled = false;
  private writing = false;

  constructor(private readonly write: (group: T[]) => Promise<void>) {}

  /** What waits for the next group. */
  get waiting(): readonly T[] {
    return this.queue;
  }

  add(item: T): void {
    this.queue.push(item);
    if (this.scheduled || this.writing) return;
    this.scheduled = true;
    atEndOfTurn('store', () => this.startWrite());
  }

  private startWrite(): void {
    this.scheduled = false;
    this.writing = true;
    const group = this.queue;
    this.queue = [];
    void this.write(group).finally(() => {
      this.writing = false;
      if (this.queue.length === 0) return;
      this.scheduled = true;
      // An immediate queued from the send stage runs in the next turn, after its I/O.
      atEndOfTurn('send', () => setImmediate(() => this.startWrite()));
    });
  }
}
