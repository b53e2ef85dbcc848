import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt with N=2^15, r=8, p=1 (OWASP's minimum is 2^17 with p=1 at 64 MiB; we take 32 MiB to
// keep sign-in quick on a 2-core box). Parameters live in the hash, so they can be raised later.
export const PASSWORD_HASH_COST = 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/**
 * log2 of scrypt's N for the hashes made from now on (and the dummy one). Only tests lower it
 * (PASSWORD_HASH_COST, refused below 15 on a site that is not local: config.ts): the journeys
 * and the server's tests register and sign in a few thousand times, each a tenth of a second of
 * one core at 15. Verifying reads the cost from the stored hash, whatever this says.
 */
let cost = PASSWORD_HASH_COST;

/** Sets the cost of new hashes (buildApp, from the config). */
export function usePasswordHashCost(logN: number): void {
  cost = logN;
}

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...opts, maxmem: 128 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const n = 2 ** cost;
  const key = await derive(password, salt, { N: n, r: R, p: P });
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash nobody's password matches, at the current cost: sign-in checks it for unknown users so
 * timing tells nothing.
 */
export const dummyHash = (): string =>
  `scrypt$${2 ** cost}$${R}$${P}$${'A'.repeat(22)}$${'A'.repeat(43)}`;
