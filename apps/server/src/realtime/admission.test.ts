import { describe, expect, it } from 'vitest';
import { checkSubscription, handshakeRefusal, type SubscriptionRules } from './admission';
import type { Connection } from './connection';
import type { SanctionsGuard } from './sanctions-guard';
import { channelAuth } from './signatures';

const KEY = 'app-key';
const SECRET = 'app-secret';
const SOCKET = '123.456';

describe('handshakeRefusal', () => {
  const refusal = (path: string) => handshakeRefusal(new URL(path, 'http://localhost'), KEY);

  it('takes the right path, key and a version from 5 to 7', () => {
    expect(refusal('/app/app-key?protocol=7')).toBeNull();
    expect(refusal('/app/app-key/?protocol=5')).toBeNull();
  });

  it("answers Pusher's close code for each wrong part", () => {
    expect(refusal('/app/?protocol=7')?.code).toBe(4005);
    expect(refusal('/app/other?protocol=7')).toEqual({
      code: 4001,
      message: 'App key other not in this cluster',
    });
    expect(refusal('/app/app-key')?.code).toBe(4008);
    expect(refusal('/app/app-key?protocol=7.0')?.code).toBe(4006);
    expect(refusal('/app/app-key?protocol=4')?.code).toBe(4007);
    expect(refusal('/app/app-key?protocol=8')?.code).toBe(4007);
  });
});

describe('checkSubscription', () => {
  const conn = (channels: string[] = []) =>
    ({
      socketId: SOCKET,
      channels,
      subscribedTo: (name: string) => channels.includes(name),
    }) as unknown as Connection;
  const rules = (banned = false): SubscriptionRules => ({
    key: KEY,
    secret: SECRET,
    isPublicChannel: (name) => name === 'common',
    sanctions: { refusesPresence: () => banned } as unknown as SanctionsGuard,
  });

  it('lets a public channel in without a signature, and no other unsigned one', () => {
    expect(checkSubscription(conn(), { channel: 'common' }, rules())).toEqual({
      ok: true,
      channel: 'common',
      member: null,
    });
    expect(checkSubscription(conn(), { channel: 'secret-room' }, rules())).toMatchObject({
      ok: false,
      status: 403,
    });
  });

  it('wants a private channel signed for this socket', () => {
    const channel = 'private-user.7';
    const auth = channelAuth(KEY, SECRET, SOCKET, channel);
    expect(checkSubscription(conn(), { channel, auth }, rules())).toMatchObject({ ok: true });
    const forOther = channelAuth(KEY, SECRET, '9.9', channel);
    expect(checkSubscription(conn(), { channel, auth: forOther }, rules())).toMatchObject({
      ok: false,
      type: 'AuthError',
      status: 401,
    });
  });

  it('reads the presence member from signed channel data, unless banned', () => {
    const channel = 'presence-room.1';
    const channel_data = JSON.stringify({ user_id: '7', user_info: { nick: 'Anna' } });
    const auth = channelAuth(KEY, SECRET, SOCKET, channel, channel_data);
    expect(checkSubscription(conn(), { channel, auth, channel_data }, rules())).toEqual({
      ok: true,
      channel,
      member: { user_id: '7', user_info: { nick: 'Anna' } },
    });
    expect(checkSubscription(conn(), { channel, auth, channel_data }, rules(true))).toMatchObject({
      ok: false,
      error: 'Banned',
      status: 403,
    });
    const tampered = channel_data.replace('7', '8');
    expect(
      checkSubscription(conn(), { channel, auth, channel_data: tampered }, rules()),
    ).toMatchObject({ ok: false, status: 401 });
  });

  it('refuses a bad name (cut to 200 characters) and a channel past the limit', () => {
    const long = `<script>${'x'.repeat(300)}`;
    const check = checkSubscription(conn(), { channel: long }, rules());
    expect(check).toMatchObject({ ok: false, type: 'InvalidChannel', status: 400 });
    expect(check.channel).toHaveLength(200);
    expect(checkSubscription(conn(), { channel: { __proto__: 1 } }, rules())).toMatchObject({
      ok: false,
      channel: '',
      status: 400,
    });
    const full = conn([...Array.from({ length: 99 }, (_, i) => `c${i}`), 'common']);
    expect(checkSubscription(full, { channel: 'news' }, rules())).toMatchObject({
      ok: false,
      type: 'LimitReached',
      status: 429,
    });
    // Subscribing again to a channel it has costs nothing.
    expect(checkSubscription(full, { channel: 'common' }, rules())).toMatchObject({ ok: true });
  });
});
