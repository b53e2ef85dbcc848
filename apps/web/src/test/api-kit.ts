// The site's API client answering from a test's fakes instead of the network.
import { beforeEach, vi } from 'vitest';
import { api } from '../lib/api';

const METHODS = ['json', 'form', 'upload', 'request', 'get', 'post'] as const;
type Method = (typeof METHODS)[number];
type Call = (...args: unknown[]) => unknown;

/**
 * For each test of the file that calls this, `api.get`, `api.post`, … call the given fakes
 * (`vi.fn()`s the test programs and inspects); a method given none throws. setup.ts puts the real
 * methods back after each test. Spies on the client rather than `vi.mock`: the web tests share
 * their worker's modules (vitest.config.ts).
 */
export function fakeApi(fakes: Partial<Record<Method, (...args: never[]) => unknown>>): void {
  beforeEach(() => {
    const client = api as unknown as Record<Method, Call>;
    for (const method of METHODS) {
      const fake =
        (fakes[method] as Call | undefined) ??
        (() => {
          throw new TypeError(`api.${method} has no fake in this test`);
        });
      vi.spyOn(client, method).mockImplementation(fake);
    }
  });
}
