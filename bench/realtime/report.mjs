/**
 * The table: the three servers side by side, each figure also as a ratio to the bare ws
 * server measured in the same run, and the targets checked for ours.
 */

const COLUMNS = [
  ['ours', 'ours'],
  ['ws', 'bare ws'],
  ['socketio', 'Socket.IO'],
  ['ws-frame-once', 'ws framed once'],
  ['ws-batched', 'ws batched'],
  ['floor', 'write floor'],
];

/** A phase during which other processes took more than this much of a core (% of one). */
export const BUSY_PERCENT = 25;

/** Marks a figure from a disturbed phase, so it is not read as the server's own. */
const mark = (value, phase) =>
  value !== null && value !== undefined && phase?.otherCpu > BUSY_PERCENT ? `${value} †` : value;

function rows(results) {
  const get = (name, pick) => (results[name] ? pick(results[name]) : null);
  const out = [];
  const first = Object.values(results)[0];
  for (const { rate } of first?.rates ?? []) {
    const at = (r) => r.rates.find((x) => x.rate === rate);
    const clients = first.rates.find((x) => x.rate === rate).clients;
    const label = `${rate} msg/s (${((rate * clients) / 1000).toFixed(0)}k deliveries/s)`;
    const figure = (key) => (name) => get(name, (r) => mark(at(r)[key], at(r)));
    out.push([`${label}: received/s`, figure('deliveriesPerSec')]);
    out.push([`${label}: p50 ms`, figure('p50Ms')]);
    out.push([`${label}: p99 ms`, figure('p99Ms')]);
    out.push([
      `${label}: clients CPU µs per delivery`,
      (name) => get(name, (r) => at(r).clientCpuUsPerDelivery),
      false,
    ]);
    out.push([
      `${label}: lost`,
      (name) => get(name, (r) => at(r).lostAllAttempts ?? at(r).lost),
      false,
    ]);
  }
  const saturation = (key) => (name) => get(name, (r) => mark(r.saturation[key], r.saturation));
  out.push(['saturation: received/s', saturation('deliveriesPerSec')]);
  out.push(['saturation: received per server CPU-second', saturation('deliveriesPerServerCpuSec')]);
  out.push(['saturation: server CPU µs per delivery', saturation('serverCpuUsPerDelivery')]);
  out.push([
    'saturation: write syscalls per delivery',
    (name) => get(name, (r) => r.saturation.writeSyscallsPerDelivery),
    false,
  ]);
  out.push(['saturation: p50 ms', saturation('p50Ms')]);
  out.push(['saturation: p99 ms', saturation('p99Ms')]);
  out.push([
    'saturation: lost',
    (name) => get(name, (r) => r.saturation.lostAllAttempts ?? r.saturation.lost),
    false,
  ]);
  out.push(['saturation: server CPU %', (name) => get(name, (r) => r.saturation.serverCpu), false]);
  out.push([
    'saturation: clients CPU %',
    (name) => get(name, (r) => r.saturation.clientCpu),
    false,
  ]);
  out.push([
    'saturation: clients CPU µs per delivery',
    (name) => get(name, (r) => r.saturation.clientCpuUsPerDelivery),
    false,
  ]);
  // After a full GC on both sides (idle-memory.mjs); the target's figure.
  out.push(['idle RSS KB/connection', (name) => get(name, (r) => r.idle.kbPerConnection)]);
  out.push([
    'idle RSS KB/connection, before any GC',
    (name) => get(name, (r) => r.idle.kbPerConnectionBeforeGc),
  ]);
  out.push(['idle V8 heap KB/connection', (name) => get(name, (r) => r.idle.heapKbPerConnection)]);
  out.push(['reconnect all: ms', (name) => get(name, (r) => mark(r.reconnect.ms, r.reconnect))]);
  out.push(['reconnect all: failed', (name) => get(name, (r) => r.reconnect.failed), false]);
  out.push([
    'reconnect all: listen queue overflows',
    (name) => get(name, (r) => r.reconnect.listenOverflows),
    false,
  ]);
  out.push(['after reconnect: lost', (name) => get(name, (r) => r.afterReconnect.lost), false]);
  // Other sessions' processes on a shared machine steal CPU from the bench: shown, not hidden.
  out.push([
    'other processes CPU % (max of phases)',
    (name) => get(name, (r) => Math.max(...[...r.rates, r.saturation].map((p) => p.otherCpu ?? 0))),
    false,
  ]);
  return out;
}

function ratio(value, base) {
  const [v, b] = [parseFloat(value), parseFloat(base)];
  if (!Number.isFinite(v) || !Number.isFinite(b) || b === 0) return '';
  const disturbed = String(value).includes('†') || String(base).includes('†');
  return `${(v / b).toFixed(2)}×${disturbed ? ' †' : ''}`;
}

/** A Markdown table (readable as is in a terminal, pasteable into BENCHMARKS.md). */
export function table(results) {
  const present = COLUMNS.filter(([name]) => results[name]);
  const hasBase = Boolean(results.ws);
  const header = ['figure', ...present.map(([, label]) => label)];
  if (hasBase)
    header.push(...present.filter(([n]) => n !== 'ws').map(([, label]) => `${label} / ws`));
  const lines = [header, header.map(() => '---')];
  for (const [label, value, withRatio = true] of rows(results)) {
    const line = [label, ...present.map(([name]) => String(value(name) ?? '–'))];
    if (hasBase) {
      for (const [name] of present.filter(([n]) => n !== 'ws'))
        line.push(withRatio ? ratio(value(name), value('ws')) : '');
    }
    lines.push(line);
  }
  const busy = Object.values(results).some((r) =>
    [...r.rates, r.saturation].some((p) => p.otherCpu > BUSY_PERCENT),
  );
  const note = busy
    ? `\n\n† measured while other processes on the machine used more than ${BUSY_PERCENT}% of a core: ` +
      'the figure shows that load more than the server.'
    : '';
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n') + note;
}

/** The targets, for ours (issue 11: fan-out toward the write-syscall limit). */
export function targets(results) {
  const ours = results.ours;
  if (!ours) return [];
  const at = (r, rate) =>
    r.rates.find((x) => x.rate * x.clients === 40_000) ?? r.rates.find((x) => x.rate === rate);
  const disturbed = (...phases) => (phases.some((p) => p?.otherCpu > BUSY_PERCENT) ? ' †' : '');
  const checks = [];
  const sat = ours.saturation;
  for (const [name, label, factor] of [
    ['socketio', 'Socket.IO', 2],
    ['ws', 'bare ws', 1.7],
  ]) {
    const other = results[name]?.saturation;
    if (!other) continue;
    const ratio = sat.deliveriesPerSec / other.deliveriesPerSec;
    checks.push([
      `saturation deliveries/s ≥ ${factor}× ${label}'s (${sat.deliveriesPerSec} vs ${other.deliveriesPerSec}: ${ratio.toFixed(2)}×)${disturbed(sat, other)}`,
      ratio >= factor,
    ]);
  }
  const mine = at(ours, 20);
  const theirs = results.socketio && at(results.socketio, 20);
  if (mine && theirs) {
    const ratio = mine.p99Ms / theirs.p99Ms;
    checks.push([
      `p99 at ${mine.rate * mine.clients} deliveries/s ≤ 0.5× Socket.IO's (${mine.p99Ms} vs ${theirs.p99Ms} ms: ${ratio.toFixed(2)}×)${disturbed(mine, theirs)}`,
      ratio <= 0.5,
    ]);
  }
  const lost =
    ours.rates.reduce((s, r) => s + (r.lostAllAttempts ?? r.lost), 0) +
    (sat.lostAllAttempts ?? sat.lost) +
    ours.afterReconnect.lost;
  const disorder = [...ours.rates, sat].reduce((s, r) => s + r.outOfOrder + r.duplicates, 0);
  checks.push([
    `0 lost, duplicated or reordered, all phases (${lost} lost, ${disorder} out of order or twice)`,
    lost === 0 && disorder === 0,
  ]);
  checks.push([
    `idle RSS ≤ 5 KB/connection (${ours.idle.kbPerConnection} KB after a full GC; ` +
      `${ours.idle.kbPerConnectionBeforeGc} KB before it)`,
    ours.idle.kbPerConnection <= 5,
  ]);
  checks.push([
    `no failed reconnects (${ours.reconnect.failed} failed of ${ours.reconnect.clients})`,
    ours.reconnect.failed === 0 && ours.reconnect.ok === ours.reconnect.clients,
  ]);
  return checks;
}

/** CPU per delivery at saturation against the write-syscall floor measured in the same run. */
export function floorComparison(results) {
  const ours = results.ours?.saturation;
  const floor = results.floor?.saturation;
  if (!ours || !floor) return null;
  return (
    `CPU per delivery at saturation: ours ${ours.serverCpuUsPerDelivery} µs ` +
    `(${ours.writeSyscallsPerDelivery} write syscalls per delivery), write floor ` +
    `${floor.serverCpuUsPerDelivery} µs (${floor.writeSyscallsPerDelivery} per delivery): ` +
    `ours / floor = ${(ours.serverCpuUsPerDelivery / floor.serverCpuUsPerDelivery).toFixed(2)}×`
  );
}

export function printReport(report) {
  // The load clients decide part of the latency: a table is read with them in mind.
  const clients = report.loadClients
    ? `; load clients: Pusher protocol over ${report.loadClients.pusher}, Socket.IO over ${report.loadClients.socketio}`
    : '';
  console.log(
    `\nRealtime bench, ${report.date}, Node ${report.node}, ${report.cpus} cores (${report.cpuModel})${clients}`,
  );
  console.log(
    report.pinned ? 'server pinned to CPU 0; clients and publisher on CPU 1\n' : 'no CPU pinning\n',
  );
  console.log(table(report.results));
  const checks = targets(report.results);
  if (checks.length) {
    console.log('\nTargets (ours):');
    for (const [text, ok] of checks) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${text}`);
  }
  const floor = floorComparison(report.results);
  if (floor) console.log(`\n${floor}`);
}
