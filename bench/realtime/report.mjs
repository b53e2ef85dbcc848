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
      `${label}: lost`,
      (name) => get(name, (r) => at(r).lostAllAttempts ?? at(r).lost),
      false,
    ]);
  }
  const saturation = (key) => (name) => get(name, (r) => mark(r.saturation[key], r.saturation));
  out.push(['saturation: received/s', saturation('deliveriesPerSec')]);
  out.push(['saturation: received per server CPU-second', saturation('deliveriesPerServerCpuSec')]);
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
  out.push(['idle RSS KB/connection', (name) => get(name, (r) => r.idle.kbPerConnection)]);
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

/** The targets, for ours. */
export function targets(results) {
  const ours = results.ours;
  if (!ours) return [];
  const at = (rate) =>
    ours.rates.find((r) => r.rate * r.clients === 40_000) ??
    ours.rates.find((r) => r.rate === rate);
  const checks = [];
  if (results.socketio) {
    const a = ours.saturation.deliveriesPerSec;
    const b = results.socketio.saturation.deliveriesPerSec;
    const disturbed = [ours, results.socketio].some((r) => r.saturation.otherCpu > BUSY_PERCENT);
    checks.push([
      `saturation deliveries/s ≥ Socket.IO's (${a} vs ${b})${disturbed ? ' †' : ''}`,
      a >= b,
    ]);
    const c = ours.saturation.deliveriesPerServerCpuSec;
    const d = results.socketio.saturation.deliveriesPerServerCpuSec;
    checks.push([
      `  and per server CPU-second, in case the clients limited either (${c} vs ${d})${disturbed ? ' †' : ''}`,
      c >= d,
    ]);
  }
  const r40k = at(20);
  if (r40k)
    checks.push([
      `p99 < 50 ms at ${r40k.rate * r40k.clients} deliveries/s (${mark(r40k.p99Ms, r40k)} ms)`,
      r40k.p99Ms < 50,
    ]);
  checks.push([
    `idle RSS < 20 KB/connection (${ours.idle.kbPerConnection} KB)`,
    ours.idle.kbPerConnection < 20,
  ]);
  checks.push([
    `no failed reconnects (${ours.reconnect.failed} failed of ${ours.reconnect.clients})`,
    ours.reconnect.failed === 0 && ours.reconnect.ok === ours.reconnect.clients,
  ]);
  return checks;
}

export function printReport(report) {
  console.log(
    `\nRealtime bench, ${report.date}, Node ${report.node}, ${report.cpus} cores (${report.cpuModel})`,
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
}
