import { describe, expect, it } from 'vitest';
import { memoryTrimmer, startMemoryTrimming } from './memory-trim';

const glibc = Boolean(
  (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header
    ?.glibcVersionRuntime,
);

// What a trim gives back is measured by the soak (`npm run bench -- soak`), not here.
describe.runIf(glibc)('memoryTrimmer on glibc', () => {
  it('reads how much malloc holds free and trims only when that is worth it', () => {
    const free = memoryTrimmer.freeHeldBytes();
    expect(typeof free).toBe('number');
    expect(free).toBeGreaterThanOrEqual(0);
    expect(memoryTrimmer.trimIfWorth(Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(memoryTrimmer.trimIfWorth(0)).toBe(true);
  });

  it('starts and stops', () => {
    const stop = startMemoryTrimming(60_000);
    expect(typeof stop).toBe('function');
    stop();
  });
});
