/** Rows of the hostile world written straight in the database: accounts and sessions. */
import { DEFAULT_CHAT_SETTINGS } from '@chat/shared';
import { hashPassword } from '../lib/passwords';
import { hashToken } from '../lib/tokens';
import { TEST_PASSWORD } from '../test/factories';

let passwordHash: Promise<string> | null = null;

/** The hash of TEST_PASSWORD, computed once for every hostile account. */
export function testPasswordHash(): Promise<string> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return passwordHash;
}

/** A users row of the hostile world: an account with nothing filled in. */
export function personValues(
  slug: string,
  nick: string,
  role: string,
  hash: string | null,
  at: string,
) {
  return {
    slug,
    nick,
    nick_key: nick,
    password_hash: hash,
    email: null,
    phone: null,
    gender: null,
    birthdate: null,
    role,
    settings: JSON.stringify(DEFAULT_CHAT_SETTINGS),
    nick_style: '{}',
    avatar: null,
    frame: null,
    created_at: at,
    active_at: null,
  };
}

/** A sessions row signing `userId` in with `token`. */
export function sessionValues(userId: number, token: string, at: string) {
  return {
    user_id: userId,
    token_hash: hashToken(token),
    user_agent: 'hostile',
    ip: '127.0.0.1',
    created_at: at,
    last_active_at: at,
  };
}
