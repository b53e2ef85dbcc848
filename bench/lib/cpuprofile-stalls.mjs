/**
 * Finds the long busy stretches in a V8 .cpuprofile (from `--cpu-prof`): runs of samples with
 * no "(idle)" longer than a threshold, each with what filled it (self time by function), and
 * gaps between samples (the thread was not running at all: descheduled, or a long native stop).
 *   node bench/lib/cpuprofile-stalls.mjs <file.cpuprofile> [minBusyMs=40] [fromMs] [toMs]
 * Times are ms since the profile started.
 */
import { readFileSync } from 'node:fs';

const [file, minArg = '40', fromArg = '0', toArg = 'Infinity'] = process.argv.slice(2);
const minBusyMs = Number(minArg);
const [fromMs, toMs] = [Number(fromArg), Number(toArg)];
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const name = (id) => {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  const where = url
    ? ` ${url.replace(/^.*node_modules\//, '').replace(/^.*\/(apps|bench)\//, '$1/')}:${lineNumber + 1}`
    : '';
  return `${functionName || '(anonymous)'}${where}`;
};

let t = 0;
let span = null;
const spans = [];
const gaps = [];
for (let i = 0; i < profile.samples.length - 1; i++) {
  t += profile.timeDeltas[i] / 1000;
  const duration = profile.timeDeltas[i + 1] / 1000;
  if (t < fromMs || t > toMs) continue;
  if (duration > 10) gaps.push([t, duration, name(profile.samples[i])]);
  const idle = nodes.get(profile.samples[i]).callFrame.functionName === '(idle)';
  if (idle) {
    if (span && span.ms >= minBusyMs) spans.push(span);
    span = null;
    continue;
  }
  span ??= { start: t, ms: 0, by: new Map() };
  span.ms += duration;
  const key = name(profile.samples[i]);
  span.by.set(key, (span.by.get(key) ?? 0) + duration);
}
if (span && span.ms >= minBusyMs) spans.push(span);

console.log(`busy stretches of ${minBusyMs} ms or more: ${spans.length}`);
for (const s of spans) {
  const top = [...s.by].sort((a, b) => b[1] - a[1]).slice(0, 6);
  console.log(
    `  at ${s.start.toFixed(0)} ms for ${s.ms.toFixed(0)} ms: ${top.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`,
  );
}
console.log(`gaps over 10 ms between samples: ${gaps.length}`);
for (const [at, ms, what] of gaps.slice(0, 30))
  console.log(`  at ${at.toFixed(0)} ms: ${ms.toFixed(0)} ms in ${what}`);
