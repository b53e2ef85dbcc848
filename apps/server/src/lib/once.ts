/**
 * One run at a time per key on this node: a twin of a request still running waits for the
 * first and answers as a replay (a client_id sent twice at once is stored once).
 */
export class Once {
  private readonly inFlight = new Map<string, Promise<unknown>>();

  run<T extends { replay: boolean }>(key: string, work: () => Promise<T>): Promise<T> {
    const running = this.inFlight.get(key) as Promise<T> | undefined;
    if (running) return running.then((r) => ({ ...r, replay: true }));
    const promise = work().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, promise);
    return promise;
  }
}
