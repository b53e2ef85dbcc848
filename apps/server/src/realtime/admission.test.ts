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
  /** A socket claimed by user 7, granted `granted` by session 1. */
  const conn = (channels: string[] = [], granted: string[] = []) =>
    ({
      socketId: SOCKET,
      channels,
      sessionUserId: 7,
      grants: new Map(granted.map((name) => [name, 1])),
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
      seat: null,
    });
    expect(checkSubscription(conn(), { channel: 'secret-room' }, rules())).toMatchObject({
      ok: false,
      status: 403,
    });
  });

  it('wants a private channel signed for this socket and granted to it now', () => {
    const channel = 'private-user.7';
    const auth = channelAuth(KEY, SECRET, SOCKET, channel);
    const granted = conn([], [channel]);
    expect(checkSubscription(granted, { channel, auth }, rules())).toMatchObject({ ok: true });
    // A signature outlives its session; without a live grant it opens nothing.
    expect(checkSubscription(conn(), { channel, auth }, rules())).toMatchObject({
      ok: false,
      error: 'Not granted',
      status: 403,
    });
    const forOther = channelAuth(KEY, SECRET, '9.9', channel);
    expect(checkSubscription(granted, { channel, auth: forOther }, rules())).toMatchObject({
      ok: false,
      type: 'AuthError',
      status: 401,
    });
  });

  it('reads the presence member from signed channel data, unless banned', () => {
    const channel = 'presence-room.1';
    const channel_data = JSON.stringify({ user_id: '7', user_info: { nick: 'Anna' } });
    const auth = channelAuth(KEY, SECRET, SOCKET, channel, channel_data);
    const granted = conn([], [channel]);
    expect(checkSubscription(granted, { channel, auth, channel_data }, rules())).toEqual({
      ok: true,
      channel,
      member: { user_id: '7', user_info: { nick: 'Anna' } },
      seat: { userId: '7', nick: 'Anna', hidden: false, seesHidden: false, seesTrolls: false },
    });
    expect(checkSubscription(conn(), { channel, auth, channel_data }, rules())).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(checkSubscription(granted, { channel, auth, channel_data }, rules(true))).toMatchObject({
      ok: false,
      error: 'Banned',
      status: 403,
    });
    const tampered = channel_data.replace('7', '8');
    expect(
      checkSubscription(granted, { channel, auth, channel_data: tampered }, rules()),
    ).toMatchObject({ ok: false, status: 401 });
  });

  it('joins only as the account that claimed the socket, with what it may see signed', () => {
    const channel = 'presence-room.1';
    const asOther = JSON.stringify({ user_id: '8', user_info: { nick: 'Boris' } });
    const signed = (data: string) => channelAuth(KEY, SECRET, SOCKET, channel, data);
    const granted = conn([], [channel]);
    expect(
      checkSubscription(
        granted,
        { channel, auth: signed(asOther), channel_data: asOther },
        rules(),
      ),
    ).toMatchObject({ ok: false, error: 'Not granted', status: 403 });
    const admin = JSON.stringify({
      user_id: '7',
      user_info: { nick: 'Anna', invisible: true },
      sees_hidden: true,
    });
    expect(
      checkSubscription(granted, { channel, auth: signed(admin), channel_data: admin }, rules()),
    ).toMatchObject({ ok: true, seat: { userId: '7', hidden: true, seesHidden: true } });
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
