import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * This node's name in the job queue, kept in DATA_DIR so that a restart of the same node
 * recognises the jobs it left running and takes them back at once.
 */
export function nodeIdOf(dataDir: string): string {
  const file = join(dataDir, 'node-id');
  if (existsSync(file)) {
    const id = readFileSync(file, 'utf8').trim();
    if (/^[\w.:-]{1,64}$/.test(id)) return id;
  }
  const id = `${hostname()
    .replace(/[^\w.-]/g, '')
    .slice(0, 40)}-${randomBytes(4).toString('hex')}`;
  writeFileSync(file, id);
  return id;
}
