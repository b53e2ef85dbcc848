import { readdirSync, readFileSync } from 'node:fs';

/**
 * A process's memory as /proc/<pid>/status gives it, in KB: resident set size (VmRSS) and its
 * parts the way the kernel counts them: anonymous (heaps, malloc), file-backed (code, mapped
 * files) and shared memory (e.g. SQLite's WAL index); null when gone, a field null when the
 * kernel does not give it (a process that exited but was not reaped has no VmRSS).
 */
export function memoryStatusKB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => {
      const match = new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
      return match ? Number(match[1]) : null;
    };
    return {
      rss: field('VmRSS'),
      anon: field('RssAnon'),
      file: field('RssFile'),
      shmem: field('RssShmem'),
    };
  } catch {
    return null;
  }
}

/** Resident set size of a process in KB (VmRSS); null when gone. */
export function rssKB(pid) {
  return memoryStatusKB(pid)?.rss ?? null;
}

// Linux reports CPU times in clock ticks; 100 a second on every common kernel config.
const TICKS_PER_SECOND = 100;

/** User + system CPU seconds a process has used so far; null when gone. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; fields are counted after its closing paren.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/**
 * Write system calls (write, writev, sendmsg…) a process has made so far, from /proc/<pid>/io
 * (`syscw`); null when gone or not readable.
 */
export function writeSyscalls(pid) {
  try {
    const match = /^syscw:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** CPU use of several processes between two moments, as a percentage of one core. */
export function cpuMeter(pids) {
  const start = { at: performance.now(), cpu: pids.map(cpuSeconds) };
  return () => {
    const seconds = (performance.now() - start.at) / 1000;
    return pids.map((pid, i) => {
      const now = cpuSeconds(pid);
      if (now === null || start.cpu[i] === null || seconds <= 0) return null;
      return Math.round(((now - start.cpu[i]) / seconds) * 100);
    });
  };
}

/** CPU seconds the whole machine spent busy (user, nice, system; not idle, iowait or irqs). */
export function machineBusySeconds() {
  const fields = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const [user, nice, system] = fields;
  return (user + nice + system) / TICKS_PER_SECOND;
}

/**
 * CPU used by processes other than `pids` (and this one) since the meter was made, in % of
 * one core: other sessions' tests or builds competing with the bench on a shared machine.
 */
export function otherLoadMeter(pids) {
  const all = [...pids, process.pid];
  const ours = () => all.reduce((s, pid) => s + (cpuSeconds(pid) ?? 0), 0);
  const start = { at: performance.now(), machine: machineBusySeconds(), ours: ours() };
  return () => {
    const seconds = (performance.now() - start.at) / 1000;
    const other = machineBusySeconds() - start.machine - (ours() - start.ours);
    return seconds > 0 ? Math.max(0, Math.round((other / seconds) * 100)) : null;
  };
}

/**
 * Machine-wide TCP counters that explain slow connection storms: a full accept queue (listen
 * backlog) drops SYNs or handshakes, and the client retries them a second later.
 */
export function listenCounters() {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
    const i = lines.findIndex((l) => l.startsWith('TcpExt:'));
    const names = lines[i].split(/\s+/);
    const values = lines[i + 1].split(/\s+/).map(Number);
    const pick = (name) => values[names.indexOf(name)] ?? 0;
    return { listenOverflows: pick('ListenOverflows'), listenDrops: pick('ListenDrops') };
  } catch {
    return { listenOverflows: null, listenDrops: null };
  }
}

/** Pids of the processes whose command name is `name` (e.g. the PostgreSQL server's backends). */
export function pidsNamed(name) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/**
 * CPU of PostgreSQL's processes as a percentage of one core, counting the backends that start
 * during the phase too: the server's pool closes connections idle for long, and opens new
 * ones once the load comes.
 */
export function postgresCpuMeter() {
  const start = new Map(pidsNamed('postgres').map((pid) => [pid, cpuSeconds(pid) ?? 0]));
  const startedAt = performance.now();
  return () => {
    let seconds = 0;
    for (const pid of pidsNamed('postgres'))
      seconds += (cpuSeconds(pid) ?? 0) - (start.get(pid) ?? 0);
    const elapsed = (performance.now() - startedAt) / 1000;
    return elapsed > 0 ? Math.round((seconds / elapsed) * 100) : null;
  };
}
