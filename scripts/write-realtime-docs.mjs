// `npm run docs:realtime`: rewrites the channel and event tables of docs/realtime.md from the
// registry in packages/shared/src/realtime (a test fails while they differ).
import { readFileSync, writeFileSync } from 'node:fs';
import { withRealtimeTables } from '../packages/shared/src/realtime/event-docs-table.ts';

const path = new URL('../docs/realtime.md', import.meta.url);
const next = withRealtimeTables(readFileSync(path, 'utf8'));
if (next === null) throw new Error('docs/realtime.md has no realtime-registry markers');
writeFileSync(path, next);
console.log('docs/realtime.md: tables written');
