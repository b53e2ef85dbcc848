/** A new version stamp (ISO time), never equal to the one it replaces. */
export function nextVersion(seen: string, now = new Date()): string {
  const at = now.toISOString();
  return at > seen ? at : new Date(Date.parse(seen) + 1).toISOString();
}
