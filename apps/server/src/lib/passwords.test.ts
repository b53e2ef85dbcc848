import { afterEach, describe, expect, it } from 'vitest';
import {
  dummyHash,
  hashPassword,
  PASSWORD_HASH_COST,
  usePasswordHashCost,
  verifyPassword,
} from './passwords';

describe('password hashes', () => {
  // The server's test apps set 10 (build-test-app.ts); what the next file's app sets again.
  afterEach(() => usePasswordHashCost(10));

  it('keep their cost in the hash, so a hash of any cost verifies after the cost changes', async () => {
    usePasswordHashCost(PASSWORD_HASH_COST);
    const strong = await hashPassword('secret-123');
    expect(strong).toMatch(/^scrypt\$32768\$8\$1\$/);
    usePasswordHashCost(10);
    const cheap = await hashPassword('secret-123');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    for (const stored of [strong, cheap]) {
      expect(await verifyPassword('secret-123', stored)).toBe(true);
      expect(await verifyPassword('secret-124', stored)).toBe(false);
    }
    expect(dummyHash()).toMatch(/^scrypt\$1024\$/);
    expect(await verifyPassword('secret-123', dummyHash())).toBe(false);
  });
});
