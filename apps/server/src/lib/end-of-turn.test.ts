import { describe, expect, it } from 'vitest';
import { atEndOfTurn } from './end-of-turn';

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 5));

describe('atEndOfTurn', () => {
  it('runs what a store task resolves before the send stage of the same turn', async () => {
    const log: string[] = [];
    // A request handler waiting for a group commit, then broadcasting what it stored.
    const stored = new Promise<void>((resolve) => atEndOfTurn('store', resolve));
    void stored
      .then(() => Promise.resolve())
      .then(() => {
        log.push('answered');
        atEndOfTurn('send', () => log.push('sent'));
      });
    setImmediate(() => log.push('next immediate'));
    await nextTurn();
    expect(log).toEqual(['answered', 'sent', 'next immediate']);
  });

  it('still sends in the same turn what a store resolves when a send was queued before it', async () => {
    const log: string[] = [];
    atEndOfTurn('send', () => log.push('early send'));
    const stored = new Promise<void>((resolve) => atEndOfTurn('store', resolve));
    void stored.then(() => atEndOfTurn('send', () => log.push('send of the stored')));
    setImmediate(() => log.push('next immediate'));
    await nextTurn();
    expect(log).toEqual(['early send', 'send of the stored', 'next immediate']);
  });

  it('runs each task once, in the order asked, and a throwing task does not stop the others', async () => {
    const log: string[] = [];
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.prependListener('uncaughtException', onError);
    try {
      atEndOfTurn('send', () => log.push('a'));
      atEndOfTurn('send', () => {
        throw new Error('boom');
      });
      atEndOfTurn('send', () => log.push('b'));
      await nextTurn();
    } finally {
      process.removeListener('uncaughtException', onError);
    }
    expect(log).toEqual(['a', 'b']);
    expect(errors).toHaveLength(1);
  });

  it('leaves a task asked for during its own stage to the next turn', async () => {
    const turns: string[] = [];
    atEndOfTurn('store', () => {
      turns.push('first');
      atEndOfTurn('store', () => turns.push('second'));
    });
    await nextTurn();
    expect(turns).toEqual(['first', 'second']);
  });
});
