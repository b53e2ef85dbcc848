/**
 * Work deferred to the end of the current event-loop turn, in two stages: `store` (the group
 * commits of the database) and then `send` (the fan-out's socket writes).
 *
 * Both stages are immediates queued together, `store` first. Node runs the promise callbacks
 * between two immediates, so everything a commit resolves (the request handlers that waited
 * for it answer their HTTP requests and broadcast what they stored) has run when `send`
 * starts. The messages stored in a turn thus go out in that same turn, with one socket write
 * for all of them, after their authors got their answers; scheduled independently, each
 * commit's broadcasts waited for the next turn and got a write of their own.
 *
 * A task added once its stage has run for this turn waits for the next turn's.
 */
export type TurnStage = 'store' | 'send';

const queues: Record<TurnStage, (() => void)[]> = { store: [], send: [] };
let storeScheduled = false;
let sendScheduled = false;

export function atEndOfTurn(stage: TurnStage, task: () => void): void {
  queues[stage].push(task);
  if (stage === 'store' && !storeScheduled) {
    storeScheduled = true;
    setImmediate(runStore);
    // A `send` already queued would run before this store: one more runs after it.
    sendScheduled = true;
    setImmediate(runSend);
  } else if (stage === 'send' && !sendScheduled) {
    sendScheduled = true;
    setImmediate(runSend);
  }
}

function runStore(): void {
  storeScheduled = false;
  runAll('store');
}

function runSend(): void {
  sendScheduled = false;
  runAll('send');
}

function runAll(stage: TurnStage): void {
  const tasks = queues[stage];
  if (tasks.length === 0) return;
  queues[stage] = [];
  for (const task of tasks) {
    try {
      task();
    } catch (error) {
      // Thrown as before (uncaught), but only once the stage's other tasks have run.
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}
