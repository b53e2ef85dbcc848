/**
 * Summarises a V8 .cpuprofile (from `--cpu-prof`): self time per function, then the time
 * under chosen frames, to see where a server spends its CPU. A frame is a function name, or a
 * piece of a script URL when it contains '/' (e.g. `fastify/`). Each sample counts for the
 * nearest listed frame on its stack, so nested frames do not count twice.
 *   node bench/lib/cpuprofile-top.mjs <file.cpuprofile> [top=30] [frames...]
 */
import { readFileSync } from 'node:fs';

const [file, topArg = '30', ...frames] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Sample i lasted timeDeltas[i + 1] µs (the last one has no successor; ignored).
const selfUs = new Map();
for (let i = 0; i < profile.samples.length - 1; i++) {
  const id = profile.samples[i];
  selfUs.set(id, (selfUs.get(id) ?? 0) + profile.timeDeltas[i + 1]);
}
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const label = (n) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const where = url
    ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(apps|bench)\//, '$1/')}:${lineNumber + 1}`
    : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
};

const byFunction = new Map();
for (const [id, us] of selfUs) {
  const key = label(nodes.get(id));
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}
const pct = (us) => `${((us / total) * 100).toFixed(1).padStart(5)}%`;
console.log(`total sampled: ${(total / 1000).toFixed(0)} ms`);
for (const [key, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg))) {
  console.log(`${pct(us)}  ${(us / 1000).toFixed(0).padStart(6)} ms  ${key}`);
}

// Time under the listed frames, each sample given to the nearest listed frame on its stack.
const matches = (node, frame) =>
  frame.includes('/') ? node.callFrame.url.includes(frame) : node.callFrame.functionName === frame;
const under = new Map(frames.map((f) => [f, 0]));
for (const [id, us] of selfUs) {
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const frame = frames.find((f) => matches(nodes.get(cur), f));
    if (frame) {
      under.set(frame, under.get(frame) + us);
      break;
    }
  }
}
const busy = total - (byFunction.get('(idle)') ?? 0);
console.log(`busy (not idle): ${(busy / 1000).toFixed(0)} ms`);
for (const [frame, us] of under) {
  console.log(
    `under ${frame}: ${((us / busy) * 100).toFixed(1)}% of busy (${(us / 1000).toFixed(0)} ms)`,
  );
}
