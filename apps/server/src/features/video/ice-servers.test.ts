import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { iceServersFor } from './ice-servers';

const none = { stunUrls: [], turnUrls: [], turnSecret: null, turnTtlSeconds: 3600 };
const NOW = new Date('2025-03-01T12:00:00.000Z');

describe('ICE servers of a call', () => {
  it('gives nothing without configuration, and STUN without credentials', () => {
    expect(iceServersFor(none, 7, NOW)).toEqual({ ice_servers: [], ice_expires_at: null });
    expect(iceServersFor({ ...none, stunUrls: ['stun:a:3478', 'stun:b:3478'] }, 7, NOW)).toEqual({
      ice_servers: [{ urls: ['stun:a:3478', 'stun:b:3478'] }],
      ice_expires_at: null,
    });
  });

  it("makes coturn's REST credentials: {expiry}:{user id} and its HMAC-SHA1 under the secret", () => {
    const config = { ...none, turnUrls: ['turn:t:3478'], turnSecret: 'north', turnTtlSeconds: 600 };
    const answer = iceServersFor(config, 42, NOW);
    const expiry = NOW.getTime() / 1000 + 600;
    expect(answer).toEqual({
      ice_servers: [
        {
          urls: ['turn:t:3478'],
          username: `${expiry}:42`,
          // What coturn itself computes to check a password under `use-auth-secret`.
          credential: createHmac('sha1', 'north').update(`${expiry}:42`).digest('base64'),
        },
      ],
      ice_expires_at: '2025-03-01T12:10:00.000Z',
    });
    // Another person, or later, never gets the same password.
    expect(iceServersFor(config, 43, NOW).ice_servers[0]!.credential).not.toBe(
      answer.ice_servers[0]!.credential,
    );
  });
});
