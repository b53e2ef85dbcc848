import { execFileSync, fork, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { sleep } from './clock.mjs';

/**
 * Every child the bench starts is registered here, so that an error, Ctrl-C or the watchdog
 * still leaves no server or worker behind. Children are stopped by pid, one by one.
 */
const children = new Set();

function track(child, name) {
  child.benchName = name;
  child.output = [];
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Keeps the last lines a child printed, to show them if it fails to start or dies. */
function keepOutput(child, stream) {
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk) => {
    child.output.push(...chunk.split('\n').filter(Boolean));
    if (child.output.length > 40) child.output.splice(0, child.output.length - 40);
  });
}

/** Pids of every process the bench started and that still runs. */
export function benchPids() {
  return [...children].map((child) => child.pid);
}

const available = new Map();
/** Whether a util-linux tool can be run here. */
function has(tool) {
  if (!available.has(tool)) {
    try {
      execFileSync(tool, ['-V'], { stdio: 'ignore' });
      available.set(tool, true);
    } catch {
      available.set(tool, false);
    }
  }
  return available.get(tool);
}
export const hasTaskset = () => has('taskset');

/**
 * Pins this process (and every thread it already has) to a CPU list; children forked later
 * inherit it. Returns false when taskset is missing.
 */
export function pinSelf(cpus) {
  if (!hasTaskset()) return false;
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(process.pid)], { stdio: 'ignore' });
  return true;
}

/** Pins a running process and all its threads to a CPU list (e.g. after a setup that used both). */
export function pinProcess(pid, cpus) {
  if (!hasTaskset()) return false;
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
  return true;
}

/**
 * Starts a server process. With `cpus`, it runs under taskset; under setpriv --pdeathsig, the
 * kernel kills it if the bench itself is killed outright (SIGKILL leaves no chance to clean
 * up). Both exec the command, so the pid is the server's own (its /proc entries are what we
 * read for RSS and CPU).
 */
export function startServer(name, command, args, { env, cwd, cpus, logFile } = {}) {
  let argv = [command, ...args];
  if (cpus && hasTaskset()) argv = ['taskset', '-c', cpus, ...argv];
  if (has('setpriv')) argv = ['setpriv', '--pdeathsig', 'KILL', '--', ...argv];
  const child = spawn(argv[0], argv.slice(1), { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  track(child, name);
  if (logFile) {
    // Diagnostics (e.g. --trace-gc) go to a file in full.
    const out = createWriteStream(logFile);
    child.stdout.pipe(out);
    child.stderr.pipe(out);
  } else {
    keepOutput(child, child.stdout);
    keepOutput(child, child.stderr);
  }
  return child;
}

/** Forks a Node worker with an IPC channel. */
export function startWorker(name, modulePath, args = []) {
  const child = fork(modulePath, args, { stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
  track(child, name);
  keepOutput(child, child.stderr);
  child.stderr?.on('data', (chunk) => process.stderr.write(`[${name}] ${chunk}`));
  return child;
}

/** Polls `url` until it answers 200; bounded by `timeoutMs`. */
export async function waitHealthy(child, url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${child.benchName} exited while starting:\n${child.output.join('\n')}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  throw new Error(
    `${child.benchName} did not answer ${url} within ${timeoutMs} ms:\n${child.output.join('\n')}`,
  );
}

/** SIGTERM, then SIGKILL if it is still there after `graceMs`. */
export async function stop(child, graceMs = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = sleep(graceMs).then(() => 'timeout');
  if ((await Promise.race([exited, timer])) === 'timeout') {
    child.kill('SIGKILL');
    await Promise.race([exited, sleep(2000)]);
  }
}

const exitTasks = new Set();
/** A synchronous clean-up (e.g. removing a temp dir) that also runs if the bench is interrupted. */
export function onExit(task) {
  exitTasks.add(task);
  return () => {
    exitTasks.delete(task);
    task();
  };
}

/** Synchronous last resort (process 'exit' handlers cannot wait): SIGKILL what is left. */
export function killAllNow() {
  for (const child of children) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const task of exitTasks) {
    try {
      task();
    } catch {
      // best effort
    }
  }
  exitTasks.clear();
}

let guarded = false;
/**
 * Makes sure children die with the bench: on normal exit, on Ctrl-C/SIGTERM, on an uncaught
 * error, and after `maxMs` whatever happens (the watchdog bounds the whole run).
 */
export function guardProcesses(maxMs) {
  if (guarded) return;
  guarded = true;
  process.on('exit', killAllNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping all bench processes`);
      killAllNow();
      process.exit(130);
    });
  }
  process.on('uncaughtException', (error) => {
    console.error(error);
    killAllNow();
    process.exit(1);
  });
  const watchdog = setTimeout(() => {
    console.error(`\nWatchdog: the bench ran longer than ${maxMs / 1000} s; stopping everything.`);
    killAllNow();
    process.exit(1);
  }, maxMs);
  watchdog.unref();
}
