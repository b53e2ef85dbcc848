import { readFileSync } from 'node:fs';

/**
 * The file the last web build made of a source module (global setup builds apps/web/dist):
 * chunks are named by their hash alone (vite.config.ts), so a journey that refuses a page's code
 * finds its file in the build's manifest, not by a name pattern.
 */
export function builtChunkOf(source: string): string {
  const manifest = JSON.parse(
    readFileSync(new URL('../dist/.vite/manifest.json', import.meta.url), 'utf8'),
  ) as Record<string, { file: string }>;
  const entry = manifest[source];
  if (!entry) throw new Error(`the build has no chunk of ${source}`);
  return entry.file;
}
