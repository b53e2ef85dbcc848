#!/usr/bin/env node
// `npm run check:cycles`: fails on any import cycle in the server, the web app and the shared
// package. Type-only imports (`import type`, `export type ... from`) and dynamic `import()` count
// like any other import: a cycle of types still ties two modules into one. dependency-cruiser
// reads the sources with TypeScript before compilation, so nothing erased escapes it.
//
// Fix a cycle by moving the type or small function both sides need into a module of its own (or
// to where it belongs), never by adding it to ALLOWED_CYCLES below.
import { cruise } from 'dependency-cruiser';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];

/**
 * Cycles known today that may not be fixed yet, each exactly as reported (any rotation). This
 * list only shrinks: a cycle gone from the code must leave it too (the check says so).
 */
const ALLOWED_CYCLES = [];

/** A cycle as one string, starting at its smallest module, so rotations compare equal. */
function cycleKey(modules) {
  const start = modules.indexOf([...modules].sort()[0]);
  return [...modules.slice(start), ...modules.slice(0, start)].join(' → ');
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const { output } = await cruise(ROOTS, {
  validate: true,
  ruleSet: {
    forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }],
  },
  tsPreCompilationDeps: true,
  doNotFollow: { path: 'node_modules' },
  exclude: { path: '(^|/)(node_modules|dist)/' },
  // @chat/shared resolves through its package.json's exports to packages/shared/src.
  enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default'] },
});
if (typeof output === 'string') throw new Error('dependency-cruiser answered text, not a result');

const unresolved = output.modules.flatMap((m) =>
  m.dependencies.filter((d) => d.couldNotResolve).map((d) => `${m.source} → ${d.module}`),
);
const found = new Map();
for (const violation of output.summary.violations) {
  if (violation.rule.name !== 'no-circular' || !violation.cycle) continue;
  const modules = [violation.from, ...violation.cycle.map((step) => step.name)].slice(0, -1);
  found.set(cycleKey(modules), modules);
}
const allowed = new Set(ALLOWED_CYCLES.map(cycleKey));
const cycles = [...found.keys()].filter((key) => !allowed.has(key)).sort();
const stale = [...allowed].filter((key) => !found.has(key));

for (const key of cycles) console.error(`import cycle: ${key}`);
for (const key of stale)
  console.error(`allowed cycle no longer found, remove it from ALLOWED_CYCLES: ${key}`);
for (const line of unresolved) console.error(`import not resolved: ${line}`);
console.log(
  `${output.summary.totalCruised} modules, ${output.summary.totalDependenciesCruised} imports: ` +
    `${cycles.length} cycles (${found.size - cycles.length} allowed), ${unresolved.length} unresolved`,
);
process.exit(cycles.length + stale.length + unresolved.length === 0 ? 0 : 1);
