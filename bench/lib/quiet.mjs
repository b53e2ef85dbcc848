/**
 * Living with a shared machine: other sessions' tests and browsers come and go, and a phase
 * measured while they run shows their load more than the server's. The bench waits for quiet
 * (bounded) and tells how busy the machine was.
 */
import { nowMs, sleep } from './clock.mjs';
import { otherLoadMeter } from './proc-stats.mjs';
import { benchPids } from './procs.mjs';

const log = (...args) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

/**
 * The machine may be shared (other sessions' tests): waits, bounded, until processes other than
 * the bench use under 20% of a core, so each server starts on a quiet machine if there is one.
 * Returns the last load seen (% of one core).
 */
export async function waitQuiet(maxMs, brief = false) {
  const started = nowMs();
  const deadline = started + Math.min(maxMs, Math.max(0, waitBudget.maxMs - waitBudget.spentMs));
  let load = null;
  for (let i = 0; i < 600; i++) {
    // The bench's own processes (idle between phases) are not counted.
    const meter = otherLoadMeter(benchPids());
    await sleep(brief ? 300 : 1000);
    load = meter();
    if (load < 20 || nowMs() >= deadline) break;
    if (i % 10 === 0) log(`waiting for other processes to go quiet (${load}% of a core busy)`);
  }
  waitBudget.spentMs += nowMs() - started;
  if (load >= 20)
    log(`machine still busy (${load}% of a core used by other processes); measuring anyway`);
  return load;
}

/** Time spent waiting for quiet and re-running disturbed phases, over the whole run. */
export const waitBudget = { maxMs: 0, spentMs: 0 };
